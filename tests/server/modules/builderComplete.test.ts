/**
 * The builder's uploads (by their bytes, 2 MB before buffering, only into picture fields of the
 * caller's sites), the music, "generate and download" (completeWeb: required fields, the final
 * folder and its zip), and the back office's site list and download.
 */
import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import fs from 'node:fs';
import path from 'node:path';
import { BuilderLimits, BuilderMessages, type BuilderSite, type SiteListAnswer, type ZipUrlAnswer } from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
import { MiniSiteMessages, type MusicItem } from '../../../src/contract/miniSite';
import { DATABASE_FILE } from '../../../src/server/db/database';
import { renderBuiltSite } from '../../../src/server/render/builder/renderBuiltSite';
import type { BuiltSiteRenderInput } from '../../../src/server/render/builder/types';
import { RESERVE_SCRIPT_FILE } from '../../../src/server/render/site/reserveStamp';
import type { ReserveSettings } from '../../../src/contract/reservations';
import { PictureRefusedError } from '../../../src/server/render/pictureRefused';
import { buildTestApp, envelopeOf, get, post, type TestApp } from '../helpers';
import { samePicture, webpSize } from '../render/siteFiles';
import { srcsetEntries, tags } from '../render/site/siteHtml';
import { alice, bob, newSite, type Caller } from './builderKit';
import { OPEN_SETTINGS, saveSettings } from './reservations/kit';
import { bmpImage, canvasImage, listTree, multipart, placeMusic, type Part } from './miniSiteKit';

jest.setTimeout(90_000);

let t: TestApp;
let a: Caller;
/** Set by a test to make the final render (into builder-sites) fail with it; previews still render. */
let finalRenderFails: Error | null = null;

beforeEach(async () => {
  finalRenderFails = null;
  t = await buildTestApp({
    builder: {
      render: (input: BuiltSiteRenderInput, outDir: string) =>
        finalRenderFails && /^\d+-/.test(path.basename(outDir)) ? Promise.reject(finalRenderFails) : renderBuiltSite(input, outDir),
    },
  });
  a = alice(t);
});

afterEach(async () => {
  await t.close();
});

const save = (body: object, caller = a) => post<BuilderSite>(t, '/api/CreateWeb/saveConfig', body, caller.headers);
const selectConfig = (id: number, caller = a) => post<BuilderSite>(t, '/api/createWeb/getSelectConfig', { id }, caller.headers);
const complete = (body: object, caller = a) => post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', body, caller.headers);
const filePath = (id: number, caller = a) => get<ZipUrlAnswer>(t, `/api/webSiteLog/getFilePath?id=${id}`, caller.headers);

async function upload(parts: Part[], caller = a, headers: Record<string, string> = {}) {
  const body = multipart(parts);
  const response = await t.app.inject({ method: 'POST', url: '/api/Upload/siteFileUpload', payload: body.payload, headers: { ...body.headers, ...caller.headers, ...headers } });
  return { status: response.statusCode, ...envelopeOf<{ url: string }>(response) };
}

const image = (data: Buffer, filename = 'picture.png'): Part => ({ name: 'image', filename, contentType: 'image/png', data });
const target = (site: BuilderSite, type: string, key: string): Part[] => [
  { name: 'id', data: String(site.id) },
  { name: 'type', data: type },
  { name: 'data', data: key },
];
const uploads = (): string[] => listTree(path.join(t.dataDir, 'uploads'));

/** The first image field of the content tab. */
const contentImage = (site: BuilderSite): string => {
  const field = site.configData.content.flatMap((group) => group.children).find((child) => child.type === 'image');
  if (!field) throw new Error('no image field');
  return field.key;
};

