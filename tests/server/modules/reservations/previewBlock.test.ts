/**
 * The 预约 block in a site's preview (/sites/<dir>/, the builder's frame and the mini site's
 * preview, and 手机预览's link): a site whose campaign is on gets it in its page as it is served, in preview mode (its
 * buttons disabled, a line saying so, no script), the same block and place as its published page;
 * never from a compressed copy, never kept by a browser, and following the settings at once. The
 * folder on disk, the zip and the published page are as they were; a site whose campaign is off,
 * a folder that is no site's, and every other path are served exactly as the files are.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { unzipSync } from 'fflate';
import type { PhonePreviewAnswer, PublishAnswer } from '../../../../src/contract/builder';
import type { ZipAnswer } from '../../../../src/contract/generation';
import { ReserveMessages } from '../../../../src/contract/reservations';
import { RESERVE_SCRIPT_FILE } from '../../../../src/server/render/site/reserveStamp';
import { bucketEnv, s3Endpoint, testS3Settings } from '../../storage/testStores';
import { buildTestApp, post, type TestApp } from '../../helpers';
import { FakeRunner, quickLogin } from '../../queue/kit';
import { madeMiniSite } from '../miniSiteKit';
import { OPEN_SETTINGS, ownerWithSite, reserve, saveSettings } from './kit';

jest.setTimeout(60_000);

const PAGE = '<!DOCTYPE html><html lang="zh-CN"><head><title>站</title></head><body><main><section id="top" class="hero"></section><section id="intro" class="sec intro"></section></main></body></html>';
const SCRIPT = 'document.documentElement.dataset.ready = "1";';

let t: TestApp;
let owner: Record<string, string>;
let dir: string;

beforeEach(async () => {
  t = await buildTestApp({
    generation: { runner: new FakeRunner('auto') },
    miniSite: {
      render: async (_input, outDir) => {
        fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
        fs.writeFileSync(path.join(outDir, 'index.html'), PAGE);
        fs.writeFileSync(path.join(outDir, 'about.html'), PAGE);
        fs.writeFileSync(path.join(outDir, 'assets', 'site.js'), SCRIPT);
        // The compressed copies a renderer writes of the page: the block is never in them.
        fs.writeFileSync(path.join(outDir, 'index.html.br'), zlib.brotliCompressSync(PAGE));
        fs.writeFileSync(path.join(outDir, 'index.html.gz'), zlib.gzipSync(PAGE));
        return { files: ['index.html', 'about.html', 'assets/site.js', 'index.html.br', 'index.html.gz'] };
      },
    },
  });
  owner = quickLogin(t).headers;
  dir = await madeMiniSite(t, owner, '龙腾天下');
});

afterEach(async () => {
  await t.close();
});

const BROWSER = { host: 'localhost', 'accept-encoding': 'br, gzip, deflate' };
const get = (url: string, headers: Record<string, string> = BROWSER) => t.app.inject({ method: 'GET', url, headers });
const onDisk = (name = 'index.html'): string => fs.readFileSync(path.join(t.dataDir, 'sites', dir, name), 'utf8');

/** The page as a browser gets it, decompressed when it came compressed. */
async function page(url: string, headers: Record<string, string> = BROWSER) {
  const answer = await get(url, headers);
  const encoding = answer.headers['content-encoding'];
  const html = encoding === 'br' ? zlib.brotliDecompressSync(answer.rawPayload).toString('utf8') : encoding === 'gzip' ? zlib.gunzipSync(answer.rawPayload).toString('utf8') : answer.body;
  return { answer, html };
}

async function zipPage(): Promise<Record<string, string>> {
  const answer = await post<ZipAnswer>(t, '/index/minisite/getDownloadZipUrl', { webSiteDir: dir }, owner);
  expect(answer.code).toBe(200);
  const download = await t.app.inject({ method: 'GET', url: answer.data.zipUrl });
  const entries = unzipSync(new Uint8Array(download.rawPayload));
  return Object.fromEntries(Object.entries(entries).map(([name, data]) => [name.split('/').slice(1).join('/'), Buffer.from(data).toString('utf8')]));
}

