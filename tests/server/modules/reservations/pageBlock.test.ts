/**
 * The 预约 block on a mini site's outgoing copies: 发布 adds it when the site's campaign is on
 * (with the API's origin, the campaign and its real count), with its script beside the page; a
 * campaign turned off, or none, publishes the page without it; the zip carries it only when the
 * studio chose `zipForm`, and otherwise has no trace of a form. The site's own folder never has it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { unzipSync } from 'fflate';
import type { PublishAnswer } from '../../../../src/contract/builder';
import type { ZipAnswer } from '../../../../src/contract/generation';
import { ReserveMessages } from '../../../../src/contract/reservations';
import { publishedPagePolicy, SITE_CONTENT_SECURITY_POLICY } from '../../../../src/server/modules/siteFiles/contentPolicy';
import { RESERVE_SCRIPT_FILE } from '../../../../src/server/render/site/reserveStamp';
import { buildTestApp, post, type TestApp } from '../../helpers';
import { FakeRunner, quickLogin } from '../../queue/kit';
import { madeMiniSite } from '../miniSiteKit';
import { OPEN_SETTINGS, reserve, saveSettings } from './kit';

jest.setTimeout(60_000);

const PAGE = '<!DOCTYPE html><html lang="zh-CN"><head><title>站</title></head><body><main><section id="top" class="hero"></section><section id="intro" class="sec intro"></section></main></body></html>';

let t: TestApp;
let owner: Record<string, string>;
let dir: string;

beforeEach(async () => {
  t = await buildTestApp({
    generation: { runner: new FakeRunner('auto') },
    miniSite: {
      render: async (_input, outDir) => {
        fs.writeFileSync(path.join(outDir, 'index.html'), PAGE);
        return { files: ['index.html'] };
      },
    },
  });
  owner = quickLogin(t).headers;
  dir = await madeMiniSite(t, owner, '龙腾天下');
});

afterEach(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname, headers: { host: 'localhost' } });

async function publishedPage(): Promise<{ html: string; url: string }> {
  const answer = await post<PublishAnswer>(t, '/index/minisite/publish', { webSiteDir: dir }, owner);
  expect(answer.code).toBe(200);
  return { html: (await get(answer.data.url)).body, url: answer.data.url };
}

async function zipEntries(): Promise<Record<string, string>> {
  const answer = await post<ZipAnswer>(t, '/index/minisite/getDownloadZipUrl', { webSiteDir: dir }, owner);
  expect(answer.code).toBe(200);
  const download = await t.app.inject({ method: 'GET', url: answer.data.zipUrl });
  const entries = unzipSync(new Uint8Array(download.rawPayload));
  return Object.fromEntries(Object.entries(entries).map(([name, data]) => [name.split('/').slice(1).join('/'), Buffer.from(data).toString('utf8')]));
}

it('publishes the page with the block once the campaign is on, and without it once it is off', async () => {
  expect((await publishedPage()).html).not.toContain('data-reserve=');

  const saved = await saveSettings(t, owner, { miniSiteDir: dir });
  const campaignId = saved.data.campaignId ?? '';
  await reserve(t, campaignId, '13900000071');
  const { html, url } = await publishedPage();
  expect(html).toContain(`data-reserve-campaign="${campaignId}"`);
  // The API is the origin the studio published from; the count is the real one.
  expect(html).toContain('data-reserve-api="http://localhost"');
  expect(html).toContain('<b data-reserve-count="">1</b>');
  expect(html.indexOf('id="reserve"')).toBeLessThan(html.indexOf('id="intro"'));
  const script = await get(new URL(RESERVE_SCRIPT_FILE, url).toString());
  expect(script.statusCode).toBe(200);
  expect(script.body).toContain('data-reserve-api');
  // The site's own folder, which 生成网站 made, has no block: only the copy that went out.
  expect(fs.readFileSync(path.join(t.dataDir, 'sites', dir, 'index.html'), 'utf8')).toBe(PAGE);

  await saveSettings(t, owner, { miniSiteDir: dir }, { ...OPEN_SETTINGS, enabled: false });
  expect((await publishedPage()).html).not.toContain('data-reserve=');
});

it('sets the block of the live page as soon as the studio saves, with its compressed copies, and never touches another page', async () => {
  const before = await saveSettings(t, owner, { miniSiteDir: dir }, { ...OPEN_SETTINGS, enabled: false });
  expect(before.data).toMatchObject({ publishedPage: 'none' });
  const { url } = await publishedPage();
  const slugDir = path.join(t.dataDir, 'published', new URL(url).pathname.split('/')[2]);
  // Brotli's copy of the page, which a browser gets first; a page under 1 KiB has none.
  const compressed = (): string | null => {
    const file = path.join(slugDir, 'index.html.br');
    return fs.existsSync(file) ? zlib.brotliDecompressSync(fs.readFileSync(file)).toString('utf8') : null;
  };
  expect(compressed()).toBeNull();

  // On: the page served, and its brotli copy, carry the block and its script at once, no 更新发布 needed.
  const on = await saveSettings(t, owner, { miniSiteDir: dir });
  expect(on.data).toMatchObject({ publishedPage: 'updated' });
  const html = (await get(url)).body;
  expect(html).toContain(`data-reserve-campaign="${on.data.campaignId}"`);
  expect(html).toContain(OPEN_SETTINGS.privacyNotice);
  expect(compressed()).toBe(html);
  expect((await get(new URL(RESERVE_SCRIPT_FILE, url).toString())).statusCode).toBe(200);

  // A change of what the block shows replaces the block: one block, the new notice.
  const notice = '预约信息仅用于本次公测通知，公测结束后删除。';
  await saveSettings(t, owner, { miniSiteDir: dir }, { ...OPEN_SETTINGS, privacyNotice: notice });
  const changed = (await get(url)).body;
  expect(changed.match(/data-reserve=""/g)).toHaveLength(1);
  expect(changed).toContain(notice);
  expect(changed).not.toContain(OPEN_SETTINGS.privacyNotice);

  // Off: the page is as 发布 left it, 举报 link and all.
  await saveSettings(t, owner, { miniSiteDir: dir }, { ...OPEN_SETTINGS, enabled: false });
  const off = (await get(url)).body;
  expect(off).not.toContain('data-reserve');
  expect(off).not.toContain('rsv-');
  expect(off).toContain('data-report-link');
  // Short again: the copy with the block is gone rather than left to be served.
  expect(compressed()).toBeNull();
  // The site's own folder never has it.
  expect(fs.readFileSync(path.join(t.dataDir, 'sites', dir, 'index.html'), 'utf8')).toBe(PAGE);
});

it('keeps the settings when the live page cannot follow them, and says to publish again', async () => {
  const { url } = await publishedPage();
  jest.spyOn(t.app.publishing, 'restampReserveBlock').mockRejectedValueOnce(new Error('the bucket is away'));
  const saved = await saveSettings(t, owner, { miniSiteDir: dir });
  expect(saved).toMatchObject({ code: 200, msg: ReserveMessages.settingsSavedPageStale, data: { publishedPage: 'failed', settings: { enabled: true } } });
  expect((await get(url)).body).not.toContain('data-reserve=');
  // 更新发布 puts it right.
  expect((await publishedPage()).html).toContain('data-reserve=""');
});

it('answers another user\'s site as missing and changes no page', async () => {
  const { url } = await publishedPage();
  const page = (await get(url)).body;
  const stranger = quickLogin(t, '13900000072').headers;
  const refused = await saveSettings(t, stranger, { miniSiteDir: dir });
  expect(refused.code).toBe(404);
  expect((await get(url)).body).toBe(page);
});

it('puts the block in the zip only when the studio chose a form in the zip', async () => {
  await saveSettings(t, owner, { miniSiteDir: dir }, { ...OPEN_SETTINGS, zipForm: false });
  const without = await zipEntries();
  expect(without['index.html']).toBe(PAGE);
  expect(without[RESERVE_SCRIPT_FILE]).toBeUndefined();

  await saveSettings(t, owner, { miniSiteDir: dir }, { ...OPEN_SETTINGS, zipForm: true });
  const withForm = await zipEntries();
  expect(withForm['index.html']).toContain('data-reserve-api="http://localhost"');
  expect(withForm[RESERVE_SCRIPT_FILE]).toContain('credentials');
  expect(Object.keys(withForm).filter((name) => name.startsWith('index.html.'))).toEqual([]);
});

it('lets published pages call the 预约 routes, and only those, at PUBLIC_ORIGIN', async () => {
  const policy = publishedPagePolicy('https://app.example.com');
  expect(policy).toContain("connect-src 'self' https://app.example.com/api/reserve/;");
  expect(policy.replace(" connect-src 'self' https://app.example.com/api/reserve/;", '')).toBe(SITE_CONTENT_SECURITY_POLICY);
  // Without PUBLIC_ORIGIN the block calls the app's own origin, where pages are served: 'self'.
  expect(publishedPagePolicy('')).toBe(SITE_CONTENT_SECURITY_POLICY);
  const answer = await post<PublishAnswer>(t, '/index/minisite/publish', { webSiteDir: dir }, owner);
  expect((await get(answer.data.url)).headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
});
