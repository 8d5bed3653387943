import { unzipSync } from 'fflate';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, GenerationMessages, type BannerTemplate, type LogoCreateAnswer, type LogoTemplate, type TemplatePage, type ZipAnswer } from '../../../src/contract/generation';
import { AnswerCode } from '../../../src/contract/envelope';
import { GENERATION_RATE_LIMITS } from '../../../src/server/modules/generation/rateLimits';
import { attachmentHeader } from '../../../src/server/modules/generation/routes';
import { ownHostKeys, resultFileOf, sanitiseFileName } from '../../../src/server/modules/generation/zip';
import { CATALOG_MUSIC_FOLDER } from '../../../src/server/queue/paths';
import { RENDERER_VERSION } from '../../../src/server/render/jobSpec';
import { BANNER_STYLES, LOGO_STYLES } from '../../../src/server/render/styles';
import { post } from '../helpers';
import { bannerZipEntries } from '../../fixtures/keyArt';
import { FakeRunner, buildGenerationApp, quickLogin, settle, type GenerationTestApp } from '../queue/kit';

let t: GenerationTestApp;

afterEach(async () => {
  await t.close();
});

const LOGO_ZIP_ENTRIES = [
  '龙腾天下-logo.png',
  ...['logo.svg', 'app-icon-1024.png', 'icon-512.png', 'icon-192.png', 'apple-touch-icon.png', 'favicon.ico', 'avatar-400.png', 'logo-on-light.png', 'logo-on-dark.png', 'logo-one-colour.png', '品牌规范.html'].map(
    (name) => `龙腾天下-品牌套件/${name}`,
  ),
];