it('shows the block in the preview of a site whose campaign is on, in preview mode, in the published page\'s place', async () => {
  const saved = await saveSettings(t, owner, { miniSiteDir: dir });
  const campaignId = saved.data.campaignId ?? '';
  await reserve(t, campaignId, '13900000081');

  for (const url of [`/sites/${dir}/index.html`, `/sites/${dir}/`, `/sites/${dir}/index.html?v=3`]) {
    const { answer, html } = await page(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.match(/data-reserve=""/g)).toHaveLength(1);
    expect(html).toContain('data-reserve-preview=""');
    // What the players will see: the real count, the tiers, the platforms, the notice.
    expect(html).toContain('<b data-reserve-count="">1</b>');
    expect(html).toContain('金币x100');
    expect(html).toContain('限定头像框');
    expect(html).toContain('<span>iOS</span>');
    expect(html).toContain(OPEN_SETTINGS.privacyNotice);
    // ...but nothing in it can 预约 or send an SMS: disabled buttons, the line saying so, no script, no API.
    expect(html).toContain(ReserveMessages.previewOnly);
    expect(html).toMatch(/<button type="button" class="rsv-send" data-reserve-send="" disabled="">/);
    expect(html).toMatch(/<button type="button" class="btn btn-accent rsv-submit" data-reserve-submit="" disabled="">/);
    expect(html).not.toContain(RESERVE_SCRIPT_FILE);
    expect(html).not.toContain('data-reserve-api');
    expect(html).not.toContain(campaignId);
    // Where the published page has it: after the first screen, before the first content section.
    expect(html.indexOf('id="top"')).toBeLessThan(html.indexOf('id="reserve"'));
    expect(html.indexOf('id="reserve"')).toBeLessThan(html.indexOf('id="intro"'));
    // Made for this answer, and compressed for it: not the folder's compressed copy (which has no
    // block, and the html above came compressed), and kept by no browser.
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.etag).toBeUndefined();
    expect(answer.headers['last-modified']).toBeUndefined();
    // The sandboxed user pages' policy, as every answer of the folder.
    expect(answer.headers['content-security-policy']).toContain('sandbox allow-scripts');
  }
  // Compressed as each browser takes it: gzip, or none.
  const gzipped = await page(`/sites/${dir}/`, { host: 'localhost', 'accept-encoding': 'gzip, br;q=0' });
  expect(gzipped.answer.headers['content-encoding']).toBe('gzip');
  expect(gzipped.html).toContain(ReserveMessages.previewOnly);
  const plain = await get(`/sites/${dir}/`, { host: 'localhost' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(gzipped.html);

  // A browser that revalidates an old copy of the file gets the stamped page, not a 304.
  const etag = String((await t.app.inject({ method: 'GET', url: `/sites/${dir}/about.html` })).headers.etag);
  expect((await get(`/sites/${dir}/index.html`, { ...BROWSER, 'if-none-match': etag })).statusCode).toBe(200);

  const head = await t.app.inject({ method: 'HEAD', url: `/sites/${dir}/index.html`, headers: BROWSER });
  expect(head.statusCode).toBe(200);
  expect(head.body).toBe('');
  expect(head.headers['cache-control']).toBe('no-store');

  // The folder on disk, its compressed copies and the files beside the page are as the renderer wrote them.
  expect(onDisk()).toBe(PAGE);
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(t.dataDir, 'sites', dir, 'index.html.br'))).toString('utf8')).toBe(PAGE);
  expect(fs.existsSync(path.join(t.dataDir, 'sites', dir, RESERVE_SCRIPT_FILE))).toBe(false);
});