describe('POST /api/Upload/siteFileUpload', () => {
  it.each([
    ['a PNG', canvasImage('png'), 'png'],
    ['a JPEG', canvasImage('jpeg'), 'jpg'],
    ['a GIF', canvasImage('gif'), 'gif'],
    ['a WebP', canvasImage('webp'), 'webp'],
  ])('stores %s for an image field; the site then uses it', async (_label, bytes, extension) => {
    const site = await newSite(t, a);
    const key = contentImage(site);
    // Fields after the file are read too.
    const answer = await upload([image(bytes, 'shot.exe'), ...target(site, 'content', key)]);
    expect(answer).toMatchObject({ status: 200, code: 200 });
    expect(answer.data.url).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\.${extension}$`));
    expect(uploads()).toEqual([path.basename(answer.data.url)]);

    const saved = await save({ id: site.id, previewUrl: site.previewUrl, formData: { content: { [key]: answer.data.url } }, selectedComponents: {} });
    expect(saved.code).toBe(200);
    expect(saved.data.formData.content[key]).toBe(answer.data.url);
  });

  it('takes an upload for the banner picture too', async () => {
    const site = await newSite(t, a);
    const answer = await upload([...target(site, 'banner', 'banner'), image(canvasImage('jpeg', 32, 18))]);
    expect(answer.code).toBe(200);
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, I am not a picture\n')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a BMP (the builder takes four formats)', bmpImage()],
    ['a PNG cut in half', canvasImage('png', 40, 30).subarray(0, 60)],
  ])('refuses %s as not an image and keeps nothing', async (_label, bytes) => {
    const site = await newSite(t, a);
    const answer = await upload([...target(site, 'content', contentImage(site)), image(bytes)]);
    expect(answer).toMatchObject({ status: 200, code: AnswerCode.invalid, msg: BuilderMessages.imagesOnly });
    expect(uploads()).toEqual([]);
  });

  it('refuses a file of 2 MB + 1 byte with HTTP 413 and keeps nothing', async () => {
    const site = await newSite(t, a);
    const bytes = Buffer.concat([canvasImage('png'), Buffer.alloc(BuilderLimits.uploadMaxBytes + 1 - canvasImage('png').length)]);
    const answer = await upload([...target(site, 'content', contentImage(site)), image(bytes)]);
    expect(answer).toMatchObject({ status: 413, code: 413, msg: BuilderMessages.uploadTooLarge });
    expect(uploads()).toEqual([]);
    expect(listTree(path.join(t.dataDir, 'uploads-tmp'))).toEqual([]);
  });

  it('refuses a declared body far past 2 MB before reading it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Upload/siteFileUpload',
      payload: 'x',
      headers: { ...a.headers, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(BuilderLimits.uploadMaxBytes * 2) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, msg: BuilderMessages.uploadTooLarge });
  });

  it('refuses fields that are not picture fields of the caller\'s site, and deletes the upload', async () => {
    const site = await newSite(t, a);
    const b = bob(t);
    const png = image(canvasImage('png'));
    expect(await upload([...target(site, 'head', 'banner_logo'), png])).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.logoInBannerTab });
    expect(await upload([...target(site, 'head', 'cta_text'), png])).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.fieldUnknown });
    expect(await upload([...target(site, 'content', 'no_such_key'), png])).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.fieldUnknown });
    expect(await upload([...target(site, 'nav', contentImage(site)), png])).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.fieldUnknown });
    expect(await upload([...target(site, 'content', contentImage(site)), png], b)).toMatchObject({ code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown });
    expect(await upload([{ name: 'id', data: String(site.id) }, png])).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.fieldUnknown });
    expect(await upload(target(site, 'content', contentImage(site)))).toMatchObject({ code: AnswerCode.invalid, msg: MiniSiteMessages.uploadMissing });
    expect(uploads()).toEqual([]);
  });
});

describe('POST /api/createWeb/setWebMusic', () => {
  it('sets the main tab\'s music to a track, or off with 0', async () => {
    await placeMusic(t.dataDir);
    const site = await newSite(t, a);
    const tracks = (await post<{ data: MusicItem[] }>(t, '/index/minisite/getMusicList')).data.data;
    const on = await post<BuilderSite>(t, '/api/createWeb/setWebMusic', { id: site.id, musicId: tracks[1].id, name: tracks[1].name }, a.headers);
    expect(on.code).toBe(200);
    expect(on.data.formData.main.music).toBe(tracks[1].value);
    const folder = path.join(t.dataDir, 'sites', on.data.templatePath.split('/')[2]);
    expect(listTree(folder).some((file) => file.endsWith('.mp3'))).toBe(true);

    const off = await post<BuilderSite>(t, '/api/createWeb/setWebMusic', { id: site.id, musicId: 0, name: '' }, a.headers);
    expect(off.data.formData.main.music).toBe('');
    expect(await post(t, '/api/createWeb/setWebMusic', { id: site.id, musicId: 999, name: '?' }, a.headers)).toMatchObject({
      code: AnswerCode.invalid,
      msg: `整站配置：${MiniSiteMessages.musicUnknown}`,
    });
  });
});

/** Every entry of a zip, as text for text files. */
function unzip(bytes: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(bytes));
}

describe('POST /api/CreateWeb/completeWeb', () => {
  it('renders the final site, zips it as <网站名>.zip with relative links only, and marks it completed', async () => {
    const site = await newSite(t, a);
    const key = contentImage(site);
    const picture = await upload([...target(site, 'content', key), image(canvasImage('png', 40, 30))]);
    const answer = await complete({ id: site.id, formData: { main: { web_name: '龙城/霸业?' }, content: { [key]: picture.data.url } } });
    expect(answer).toMatchObject({ code: 200, msg: BuilderMessages.completeSucceeded });
    expect(answer.data.url).toMatch(/^\/zips\/[0-9a-f]{32}\/.+\.zip$/);
    expect(decodeURIComponent(answer.data.url.split('/').pop() ?? '')).toBe('龙城霸业.zip');

    const after = await selectConfig(site.id);
    expect(after.data).toMatchObject({ status: 2, web_name: '龙城/霸业?' });
    expect(after.data.formData.content[key]).toBe(picture.data.url);

    const download = await t.app.inject({ method: 'GET', url: answer.data.url });
    expect(download.statusCode).toBe(200);
    const entries = unzip(download.rawPayload);
    const names = Object.keys(entries);
    expect(names).toContain('龙城霸业/index.html');
    expect(names.every((name) => name.startsWith('龙城霸业/'))).toBe(true);
    expect(names.some((name) => /\.(css|js)$/.test(name))).toBe(true);
    // The uploaded picture is in the folder as a WebP of its own 40 x 30 (none wider), under a name of
    // the renderer's, and the page shows it at that size.
    const uploadedBytes = fs.readFileSync(path.join(t.dataDir, 'uploads', path.basename(picture.data.url)));
    const fromUpload: string[] = [];
    for (const name of names.filter((entry) => entry.endsWith('.webp'))) if (await samePicture(Buffer.from(entries[name]), uploadedBytes)) fromUpload.push(name);
    expect(fromUpload).toHaveLength(1);
    expect(fromUpload[0]).toMatch(/^龙城霸业\/assets\/images\/.+-40\.webp$/);
    expect(webpSize(Buffer.from(entries[fromUpload[0]]))).toEqual({ width: 40, height: 30 });
    const html = Buffer.from(entries['龙城霸业/index.html']).toString('utf8');
    const shown = tags(html).filter((tag) => tag.name === 'img' && srcsetEntries(tag.attributes.srcset ?? '').some((entry) => `龙城霸业/${entry.url}` === fromUpload[0]));
    expect(shown.length).toBeGreaterThan(0);
    for (const img of shown) expect(img.attributes).toMatchObject({ width: '40', height: '30' });
    for (const name of names.filter((entry) => /\.(html|css|js)$/.test(entry))) {
      const text = Buffer.from(entries[name]).toString('utf8');
      // Opened from disk, the site may link nothing on our server: no root-relative URL, srcset candidates and the inline stylesheet's url()s included.
      expect(text).not.toMatch(/(?:src|href|poster|data-src)\s*=\s*["']\/(?!\/)/i);
      expect(text).not.toMatch(/url\(\s*["']?\/(?!\/)/);
      expect(text).not.toMatch(/\/(?:uploads|builder-assets|generated|sites)\//);
      for (const tag of tags(text)) for (const entry of srcsetEntries(tag.attributes.srcset ?? '')) expect(entry.url).toMatch(/^assets\//);
    }
    expect(Buffer.from(entries['龙城霸业/index.html']).toString('utf8')).toContain('龙城/霸业?');
  });

  it('demands every required field, names its tab, and changes nothing', async () => {
    const site = await newSite(t, a);
    const answer = await complete({ id: site.id, formData: { main: { web_name: '草稿' }, head: { cta_text: '' } } });
    expect(answer).toMatchObject({ code: AnswerCode.invalid, msg: '导航栏：请输入按钮文字' });
    expect((await selectConfig(site.id)).data).toEqual(site);
    expect(listTree(path.join(t.dataDir, 'builder-sites'))).toEqual([]);
    expect(await filePath(site.id)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.siteNotCompleted });
  });

  it('answers completeFailed when the render fails, and stays editing', async () => {
    const site = await newSite(t, a);
    finalRenderFails = new Error('render broke');
    expect(await complete({ id: site.id, formData: {} })).toMatchObject({ code: AnswerCode.serverError, msg: BuilderMessages.completeFailed });
    expect((await selectConfig(site.id)).data.status).toBe(1);
    expect(listTree(path.join(t.dataDir, 'builder-sites'))).toEqual([]);
  });

  it('answers the picture refusal when the render would not decode a picture (code 422)', async () => {
    const site = await newSite(t, a);
    finalRenderFails = new PictureRefusedError('unreadable');
    expect(await complete({ id: site.id, formData: {} })).toMatchObject({ code: AnswerCode.invalid, msg: MiniSiteMessages.pictureUnreadable });
    expect(listTree(path.join(t.dataDir, 'builder-sites'))).toEqual([]);
  });

  it('keeps a completed site completed while it is edited; the list downloads the last completion until the next', async () => {
    const site = await newSite(t, a);
    const first = await complete({ id: site.id, formData: {} });
    expect(await filePath(site.id)).toMatchObject({ code: 200, data: { url: first.data.url } });

    const edited = await save({ id: site.id, previewUrl: site.previewUrl, formData: { main: { web_name: '新名字' } }, selectedComponents: {} });
    expect(edited.data.status).toBe(2);
    expect((await filePath(site.id)).data.url).toBe(first.data.url);

    // Housekeeping deleted the zip: the download makes it again from the completed folder, under a
    // new random key, and the old URL stays dead.
    fs.rmSync(path.join(t.dataDir, 'zips'), { recursive: true, force: true });
    const again = await filePath(site.id);
    expect(again.data.url).not.toBe(first.data.url);
    expect(again.data.url.split('/').pop()).toBe(first.data.url.split('/').pop());
    expect((await t.app.inject({ method: 'GET', url: again.data.url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: first.data.url })).statusCode).toBe(404);
    expect((await filePath(site.id)).data.url).toBe(again.data.url);

    t.clock.advance(1000);
    const second = await complete({ id: site.id, formData: {} });
    expect(second.data.url).not.toBe(again.data.url);
    expect(decodeURIComponent(second.data.url.split('/').pop() ?? '')).toBe('新名字.zip');
    expect((await filePath(site.id)).data.url).toBe(second.data.url);
  });
});

describe('the 预约 form in the download', () => {
  /** The page of the zip at `url`, and whether the block's script is beside it. */
  async function zipPage(url: string): Promise<{ html: string; script: boolean }> {
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(download.rawPayload));
    const file = (name: string) => Object.keys(entries).find((entry) => entry.split('/').slice(1).join('/') === name);
    return { html: Buffer.from(entries[file('index.html') ?? '']).toString('utf8'), script: !!file(RESERVE_SCRIPT_FILE) };
  }
  const choose = async (id: number, settings: ReserveSettings) => expect((await saveSettings(t, a.headers, { builderId: id }, settings)).code).toBe(200);

  it('follows the studio’s choice made after the completion, and is the same zip while the choice stays', async () => {
    const site = await newSite(t, a);
    const first = await complete({ id: site.id, formData: {} });
    expect(await zipPage(first.data.url)).toMatchObject({ script: false });

    await choose(site.id, OPEN_SETTINGS);
    const withForm = await filePath(site.id);
    expect(withForm.data.url).not.toBe(first.data.url);
    const page = await zipPage(withForm.data.url);
    expect(page.html).toContain('data-reserve-api="http://localhost"');
    expect(page.script).toBe(true);
    expect((await filePath(site.id)).data.url).toBe(withForm.data.url);

    // Turned off: the next download has no form; the zip with it is no longer handed out.
    await choose(site.id, { ...OPEN_SETTINGS, zipForm: false });
    const plain = await filePath(site.id);
    expect(plain.data.url).not.toBe(withForm.data.url);
    expect(await zipPage(plain.data.url)).toMatchObject({ script: false });
    expect((await zipPage(plain.data.url)).html).not.toContain('data-reserve');
    expect((await filePath(site.id)).data.url).toBe(plain.data.url);

    // On again after housekeeping deleted every zip: made anew, with the form.
    await choose(site.id, OPEN_SETTINGS);
    fs.rmSync(path.join(t.dataDir, 'zips'), { recursive: true, force: true });
    const again = await filePath(site.id);
    expect([first.data.url, withForm.data.url, plain.data.url]).not.toContain(again.data.url);
    expect(await zipPage(again.data.url)).toMatchObject({ script: true });
    expect((await filePath(site.id)).data.url).toBe(again.data.url);
  });

  it('carries the form in a completion’s own zip when chosen, which the list then downloads', async () => {
    const site = await newSite(t, a);
    await choose(site.id, OPEN_SETTINGS);
    const completed = await complete({ id: site.id, formData: {} });
    expect(await zipPage(completed.data.url)).toMatchObject({ script: true });
    expect((await filePath(site.id)).data.url).toBe(completed.data.url);

    await choose(site.id, { ...OPEN_SETTINGS, enabled: false });
    const off = await filePath(site.id);
    expect(off.data.url).not.toBe(completed.data.url);
    expect(await zipPage(off.data.url)).toMatchObject({ script: false });
  });
});

describe('GET /api/webSiteLog/getSiteList', () => {
  /** Copies of a site row under other names and times, written the way a second process would. */
  function copies(siteId: number, rows: Array<{ name: string; updatedAt: number; status?: number; userId?: number }>): void {
    const db = new Database(path.join(t.dataDir, DATABASE_FILE));
    try {
      const insert = db.prepare(
        `INSERT INTO builder_sites (user_id, web_name, status, selected, form_data, dir, created_at, updated_at)
         SELECT ?, ?, ?, selected, form_data, lower(hex(randomblob(16))), created_at, ? FROM builder_sites WHERE id = ?`,
      );
      for (const row of rows) insert.run(row.userId ?? a.userId, row.name, row.status ?? 1, row.updatedAt, siteId);
    } finally {
      db.close();
    }
  }

  const list = (query: string, caller = a) => get<SiteListAnswer>(t, `/api/webSiteLog/getSiteList?${query}`, caller.headers);

  it('lists the caller\'s sites newest change first, pages them and shows China time', async () => {
    const site = await newSite(t, a);
    const start = t.clock.now();
    copies(
      site.id,
      Array.from({ length: 11 }, (_, i) => ({ name: `站点${i + 1}`, updatedAt: start + (i + 1) * 60_000, status: i === 0 ? 2 : 1 })),
    );
    const b = bob(t);
    copies(site.id, [{ name: '别人的站', updatedAt: start + 3_600_000, userId: b.userId }]);

    const first = await list('page=1&page_size=10');
    expect(first.data.total).toBe(12);
    expect(first.data.list.map((row) => row.web_name)).toEqual(['站点11', '站点10', '站点9', '站点8', '站点7', '站点6', '站点5', '站点4', '站点3', '站点2']);
    expect(first.data.list[0]).toMatchObject({ status: 1, create_time: '2026-01-01 08:00:00', update_time: '2026-01-01 08:11:00' });
    const second = await list('page=2&page_size=10');
    expect(second.data.list.map((row) => [row.web_name, row.status])).toEqual([
      ['站点1', 2],
      [site.web_name, 1],
    ]);
    expect((await list('page=1&page_size=20')).data.list).toHaveLength(12);
    expect((await list('page=1&page_size=10', b)).data.list.map((row) => row.web_name)).toEqual(['别人的站']);
  });

  it('searches names as text: % and _ match themselves', async () => {
    const site = await newSite(t, a);
    copies(site.id, [
      { name: '100%好玩', updatedAt: t.clock.now() + 1 },
      { name: '下划_线', updatedAt: t.clock.now() + 2 },
      { name: 'abc', updatedAt: t.clock.now() + 3 },
    ]);
    const names = async (name: string) => (await list(`page=1&page_size=10&name=${encodeURIComponent(name)}`)).data.list.map((row) => row.web_name);
    expect(await names('%')).toEqual(['100%好玩']);
    expect(await names('_')).toEqual(['下划_线']);
    expect(await names('好玩')).toEqual(['100%好玩']);
    expect(await names('\\')).toEqual([]);
    expect((await names('')).length).toBe(4);
  });

  it('takes the page sizes 10, 20, 50 and 100 only', async () => {
    for (const size of [10, 20, 50, 100]) expect((await list(`page=1&page_size=${size}`)).code).toBe(200);
    expect((await list('page=1')).code).toBe(200);
    for (const size of [5, 11, 1000]) expect((await list(`page=1&page_size=${size}`)).code).toBe(AnswerCode.invalid);
  });
});
