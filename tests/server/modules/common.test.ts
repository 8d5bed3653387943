import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { AnswerCode } from '../../../src/contract/envelope';
import { Messages } from '../../../src/contract/messages';
import { connectSqlite } from '../../../src/server/db/connection';
import { DATABASE_FILE } from '../../../src/server/db/database';
import type { SiteConfig } from '../../../src/contract/common';
import { runMigrations } from '../../../src/server/db/migrate';
import { migrationsBefore } from '../../../src/server/db/migrations';
import { BRAND_ASSETS_DIR } from '../../../src/server/modules/common/brandAssets';
import { SITE_CONFIG_DEFAULTS, seedCommon } from '../../../src/server/modules/common/seed';
import { parseSettingArgs, writeSettings } from '../../../src/server/modules/common/siteSettings';
import { bearer, buildTestApp, get, post, registerAndLogin, type TestApp } from '../helpers';

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

describe('GET /index/index/getSiteConfig', () => {
  it('answers the seeded settings: no QQ group until the operator sets one', async () => {
    const answer = await get(t, '/index/index/getSiteConfig');
    expect(answer).toEqual({ code: 200, msg: 'success', data: { ...SITE_CONFIG_DEFAULTS, qq1_url: '' }, status: 200 });
    expect(answer.data).toMatchObject({ logoUrl: '/static/brand/logo.svg', copyright: '© 2026 网页生成系统 版权所有', qq1: '', qq1_link: '', qq3: '', qq4: '' });
    expect(fs.existsSync(path.join(t.dataDir, 'brand', 'qq1-qrcode.png'))).toBe(false);
  });

  it('drops the placeholder QQ groups older installs were seeded with, and keeps an operator\'s', () => {
    const db = new Database(':memory:');
    // The schema as it was before the migration that drops the placeholders.
    runMigrations(db, migrationsBefore('placeholder-qq-groups'));
    const insert = db.prepare('INSERT INTO site_config (key, value) VALUES (?, ?)');
    for (const [key, value] of Object.entries({ qq1: '123456789', qq1_link: 'https://qm.qq.com/q/123456789', qq3: '555666777', qq3_link: 'https://qm.qq.com/q/234567890', qq4: '345678901', qq4_link: 'https://qm.qq.com/q/345678901' })) insert.run(key, value);
    runMigrations(db);
    expect(Object.fromEntries((db.prepare('SELECT key, value FROM site_config').all() as { key: string; value: string }[]).map((row) => [row.key, row.value]))).toEqual({
      qq1: '',
      qq1_link: '',
      qq3: '555666777',
      qq3_link: '',
      qq4: '',
      qq4_link: '',
    });
    db.close();
  });

  it('npm run site-config\'s settings are checked, and every read keeps the join QR in step with the link', async () => {
    expect(() => parseSettingArgs(['qq9=1'])).toThrow('不认识的设置');
    expect(() => parseSettingArgs(['qq1_link=javascript:alert(1)'])).toThrow('反馈群加群链接必须是 http(s) 链接或本站路径');
    const database = connectSqlite(t.dataDir);
    const db = database.sql;
    const qr = path.join(t.dataDir, 'brand', 'qq1-qrcode.png');
    try {
      await writeSettings(db, parseSettingArgs(['qq1=800100200', 'qq1_link=https://qm.qq.com/q/800100200']));
      expect((await get<SiteConfig>(t, '/index/index/getSiteConfig')).data).toMatchObject({ qq1: '800100200', qq1_link: 'https://qm.qq.com/q/800100200', qq1_url: '/static/brand/qq1-qrcode.png' });
      const first = fs.readFileSync(qr);
      expect((await t.app.inject({ method: 'GET', url: '/static/brand/qq1-qrcode.png' })).statusCode).toBe(200);

      await writeSettings(db, parseSettingArgs(['qq1_link=https://qm.qq.com/q/900100200']));
      await get(t, '/index/index/getSiteConfig');
      expect(fs.readFileSync(qr).equals(first)).toBe(false);
      await writeSettings(db, parseSettingArgs(['qq1=', 'qq1_link=']));
      await get(t, '/index/index/getSiteConfig');
      expect(fs.existsSync(qr)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('shows a value changed in the database on the next request', async () => {
    expect((await get<{ qq1: string }>(t, '/index/index/getSiteConfig')).data.qq1).toBe('');
    const writer = new Database(path.join(t.dataDir, DATABASE_FILE));
    writer.prepare("UPDATE site_config SET value = '987654321' WHERE key = 'qq1'").run();
    writer.close();
    expect((await get<{ qq1: string }>(t, '/index/index/getSiteConfig')).data.qq1).toBe('987654321');
  });

  it('keeps values an operator changed across restarts (the seed only fills gaps)', async () => {
    const database = connectSqlite(t.dataDir);
    const db = database.sqlite;
    db.prepare("UPDATE site_config SET value = '987654321' WHERE key = 'qq1'").run();
    db.prepare("DELETE FROM site_config WHERE key = 'qq3'").run();
    await seedCommon(database.sql);
    expect(db.prepare("SELECT value FROM site_config WHERE key IN ('qq1', 'qq3') ORDER BY key").all()).toEqual([{ value: '987654321' }, { value: SITE_CONFIG_DEFAULTS.qq3 }]);
    await database.close();
  });

  it('serves every image it names', async () => {
    const database = connectSqlite(t.dataDir);
    await writeSettings(database.sql, { qq1: '800100200', qq1_link: 'https://qm.qq.com/q/800100200' });
    await database.close();
    const { data } = await get<Record<string, string>>(t, '/index/index/getSiteConfig');
    for (const key of ['logoUrl', 'qq1_url', 'ad1_url', 'ad2_url']) {
      const response = await t.app.inject({ method: 'GET', url: data[key] });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=2592000');
      if (data[key].endsWith('.svg')) {
        expect(response.headers['content-type']).toBe('image/svg+xml');
        expect(response.body).toContain('<svg');
      } else {
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      }
    }
  });

  it('draws the brand mark without the product name, which the pages set beside it', () => {
    const logo = fs.readFileSync(path.join(BRAND_ASSETS_DIR, 'logo.svg'), 'utf8');
    expect(logo).not.toMatch(/<text|网页生成系统<\//);
  });

  it('answers 404 for a brand file that does not exist, and lists no folder', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/static/brand/nope.svg' })).statusCode).toBe(404);
    const folder = await t.app.inject({ method: 'GET', url: '/static/brand/' });
    expect(folder.statusCode).toBe(403);
    expect(folder.json()).toEqual({ code: 403, msg: Messages.accessDenied, data: null });
    expect((await t.app.inject({ method: 'GET', url: '/static/brand/..%2f..%2fapp.db' })).statusCode).toBe(404);
  });
});

describe('POST /index/common/checkLogin and checkOnline', () => {
  it('answer false without a token, with a bad one, and with no body at all', async () => {
    expect(await post(t, '/index/common/checkLogin')).toEqual({ code: 200, msg: 'success', data: { loginFlag: false }, status: 200 });
    expect(await post(t, '/index/common/checkOnline', {}, bearer('bad.token.here'))).toEqual({ code: 200, msg: 'success', data: { isOnline: false }, status: 200 });
    const bare = await t.app.inject({ method: 'POST', url: '/index/common/checkOnline' });
    expect(bare.json()).toEqual({ code: 200, msg: 'success', data: { isOnline: false } });
    const emptyJson = await t.app.inject({ method: 'POST', url: '/index/common/checkLogin', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(emptyJson.json()).toEqual({ code: 200, msg: 'success', data: { loginFlag: false } });
  });

  it('answer true with a valid token', async () => {
    const { token } = await registerAndLogin(t);
    expect((await post(t, '/index/common/checkLogin', {}, bearer(token))).data).toEqual({ loginFlag: true });
    expect((await post(t, '/index/common/checkOnline', {}, bearer(token))).data).toEqual({ isOnline: true });
    await post(t, '/api/auth/logout', {}, bearer(token));
    expect((await post(t, '/index/common/checkOnline', {}, bearer(token))).data).toEqual({ isOnline: false });
  });
});

describe('POST /index/index/getVideoTutorialUrl', () => {
  it("answers '' for a type with no video (shipped or stored), and the stored URL once one is set", async () => {
    expect(await post(t, '/index/index/getVideoTutorialUrl', { type: 'logo' })).toEqual({ code: 200, msg: 'success', data: { videoUrl: '' }, status: 200 });
    const writer = new Database(path.join(t.dataDir, DATABASE_FILE));
    writer.prepare("INSERT INTO video_tutorials (type, url) VALUES ('logo', '/uploads/tutorial-logo.mp4')").run();
    writer.close();
    expect((await post(t, '/index/index/getVideoTutorialUrl', { type: 'logo' })).data).toEqual({ videoUrl: '/uploads/tutorial-logo.mp4' });
    expect((await post(t, '/index/index/getVideoTutorialUrl', {})).data).toEqual({ videoUrl: '' });
    expect(await post(t, '/index/index/getVideoTutorialUrl', { type: 'x'.repeat(65) })).toMatchObject({ code: AnswerCode.invalid, msg: '参数错误：type 长度不能超过 64' });
  });
});