it('follows the settings at once: a change shows on the next load, and off serves the folder exactly as before', async () => {
  await saveSettings(t, owner, { miniSiteDir: dir });
  expect((await page(`/sites/${dir}/`)).html).toContain(OPEN_SETTINGS.privacyNotice);

  const notice = '预约信息仅用于本次公测通知，公测结束后删除。';
  await saveSettings(t, owner, { miniSiteDir: dir }, { ...OPEN_SETTINGS, platforms: ['pc'], privacyNotice: notice });
  const changed = (await page(`/sites/${dir}/`)).html;
  expect(changed).toContain(notice);
  expect(changed).not.toContain(OPEN_SETTINGS.privacyNotice);
  expect(changed).toContain('<span>PC</span>');
  expect(changed).not.toContain('<span>iOS</span>');

  await saveSettings(t, owner, { miniSiteDir: dir }, { ...OPEN_SETTINGS, enabled: false });
  const { answer, html } = await page(`/sites/${dir}/index.html`);
  expect(html).toBe(PAGE);
  // The file as today, its brotli copy and validators included; asked again each time (304 while unchanged).
  expect(answer.headers['content-encoding']).toBe('br');
  expect(answer.headers['cache-control']).toBe('no-cache');
  expect(answer.headers.etag).toBeTruthy();
  expect((await get(`/sites/${dir}/index.html`, { ...BROWSER, 'if-none-match': String(answer.headers.etag) })).statusCode).toBe(304);
});

it('serves a site without a campaign, and a folder that is no site\'s, as the files are', async () => {
  const before = await page(`/sites/${dir}/index.html`);
  expect(before.html).toBe(PAGE);
  expect(before.answer.headers['content-encoding']).toBe('br');

  const stranger = 'f'.repeat(32);
  fs.mkdirSync(path.join(t.dataDir, 'sites', stranger));
  fs.writeFileSync(path.join(t.dataDir, 'sites', stranger, 'index.html'), PAGE);
  await saveSettings(t, owner, { miniSiteDir: dir });
  const other = await page(`/sites/${stranger}/`);
  expect(other.answer.statusCode).toBe(200);
  expect(other.html).toBe(PAGE);
});

it('touches no other path of the folder: its files, other pages, and other spellings of the page', async () => {
  await saveSettings(t, owner, { miniSiteDir: dir });
  const script = await get(`/sites/${dir}/assets/site.js`);
  expect(script.statusCode).toBe(200);
  expect(script.body).toBe(SCRIPT);
  expect(script.headers['cache-control']).not.toBe('no-store');
  expect((await page(`/sites/${dir}/about.html`)).html).toBe(PAGE);
  // The preview has no script of the block to serve.
  expect((await get(`/sites/${dir}/${RESERVE_SCRIPT_FILE}`)).statusCode).toBe(404);
  // Other spellings are answered by the folder's files as they are (or not at all), never stamped.
  for (const url of [`/sites/${dir}//index.html`, `/sites/${dir}/index.html/`, `/sites/${dir}/index.html.br`, `/sites/${dir}/index.htm`, `/sites/${dir}/assets/site.js?/index.html`, `/sites/${dir.toUpperCase()}/index.html`, `/sites/${dir}`]) {
    const answer = await get(url);
    expect([url, answer.headers['cache-control'] === 'no-store', answer.body.includes('data-reserve')]).toEqual([url, false, false]);
  }
  // ../ is resolved before routing, as a browser does: it names another folder, which answers for itself.
  const stranger = 'e'.repeat(32);
  fs.mkdirSync(path.join(t.dataDir, 'sites', stranger));
  fs.writeFileSync(path.join(t.dataDir, 'sites', stranger, 'index.html'), PAGE);
  expect((await page(`/sites/${dir}/../${stranger}/index.html`)).html).toBe(PAGE);
  expect((await page(`/sites/${dir}/%2e%2e/${stranger}/`)).html).toBe(PAGE);
  expect((await get(`/sites/${dir}/../../package.json`)).statusCode).toBe(404);
});