describe('the template lists', () => {
  beforeEach(async () => {
    t = await buildGenerationApp();
  });

  it('lists the 26 logo styles, 12 a page', async () => {
    const pageOf = (page: number) => post<TemplatePage<LogoTemplate>>(t, '/index/common/logo', { per_page: 12, page });
    const [one, two, three, four] = await Promise.all([1, 2, 3, 4].map(pageOf));
    expect(one).toMatchObject({ status: 200, code: 200, data: { total: 26, current_page: 1, per_page: 12 } });
    expect(one.data.data.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(two.data.data.map((item) => item.id)).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(three.data).toMatchObject({ total: 26, current_page: 3 });
    expect(three.data.data.map((item) => item.id)).toEqual([25, 26]);
    expect(four.data.data).toEqual([]);
    expect(one.data.data[0]).toEqual({
      id: 1,
      name: LOGO_STYLES[0].name,
      thumbnail: `/generated/catalog/${RENDERER_VERSION}/logo-1-thumbnail.jpg`,
      preview_image1: `/generated/catalog/${RENDERER_VERSION}/logo-1-preview1.jpg`,
      preview_image: `/generated/catalog/${RENDERER_VERSION}/logo-1-preview.jpg`,
    });
  });

  it('lists the 14 banner styles', async () => {
    const { data } = await post<TemplatePage<BannerTemplate>>(t, '/index/common/banner', { per_page: 12, page: 2 });
    expect(data).toMatchObject({ total: 14, current_page: 2, per_page: 12 });
    expect(data.data.map((item) => item.id)).toEqual([13, 14]);
    expect(data.data[1]).toEqual({
      id: 14,
      name: BANNER_STYLES[13].name,
      thumbnail: `/generated/catalog/${RENDERER_VERSION}/banner-14-thumbnail.jpg`,
      preview_video: `/generated/catalog/${RENDERER_VERSION}/banner-14-preview.mp4`,
      preview_image: `/generated/catalog/${RENDERER_VERSION}/banner-14-poster.jpg`,
    });
  });

  it('caps the page size, and takes strings, defaults and no body at all', async () => {
    expect((await post<TemplatePage<LogoTemplate>>(t, '/index/common/logo', { per_page: 1000, page: 1 })).data).toMatchObject({ per_page: 48, total: 26 });
    expect((await post<TemplatePage<LogoTemplate>>(t, '/index/common/logo', { per_page: 0, page: 0 })).data).toMatchObject({ per_page: 1, current_page: 1 });
    expect((await post<TemplatePage<LogoTemplate>>(t, '/index/common/logo', { per_page: '5', page: '2' })).data.data.map((item) => item.id)).toEqual([6, 7, 8, 9, 10]);
    const bare = await t.app.inject({ method: 'POST', url: '/index/common/banner' });
    expect(bare.json()).toMatchObject({ code: 200, data: { per_page: 12, current_page: 1, total: 14 } });
    expect((await post(t, '/index/common/logo', { per_page: 'many' })).code).toBe(AnswerCode.invalid);
  });
});

describe('the gallery pictures', () => {
  it('are rendered on first request, once for concurrent requests, and then served from disk', async () => {
    t = await buildGenerationApp({ runner: new FakeRunner('manual') });
    const url = `/generated/catalog/${RENDERER_VERSION}/logo-7-preview1.jpg`;
    const requests = [url, url, url.replace('preview1', 'thumbnail')].map((u) => t.app.inject({ method: 'GET', url: u }));
    await t.runner.started(1);
    await settle();
    expect(t.runner.renders).toHaveLength(1);
    expect(t.runner.renders[0].spec).toEqual({ kind: 'catalog-logo', styleId: 7 });
    t.runner.renders[0].finish();
    const answers = await Promise.all(requests);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/jpeg');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(fs.readdirSync(path.join(t.dataDir, 'catalog', RENDERER_VERSION)).sort()).toEqual(['logo-7-preview.jpg', 'logo-7-preview1.jpg', 'logo-7-thumbnail.jpg']);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(t.runner.renders).toHaveLength(1);
  });

  it('answer 503 with Retry-After, kept nowhere, while a render outlasts the wait, and the render goes on', async () => {
    // A browser holds six connections to a host: pictures waiting out whole renders would starve the page's API calls.
    t = await buildGenerationApp({ runner: new FakeRunner('manual'), galleryWaitMs: 50 });
    const url = `/generated/catalog/${RENDERER_VERSION}/banner-5-thumbnail.jpg`;
    const early = await t.app.inject({ method: 'GET', url });
    expect(early.statusCode).toBe(503);
    expect(early.headers['retry-after']).toBe('2');
    expect(early.headers['cache-control']).toBe('no-store');
    expect(early.body).toBe(GenerationMessages.galleryPictureRendering);
    // Asking again while it renders starts no second render.
    expect((await t.app.inject({ method: 'GET', url: `${url}?retry=1` })).statusCode).toBe(503);
    expect(t.runner.renders).toHaveLength(1);
    t.runner.renders[0].finish();
    await settle();
    const later = await t.app.inject({ method: 'GET', url: `${url}?retry=2` });
    expect(later.statusCode).toBe(200);
    expect(later.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(t.runner.renders).toHaveLength(1);
  });

  it('a banner preview is a video, a poster and a thumbnail', async () => {
    t = await buildGenerationApp();
    const video = await t.app.inject({ method: 'GET', url: `/generated/catalog/${RENDERER_VERSION}/banner-3-preview.mp4` });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(t.runner.renders.map((render) => render.spec)).toEqual([{ kind: 'catalog-banner', styleId: 3 }]);
  });

  it('answer 404, rendering nothing, for other versions, styles and names', async () => {
    t = await buildGenerationApp();
    for (const url of [
      '/generated/catalog/r0/logo-1-thumbnail.jpg',
      `/generated/catalog/${RENDERER_VERSION}/logo-27-thumbnail.jpg`,
      `/generated/catalog/${RENDERER_VERSION}/banner-15-preview.mp4`,
      `/generated/catalog/${RENDERER_VERSION}/logo-1-preview.mp4`,
      `/generated/catalog/${RENDERER_VERSION}/logo-1-thumbnail.jpg/x`,
      `/generated/catalog/${RENDERER_VERSION}/..%2f..%2fapp.db`,
      '/generated/0123/logo.png',
    ]) {
      expect([url, (await t.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
    }
    // A folder is never listed.
    expect((await t.app.inject({ method: 'GET', url: '/generated/catalog/' })).statusCode).toBe(403);
    expect(t.runner.renders).toHaveLength(0);
  });

  it('of an older renderer version are deleted at start', async () => {
    t = await buildGenerationApp({ keepDataDir: true });
    const old = path.join(t.dataDir, 'catalog', 'r0');
    fs.mkdirSync(old, { recursive: true });
    fs.writeFileSync(path.join(old, 'logo-1-thumbnail.jpg'), 'old');
    await t.app.inject({ method: 'GET', url: `/generated/catalog/${RENDERER_VERSION}/logo-1-thumbnail.jpg` });
    await t.app.close();
    const dataDir = t.dataDir;
    t = await buildGenerationApp({ dataDir });
    // The mini site's music folder is not a renderer version: it stays (it keeps its own versions).
    expect(fs.readdirSync(path.join(dataDir, 'catalog')).sort()).toEqual([CATALOG_MUSIC_FOLDER, RENDERER_VERSION].sort());
  });

  it('a failed picture answers 404 and is not rendered again at once', async () => {
    t = await buildGenerationApp({ runner: new FakeRunner('manual') });
    const url = `/generated/catalog/${RENDERER_VERSION}/logo-2-thumbnail.jpg`;
    const first = t.app.inject({ method: 'GET', url });
    await t.runner.started(1);
    t.runner.renders[0].fail(new Error('no fonts'));
    expect((await first).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(t.runner.renders).toHaveLength(1);
  });

  it('are rendered in the background after start, below users: a user job takes a busy slot at once', async () => {
    const runner = new FakeRunner('manual');
    t = await buildGenerationApp({ runner, env: { CATALOG_PRERENDER: '1', RENDER_CONCURRENCY: '1' } });
    await runner.started(1);
    expect(runner.renders[0].spec).toEqual({ kind: 'catalog-logo', styleId: 1 });
    const created = await post<LogoCreateAnswer>(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logobg: 1, module: 'tl', isFirst: true }, quickLogin(t).headers);
    expect(created.data.waitCount).toBe(0);
    expect(runner.renders[0].signal.aborted).toBe(true);
    await runner.started(2);
    expect(runner.renders[1].spec.kind).toBe('tl');
    runner.mode = 'auto';
    runner.renders[1].finish();
    // Then the whole gallery: 26 logo sets and 14 banner sets, the interrupted one again first.
    await runner.started(2 + 40);
    await settle();
    expect(runner.renders[2].spec).toEqual({ kind: 'catalog-logo', styleId: 1 });
    expect(fs.readdirSync(path.join(t.dataDir, 'catalog', RENDERER_VERSION))).toHaveLength(40 * 3);
  });
});

describe('POST /index/common/createZipUrlByFile', () => {
  let logo: LogoCreateAnswer;
  let banner: LogoCreateAnswer;

  beforeEach(async () => {
    t = await buildGenerationApp();
    const headers = quickLogin(t).headers;
    await post(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logobg: 1, module: 'tl', isFirst: true }, headers);
    await post(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 1, banner: 1, module: 'fsa', isFirst: true }, headers);
    await settle();
    logo = (await post<LogoCreateAnswer>(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logobg: 1, module: 'tl', isFirst: true }, headers)).data;
    banner = (await post<LogoCreateAnswer>(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 1, banner: 1, module: 'fsa', isFirst: true }, headers)).data;
    expect(logo.exist && banner.exist).toBe(true);
  });

  const zip = (body: object) => post<ZipAnswer>(t, '/index/common/createZipUrlByFile', body);

  async function entriesOf(zipUrl: string): Promise<Record<string, Uint8Array>> {
    const answer = await t.app.inject({ method: 'GET', url: zipUrl });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    return unzipSync(new Uint8Array(answer.rawPayload));
  }

  it('zips a logo under a clear name, without a login', async () => {
    const { data, code } = await zip({ fileName: 'LOGO', fileList: [logo.logoUrl] });
    expect(code).toBe(200);
    expect(data.zipUrl).toMatch(/^\/zips\/[0-9a-f]{32}\/LOGO\.zip$/);
    const entries = await entriesOf(data.zipUrl);
    // The logo and its brand kit.
    expect(Object.keys(entries)).toEqual(LOGO_ZIP_ENTRIES);
    const stored = fs.readFileSync(path.join(t.dataDir, 'generated', logo.uniqueId, 'logo.png'));
    expect(Buffer.from(entries['龙腾天下-logo.png'])).toEqual(stored);
    const download = await t.app.inject({ method: 'GET', url: data.zipUrl });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="LOGO.zip"; filename*=UTF-8''LOGO.zip`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('zips every file of a banner, named after the logo text, under a Chinese zip name', async () => {
    const { data } = await zip({ fileName: '全屏动画', fileList: [banner.bannerUrl, banner.logoUrl] });
    expect(data.zipUrl).toMatch(new RegExp(`/${encodeURIComponent('全屏动画')}\\.zip$`));
    const entries = await entriesOf(data.zipUrl);
    // The MP4 the user waited for, and the cuts made after it: the phone's portrait and WebM of both.
    expect(Object.keys(entries).sort()).toEqual(bannerZipEntries('龙腾天下'));
    const download = await t.app.inject({ method: 'GET', url: data.zipUrl });
    expect(download.headers['content-disposition']).toBe(attachmentHeader('全屏动画.zip'));
    expect(attachmentHeader('全屏动画.zip')).toBe(`attachment; filename="download.zip"; filename*=UTF-8''${encodeURIComponent('全屏动画')}.zip`);
    expect(attachmentHeader('龙LOGO.zip')).toBe(`attachment; filename="LOGO.zip"; filename*=UTF-8''${encodeURIComponent('龙')}LOGO.zip`);
    // Identical requests reuse the zip.
    expect((await zip({ fileName: '全屏动画', fileList: [banner.bannerUrl, banner.logoUrl] })).data.zipUrl).toBe(data.zipUrl);
    expect(fs.readdirSync(path.join(t.dataDir, 'zips')).filter((entry) => entry !== 'keys')).toHaveLength(1);
  });

  it('accepts an absolute URL of this host, and sanitises the zip name', async () => {
    const { data } = await zip({ fileName: '../../etc/pass\u0000wd', fileList: [`http://localhost:80${logo.logoUrl}`] });
    expect(data.zipUrl).toMatch(/\/etcpasswd\.zip$/);
    expect(Object.keys(await entriesOf(data.zipUrl))).toEqual(LOGO_ZIP_ENTRIES);
    expect((await zip({ fileName: '', fileList: [logo.logoUrl] })).data.zipUrl).toMatch(/\/LOGO\.zip$/);
    expect((await zip({ fileName: 'LOGO', fileList: [`http://localhost${logo.logoUrl}`] })).code).toBe(200);
    expect((await zip({ fileName: 'LOGO', fileList: [`http://localhost:8080${logo.logoUrl}`] })).code).toBe(AnswerCode.invalid);
  });

  it.each([
    ['an upload', () => ['/uploads/a.png']],
    ['a gallery picture', () => [`/generated/catalog/${RENDERER_VERSION}/logo-1-thumbnail.jpg`]],
    ['dot segments', () => [`/generated/${logo.uniqueId}/../../app.db`]],
    ['encoded dot segments', () => [`/generated/${logo.uniqueId}/%2e%2e/%2e%2e/app.db`]],
    ['a backslash', () => [`/generated/${logo.uniqueId}\\logo.png`]],
    ['another host', () => [`https://evil.example.com${logo.logoUrl}`]],
    ['a protocol-relative URL', () => [`//evil.example.com${logo.logoUrl}`]],
    ['a file: URL', () => [`file://${logo.logoUrl}`]],
    ['a file the job does not have', () => [`/generated/${logo.uniqueId}/banner.mp4`]],
    ['an unknown job', () => [`/generated/${'0'.repeat(32)}/logo.png`]],
    ['a query', () => [`${logo.logoUrl}?x=1`]],
    ['a relative path', () => [logo.logoUrl.slice(1)]],
    ['one bad URL among good ones', () => [logo.logoUrl, '/etc/passwd']],
    ['the database', () => ['/app.db']],
  ])('refuses %s', async (_label, list) => {
    expect(await zip({ fileName: 'LOGO', fileList: list() })).toEqual({ status: 200, code: AnswerCode.invalid, msg: GenerationMessages.zipFileRefused, data: null });
  });

  it('refuses an empty or too long list, and a job not finished yet', async () => {
    expect((await zip({ fileName: 'LOGO', fileList: [] })).code).toBe(AnswerCode.invalid);
    expect((await zip({ fileName: 'LOGO', fileList: Array(11).fill(logo.logoUrl) })).code).toBe(AnswerCode.invalid);
    t.runner.mode = 'manual';
    const pending = await post<LogoCreateAnswer>(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logotext: '未完', logobg: 1, module: 'tl', isFirst: true }, quickLogin(t).headers);
    expect((await zip({ fileName: 'LOGO', fileList: [`/generated/${pending.data.uniqueId}/logo.png`] })).msg).toBe(GenerationMessages.zipFileRefused);
  });

  it('limits zips per IP (code 429)', async () => {
    for (let n = 0; n < GENERATION_RATE_LIMITS.zipPerIp.limit; n += 1) expect((await zip({ fileName: 'LOGO', fileList: [logo.logoUrl] })).code).toBe(200);
    expect((await zip({ fileName: 'LOGO', fileList: [logo.logoUrl] })).code).toBe(AnswerCode.tooMany);
  });
});

