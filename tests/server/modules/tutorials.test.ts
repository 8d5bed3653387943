import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { TUTORIAL_TYPES } from '../../../src/contract/common';
import { connectSqlite } from '../../../src/server/db/connection';
import { DATABASE_FILE } from '../../../src/server/db/database';
import { parseSettingArgs, readSettings, writeSettings } from '../../../src/server/modules/common/siteSettings';
import { TUTORIAL_ASSETS_DIR, tutorialFileName } from '../../../src/server/modules/common/tutorials';
import { buildTestApp, post, type TestApp } from '../helpers';

/** The shipped videos are committed to the repository: each must stay a small download. */
const MAX_VIDEO_BYTES = 4 * 1024 * 1024;

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

async function videoUrl(type: string): Promise<string> {
  const answer = await post<{ videoUrl: string }>(t, '/index/index/getVideoTutorialUrl', { type });
  expect(answer.code).toBe(200);
  return answer.data.videoUrl;
}

function setOperatorVideo(type: string, url: string): void {
  const writer = new Database(path.join(t.dataDir, DATABASE_FILE));
  writer.prepare('INSERT INTO video_tutorials (type, url) VALUES (?, ?) ON CONFLICT (type) DO UPDATE SET url = excluded.url').run(type, url);
  writer.close();
}

describe('the tutorial videos shipped with the code', () => {
  it.each(TUTORIAL_TYPES.map(({ type, label }) => [type, label]))('a fresh install answers type %s (%s) with a real H.264 MP4 that it serves, seeking included', async (type) => {
    const url = await videoUrl(type);
    expect(url).toMatch(new RegExp(`^/static/tutorials/${type}\\.mp4\\?v=[0-9a-f]{12}$`));

    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const bytes = whole.rawPayload;
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // H.264, and the index before the media (faststart), so that playback starts before the download ends.
    expect(bytes.includes(Buffer.from('avc1'))).toBe(true);
    expect(bytes.indexOf(Buffer.from('moov'))).toBeLessThan(bytes.indexOf(Buffer.from('mdat')));
    expect(bytes.length).toBeLessThan(MAX_VIDEO_BYTES);
    expect(bytes.length).toBe(fs.statSync(path.join(TUTORIAL_ASSETS_DIR, tutorialFileName(type))).size);

    // The browser seeks with Range requests.
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-1123' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 1124))).toBe(true);
  });

  it("answers '' for a type without a video: the page says so and goes home", async () => {
    for (const type of ['', '0', '5', '9', 'logo', '../1']) expect(await videoUrl(type)).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/static/tutorials/9.mp4' })).statusCode).toBe(404);
  });

  it("an operator's video replaces the shipped one of its type only, and removing it brings the shipped one back", async () => {
    const shipped = await videoUrl('2');
    setOperatorVideo('2', 'https://cdn.example.com/our-logo-tutorial.mp4');
    expect(await videoUrl('2')).toBe('https://cdn.example.com/our-logo-tutorial.mp4');
    expect(await videoUrl('1')).toMatch(/^\/static\/tutorials\/1\.mp4\?v=/);

    // An empty row is no video of the operator's.
    setOperatorVideo('2', '');
    expect(await videoUrl('2')).toBe(shipped);
  });

  it('npm run site-config takes tutorial1..tutorial4: a link of its own, or empty for the shipped video again', async () => {
    expect(() => parseSettingArgs(['tutorial3=javascript:alert(1)'])).toThrow('整屏动画教程视频必须是 http(s) 链接或本站路径');
    // tutorial9 is no flow: refused by name.
    expect(() => parseSettingArgs(['tutorial9=/x.mp4'])).toThrow('不认识的设置：tutorial9');
    const tutorials = parseSettingArgs(['tutorial3=/uploads/my-banner-tutorial.mp4', 'qq1=123456']);
    expect(tutorials).toEqual({ tutorial3: '/uploads/my-banner-tutorial.mp4', qq1: '123456' });

    const database = connectSqlite(t.dataDir);
    const db = database.sql;
    try {
      await writeSettings(db, tutorials);
      expect(await readSettings(db)).toMatchObject({ tutorial1: '', tutorial2: '', tutorial3: '/uploads/my-banner-tutorial.mp4', tutorial4: '' });
      expect(await videoUrl('3')).toBe('/uploads/my-banner-tutorial.mp4');
      await writeSettings(db, parseSettingArgs(['tutorial3=']));
      expect(await readSettings(db)).toMatchObject({ tutorial1: '', tutorial2: '', tutorial3: '', tutorial4: '' });
      expect(await videoUrl('3')).toMatch(/^\/static\/tutorials\/3\.mp4\?v=/);
    } finally {
      await database.close();
    }
  });
});