it('leaves the zip and the published page as they were: no preview mode in either', async () => {
  await saveSettings(t, owner, { miniSiteDir: dir }, { ...OPEN_SETTINGS, zipForm: false });
  expect((await page(`/sites/${dir}/`)).html).toContain('data-reserve-preview=""');
  expect((await zipPage())['index.html']).toBe(PAGE);

  await saveSettings(t, owner, { miniSiteDir: dir }, { ...OPEN_SETTINGS, zipForm: true });
  const zipped = (await zipPage())['index.html'];
  expect(zipped).toContain('data-reserve=""');
  expect(zipped).not.toContain('data-reserve-preview');
  expect(zipped).not.toContain(ReserveMessages.previewOnly);
  expect(zipped).not.toContain('disabled=""');

  const published = await post<PublishAnswer>(t, '/index/minisite/publish', { webSiteDir: dir }, owner);
  expect(published.code).toBe(200);
  const live = (await get(new URL(published.data.url).pathname, { host: 'localhost' })).body;
  expect(live).toContain('data-reserve=""');
  expect(live).toContain(`<script src="${RESERVE_SCRIPT_FILE}" defer></script>`);
  expect(live).not.toContain('data-reserve-preview');
  expect(live).not.toContain(ReserveMessages.previewOnly);
  expect(onDisk()).toBe(PAGE);
});

it('shows it in a builder site\'s preview too, whose folder is otherwise answered no-cache', async () => {
  const builderDir = 'a'.repeat(32);
  const { headers, site } = await ownerWithSite(t, '13900000082', builderDir);
  fs.mkdirSync(path.join(t.dataDir, 'sites', builderDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(t.dataDir, 'sites', builderDir, 'index.html'), PAGE);
  fs.writeFileSync(path.join(t.dataDir, 'sites', builderDir, 'assets', 'site.js'), SCRIPT);

  expect((await page(`/sites/${builderDir}/`)).html).toBe(PAGE);
  await saveSettings(t, headers, site);
  const { answer, html } = await page(`/sites/${builderDir}/index.html?v=2`);
  expect(html).toContain('data-reserve-preview=""');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect((await get(`/sites/${builderDir}/assets/site.js`)).headers['cache-control']).toBe('no-cache');
  expect(fs.readFileSync(path.join(t.dataDir, 'sites', builderDir, 'index.html'), 'utf8')).toBe(PAGE);
});

it('shows it in 手机预览 too, under the link, and nothing else of the folder changes there', async () => {
  const linked = await post<PhonePreviewAnswer>(t, '/index/minisite/phonePreview', { webSiteDir: dir }, owner);
  expect(linked.code).toBe(200);
  const url = new URL(linked.data.url).pathname;
  expect((await page(url)).html).toBe(PAGE);

  await saveSettings(t, owner, { miniSiteDir: dir });
  for (const address of [url, `${url}index.html`]) {
    const { answer, html } = await page(address);
    expect(html).toContain('data-reserve-preview=""');
    expect(html).toContain(ReserveMessages.previewOnly);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-security-policy']).toContain('sandbox allow-scripts');
  }
  expect((await get(`${url}assets/site.js`)).body).toBe(SCRIPT);
  expect((await page(`${url}about.html`)).html).toBe(PAGE);
});

(s3Endpoint() ? it : it.skip)('shows it from a shared bucket too, where the folder is answered from the store', async () => {
  const shared = await buildTestApp({ env: bucketEnv(testS3Settings()) });
  try {
    const bucketDir = 'b'.repeat(32);
    const { headers, site } = await ownerWithSite(shared, '13900000083', bucketDir);
    await shared.app.dataFiles.store.putBuffer(`sites/${bucketDir}/index.html`, Buffer.from(PAGE));
    await shared.app.dataFiles.store.putBuffer(`sites/${bucketDir}/index.html.br`, zlib.brotliCompressSync(PAGE));
    const fetchPage = async () => {
      const answer = await shared.app.inject({ method: 'GET', url: `/sites/${bucketDir}/`, headers: BROWSER });
      return { answer, html: zlib.brotliDecompressSync(answer.rawPayload).toString('utf8') };
    };
    expect((await fetchPage()).html).toBe(PAGE);
    await saveSettings(shared, headers, site);
    const { answer, html } = await fetchPage();
    expect(html).toContain('data-reserve-preview=""');
    expect(answer.headers['cache-control']).toBe('no-store');
  } finally {
    await shared.close();
  }
});