describe('sanitiseFileName', () => {
  it('strips separators, controls and reserved characters, caps the length and falls back', () => {
    expect(sanitiseFileName('a/b\\c:d*e?f"g<h>i|j', 'X')).toBe('abcdefghij');
    expect(sanitiseFileName('..hidden.zip', 'X')).toBe('hidden');
    expect(sanitiseFileName('  \u0007 ', 'X')).toBe('X');
    expect(Array.from(sanitiseFileName('字'.repeat(60), 'X'))).toHaveLength(40);
  });
});

describe('result URLs of our own hosts', () => {
  const id = 'a'.repeat(32);

  it('take the Host the request came to, with either default port when it names none, and the public origin', () => {
    expect(ownHostKeys('Example.com', '')).toEqual(new Set(['example.com:80', 'example.com:443']));
    expect(ownHostKeys('example.com:8080', 'https://www.example.com')).toEqual(new Set(['example.com:8080', 'www.example.com:443']));
    expect(ownHostKeys('bad host', '')).toEqual(new Set());
  });

  it('accept only /generated/<job>/<file> on those hosts', () => {
    const keys = ownHostKeys('example.com:8080', 'https://www.example.com');
    expect(resultFileOf(`https://www.example.com/generated/${id}/logo.png`, keys)).toEqual({ id, file: 'logo.png' });
    expect(resultFileOf(`http://example.com:8080/generated/${id}/banner.mp4`, keys)).toEqual({ id, file: 'banner.mp4' });
    expect(resultFileOf(`/generated/${id}/banner-poster.jpg`, keys)).toEqual({ id, file: 'banner-poster.jpg' });
    for (const url of [
      `http://www.example.com/generated/${id}/logo.png`,
      `https://example.com/generated/${id}/logo.png`,
      `https://user@www.example.com/generated/${id}/logo.png`,
      `/generated/${id}/logo.png#x`,
      `/generated/${id.toUpperCase()}/logo.png`,
      `/generated/${id}/logo.svg`,
      `/generated/${id}/sub/logo.png`,
      `javascript:alert(1)`,
      '',
    ]) {
      expect([url, resultFileOf(url, keys)]).toEqual([url, null]);
    }
  });
});
