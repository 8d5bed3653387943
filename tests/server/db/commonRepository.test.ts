/**
 * The site settings and tutorial videos on both engines: the seed fills only gaps, the operator's
 * settings and videos are stored and answered, and a change is read at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommonRepository } from '../../../src/server/modules/common/repository';
import { SITE_CONFIG_DEFAULTS, seedCommon } from '../../../src/server/modules/common/seed';
import { readSettings, writeSettings } from '../../../src/server/modules/common/siteSettings';
import { ensureQqQrCode } from '../../../src/server/modules/common/brandAssets';
import { describeEachDatabase } from './testDatabases';

describeEachDatabase('site settings', (db) => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-settings-test-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seeds the defaults once and keeps what an operator set', async () => {
    await seedCommon(db().sql);
    await writeSettings(db().sql, { qq1: '800100200', qq1_link: 'https://qm.qq.com/q/800100200' });
    await seedCommon(db().sql);
    const config = await new CommonRepository(db().sql, undefined, (link) => ensureQqQrCode(dataDir, link)).siteConfig();
    expect(config).toEqual({ ...SITE_CONFIG_DEFAULTS, qq1: '800100200', qq1_link: 'https://qm.qq.com/q/800100200' });
    expect(fs.existsSync(path.join(dataDir, 'brand', 'qq1-qrcode.png'))).toBe(true);
  });

  it('reads a change made elsewhere at once', async () => {
    await seedCommon(db().sql);
    const common = new CommonRepository(db().sql);
    expect((await common.siteConfig()).qq3).toBe('');
    await db().sql.updateTable('site_config').set({ value: '555666777' }).where('key', '=', 'qq3').execute();
    expect((await common.siteConfig()).qq3).toBe('555666777');
  });

  it("answers the operator's tutorial video, else the shipped one", async () => {
    const common = new CommonRepository(db().sql, { url: (type) => (type === '2' ? '/static/tutorials/2.mp4' : '') });
    await writeSettings(db().sql, { tutorial3: '/uploads/mine.mp4' });
    expect(await readSettings(db().sql)).toMatchObject({ tutorial1: '', tutorial2: '', tutorial3: '/uploads/mine.mp4', tutorial4: '' });
    expect(await common.videoUrl('3')).toBe('/uploads/mine.mp4');
    expect(await common.videoUrl('2')).toBe('/static/tutorials/2.mp4');
    await writeSettings(db().sql, { tutorial3: '' });
    expect((await readSettings(db().sql)).tutorial3).toBe('');
    expect(await common.videoUrl('3')).toBe('');
  });
});
