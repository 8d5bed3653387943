/**
 * The site settings and tutorial videos on both engines: the seed fills only gaps, the operator's
 * settings and videos are stored and answered, and the settings are read at most once per cache time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TutorialType } from '../../../src/contract/common';
import { CommonRepository, SITE_CONFIG_CACHE_MS } from '../../../src/server/modules/common/repository';
import { SITE_CONFIG_DEFAULTS, seedCommon } from '../../../src/server/modules/common/seed';
import { applySiteSettings, applyTutorialSettings } from '../../../src/server/modules/common/siteSettings';
import { describeEachDatabase } from './testDatabases';

describeEachDatabase('site settings', (db) => {
  let now = 1_790_000_000_000;
  const clock = (): number => now;
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-settings-test-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seeds the defaults once and keeps what an operator set', async () => {
    await seedCommon(db().sql);
    await applySiteSettings(db().sql, dataDir, { qq1: '800100200', qq1_link: 'https://qm.qq.com/q/800100200' });
    await seedCommon(db().sql);
    const config = await new CommonRepository(db().sql, clock).siteConfig();
    expect(config).toEqual({ ...SITE_CONFIG_DEFAULTS, qq1: '800100200', qq1_link: 'https://qm.qq.com/q/800100200' });
    expect(fs.existsSync(path.join(dataDir, 'brand', 'qq1-qrcode.png'))).toBe(true);
  });

  it('reads the settings at most once per cache time', async () => {
    await seedCommon(db().sql);
    const common = new CommonRepository(db().sql, clock);
    expect((await common.siteConfig()).qq3).toBe('');
    await db().sql.updateTable('site_config').set({ value: '555666777' }).where('key', '=', 'qq3').execute();
    expect((await common.siteConfig()).qq3).toBe('');
    now += SITE_CONFIG_CACHE_MS;
    expect((await common.siteConfig()).qq3).toBe('555666777');
  });

  it("answers the operator's tutorial video, else the shipped one", async () => {
    const common = new CommonRepository(db().sql, clock, { url: (type) => (type === '2' ? '/static/tutorials/2.mp4' : '') });
    expect(await applyTutorialSettings(db().sql, new Map<TutorialType, string>([['3', '/uploads/mine.mp4']]))).toEqual({ '1': '', '2': '', '3': '/uploads/mine.mp4', '4': '' });
    expect(await common.videoUrl('3')).toBe('/uploads/mine.mp4');
    expect(await common.videoUrl('2')).toBe('/static/tutorials/2.mp4');
    expect(await applyTutorialSettings(db().sql, new Map<TutorialType, string>([['3', '']]))).toEqual({ '1': '', '2': '', '3': '', '4': '' });
    expect(await common.videoUrl('3')).toBe('');
  });
});
