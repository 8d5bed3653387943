/**
 * POST /index/minisite/createSite and /index/minisite/getDownloadZipUrl, with a logo and a banner
 * really rendered through the queue (small banner videos): every refusal writes nothing, a created
 * site is served with its own policy, only its creator may zip it, and the zip holds the folder.
 */
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import { AnswerCode } from '../../../src/contract/envelope';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, GenerationMessages, type ZipAnswer } from '../../../src/contract/generation';
import { Messages } from '../../../src/contract/messages';
import type { PhonePreviewAnswer } from '../../../src/contract/builder';
import { centralEntries } from '../../fixtures/zipDirectory';
import { MiniSiteLimits, MiniSiteMessages, configFields, type CreateSiteAnswer, type CreateSiteRequest, type UploadAnswer } from '../../../src/contract/miniSite';
import { SITE_CONTENT_SECURITY_POLICY } from '../../../src/server/modules/siteFiles/contentPolicy';
import { MINI_SITE_RATE_LIMITS } from '../../../src/server/modules/miniSite/rateLimits';
import { KEEP_SITES_MS } from '../../../src/server/modules/miniSite/service';
import { MUSIC_TRACKS } from '../../../src/server/render/music/tracks';
import { PictureRefusedError } from '../../../src/server/render/pictureRefused';
import { findSiteTemplate } from '../../../src/server/render/site/catalog';
import type { SiteRenderInput } from '../../../src/server/render/site/types';
import { buildTestApp, envelopeOf, post, type TestApp } from '../helpers';
import { samePicture } from '../render/siteFiles';
import { cssUrls, htmlResources, inlineStyles, linkTargets, srcsetEntries, tags, type Tag } from '../render/site/siteHtml';
import { FakeRunner, quickLogin } from '../queue/kit';
import { probeVideo } from '../../fixtures/videoFiles';
import { SmallRealRunner, canvasImage, generate, listTree, multipart, placeMusic } from './miniSiteKit';
import { LOCATION_MARKS, gifWithLocation, sharpAnimation } from './pictureBytes';

const TEMPLATE = findSiteTemplate(5) ?? (() => { throw new Error('site template 5 missing'); })();
const fields = configFields(TEMPLATE.config);
const keyOf = (type: string): string => {
  const field = fields.find((candidate) => candidate.type === type);
  if (!field) throw new Error(`template ${TEMPLATE.id} has no ${type} field`);
  return field.key;
};
const IMAGE_KEY = keyOf('image');
const VIDEO_KEY = keyOf('video');

const sitesDir = (t: TestApp): string => path.join(t.dataDir, 'sites');
const nothingWritten = (t: TestApp): void => {
  expect(listTree(sitesDir(t))).toEqual([]);
  expect(listTree(path.join(t.dataDir, 'sites-tmp'))).toEqual([]);
};

describe('with real logos and banners', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let logo: { logoUrl: string; uniqueId: string };
  let banner: { logoUrl: string; bannerUrl: string; uniqueId: string };
  let upload: string;
  let base: CreateSiteRequest;

  beforeAll(async () => {
    t = await buildTestApp({ generation: { runner: new SmallRealRunner() } });
    owner = quickLogin(t).headers;
    other = quickLogin(t, '13900139000').headers;
    logo = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'tl' });
    banner = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 3, banner: 2, module: 'fsa' });
    const body = multipart([{ name: 'image', filename: 'shot.png', contentType: 'image/png', data: canvasImage('png', 64, 36) }]);
    const uploaded = envelopeOf<UploadAnswer>(await t.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: body.headers }));
    upload = uploaded.data.shortUrl;
    await placeMusic(t.dataDir);
    base = { templateId: TEMPLATE.id, logoId: 3, logoUrl: logo.logoUrl, bannerId: 2, bannerUrl: banner.bannerUrl, config: {} };
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  const create = (body: object, headers = owner) => post<CreateSiteAnswer>(t, '/index/minisite/createSite', body, headers);
  const zip = (webSiteDir: string, headers = owner) => post<ZipAnswer>(t, '/index/minisite/getDownloadZipUrl', { webSiteDir }, headers);

  it('needs a login: HTTP 401, nothing written', async () => {
    expect(await create(base, {})).toEqual({ status: 401, code: 401, msg: Messages.loginExpired, data: null });
    expect((await create(base, { authorization: 'Bearer not.a.token' })).status).toBe(401);
    nothingWritten(t);
  });

  it.each<[string, (base: CreateSiteRequest, ids: { logo: string; banner: string }) => object, string]>([
    ['no template', (b) => ({ ...b, templateId: 0 }), MiniSiteMessages.siteTemplateRequired],
    ['an unknown template', (b) => ({ ...b, templateId: 9999 }), MiniSiteMessages.siteTemplateMissing],
    ['no logo style', (b) => ({ ...b, logoId: 0 }), MiniSiteMessages.logoTemplateRequired],
    ['an unknown logo style', (b) => ({ ...b, logoId: 999 }), GenerationMessages.logoTemplateMissing],
    ['no banner style', (b) => ({ ...b, bannerId: 0 }), MiniSiteMessages.bannerTemplateRequired],
    ['an unknown banner style', (b) => ({ ...b, bannerId: 999 }), GenerationMessages.bannerTemplateMissing],
    ['no logo', (b) => ({ ...b, logoUrl: '' }), MiniSiteMessages.logoFirst],
    ['no banner', (b) => ({ ...b, bannerUrl: '' }), MiniSiteMessages.bannerFirst],
    ['a logo on another host', (b, ids) => ({ ...b, logoUrl: `https://evil.example.com/generated/${ids.logo}/logo.png` }), MiniSiteMessages.resultUnknown],
    ['a logo path with dot segments', (b, ids) => ({ ...b, logoUrl: `/generated/${ids.logo}/../../app.db` }), MiniSiteMessages.resultUnknown],
    ['an encoded traversal', () => ({ ...base, logoUrl: '/generated/%2e%2e/app.db' }), MiniSiteMessages.resultUnknown],
    ['a logo that was never made', (b) => ({ ...b, logoUrl: `/generated/${'0'.repeat(32)}/logo.png` }), MiniSiteMessages.resultUnknown],
    ['a video as the logo', (b) => ({ ...b, logoUrl: b.bannerUrl }), MiniSiteMessages.resultUnknown],
    ['an upload as the logo', () => ({ ...base, logoUrl: upload }), MiniSiteMessages.resultUnknown],
    ['a logo as the banner', (b) => ({ ...b, bannerUrl: b.logoUrl }), MiniSiteMessages.resultUnknown],
    ['a poster as the banner', (b, ids) => ({ ...b, bannerUrl: `/generated/${ids.banner}/banner-poster.jpg` }), MiniSiteMessages.resultUnknown],
    ['a transparent logo job named as a video', (b, ids) => ({ ...b, bannerUrl: `/generated/${ids.logo}/banner.mp4` }), MiniSiteMessages.resultUnknown],
    ['an upload that does not exist', (b) => ({ ...b, config: { [IMAGE_KEY]: `/uploads/${'a'.repeat(32)}.png` } }), MiniSiteMessages.imageUnknown],
    ['a picture on another host', (b) => ({ ...b, config: { [IMAGE_KEY]: 'https://evil.example.com/x.png' } }), MiniSiteMessages.imageUnknown],
    ['a default picture path with dot segments', (b) => ({ ...b, config: { [IMAGE_KEY]: '/site-templates/defaults/../../../app.db' } }), MiniSiteMessages.imageUnknown],
    ['an empty picture', (b) => ({ ...b, config: { [IMAGE_KEY]: '' } }), MiniSiteMessages.imageRequired],
    ['an unknown music value', (b) => ({ ...b, config: { music: 'nope' } }), MiniSiteMessages.musicUnknown],
    ['a game name over its 20 characters', (b) => ({ ...b, config: { game_name: '字'.repeat(21) } }), '游戏名称长度不能超过20个字符'],
    ['an empty game name', (b) => ({ ...b, config: { game_name: '  ' } }), '请输入游戏名称'],
    ['a trailer link that is script', (b) => ({ ...b, config: { [VIDEO_KEY]: 'javascript:alert(1)' } }), MiniSiteMessages.videoLinkInvalid],
  ])('refuses %s with code 422 and writes nothing', async (_label, make, message) => {
    const answer = await create(make(base, { logo: logo.uniqueId, banner: banner.uniqueId }));
    expect(answer).toEqual({ status: 200, code: AnswerCode.invalid, msg: message, data: null });
    nothingWritten(t);
  });

  it('refuses oversized input before looking at it', async () => {
    const answer = await create({ ...base, config: { intro: '字'.repeat(5000) } });
    expect(answer.code).toBe(AnswerCode.invalid);
    expect(answer.msg).toContain('config.intro');
    nothingWritten(t);
  });

  let site: CreateSiteAnswer;
  const hostile = {
    game_name: '<script>x</script>',
    slogan: '"onerror="alert(1)',
    intro: '<img src=x onerror=alert(1)> 与 </p><script>alert(2)</script>',
    qr_url: 'javascript:alert(3)',
  };

  it('creates the site from real results, an upload and a track, with hostile text shown as text', async () => {
    const started = Date.now();
    const answer = await create({ ...base, config: { ...hostile, [IMAGE_KEY]: upload, music: MUSIC_TRACKS[1].slug, ignored_key: 'x' } });
    // Measured, not asserted (DESIGN.md section 9); the first one starts the render thread.
    console.info(`createSite (first, starting the render thread): ${Date.now() - started} ms`);
    expect(answer).toMatchObject({ status: 200, code: 200, msg: MiniSiteMessages.createSucceeded });
    site = answer.data;
    expect(site.webSiteDir).toMatch(MiniSiteLimits.webSiteDirPattern);
    expect(site.previewUrl).toBe(`/sites/${site.webSiteDir}/index.html`);
    expect(listTree(sitesDir(t))[0]).toBe(site.webSiteDir);
    expect(listTree(path.join(t.dataDir, 'sites-tmp'))).toEqual([]);

    const row = t.readDb().prepare('SELECT dir, user_id, template_id, name FROM mini_sites').all();
    expect(row).toEqual([{ dir: site.webSiteDir, user_id: quickLogin(t).userId, template_id: TEMPLATE.id, name: hostile.game_name }]);

    const page = await t.app.inject({ method: 'GET', url: site.previewUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const html = page.body;
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>x');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href=["']?\s*javascript:/i);
    // Every script is a file of the site; no inline script for the policy to block.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/src="[^":]+"/);

    // Every local reference resolves inside the folder and is served: src, every srcset candidate,
    // the video's data-src, links to files and the inline stylesheet's fonts.
    const folder = path.join(sitesDir(t), site.webSiteDir);
    const references = [...htmlResources(html), ...linkTargets(html), ...cssUrls(inlineStyles(html).join('\n'))].filter((ref) => !/^(?:https?:|#|mailto:|data:)/.test(ref));
    expect(references.length).toBeGreaterThan(3);
    expect(references.some((ref) => /^assets\/fonts\/.+\.woff2$/.test(ref))).toBe(true);
    for (const ref of new Set(references)) {
      const file = path.resolve(folder, ref.split(/[?#]/)[0]);
      expect(file.startsWith(folder + path.sep)).toBe(true);
      expect([ref, fs.existsSync(file)]).toEqual([ref, true]);
      expect([ref, (await t.app.inject({ method: 'GET', url: `/sites/${site.webSiteDir}/${ref}` })).statusCode]).toEqual([ref, 200]);
    }
    // The banner video: its source waits in data-src for site.js, over the poster's picture.
    const all = tags(html);
    const videoTag = all.find((tag) => tag.name === 'video' && !tag.closing);
    expect(videoTag?.attributes.src).toBeUndefined();
    const asset = videoTag?.attributes['data-src'];
    expect(asset).toMatch(/\.mp4$/);
    const video = await t.app.inject({ method: 'GET', url: `/sites/${site.webSiteDir}/${asset}` });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.equals(fs.readFileSync(path.join(t.dataDir, 'generated', banner.uniqueId, 'banner.mp4')))).toBe(true);
    // The results and the upload are in the page as WebP sizes of themselves: the poster, the logo, the screenshot.
    const shows = async (img: Tag | undefined, source: string): Promise<boolean> =>
      !!img && (await samePicture(path.join(folder, srcsetEntries(img.attributes.srcset ?? '').pop()?.url ?? img.attributes.src ?? ''), source));
    const poster = all.find((tag) => tag.name === 'img' && tag.attributes.class === 'hero-poster');
    expect(await shows(poster, path.join(t.dataDir, 'generated', banner.uniqueId, 'banner-poster.jpg'))).toBe(true);
    const logos = all.filter((tag) => tag.name === 'img' && (tag.attributes.src ?? '').startsWith('assets/logo-'));
    expect(logos.length).toBeGreaterThan(0);
    for (const img of logos) expect(await shows(img, path.join(t.dataDir, 'generated', logo.uniqueId, 'logo.png'))).toBe(true);
    const screenshots = all.filter((tag) => tag.name === 'img' && tag.attributes.width === '64' && tag.attributes.height === '36');
    expect(screenshots.length).toBeGreaterThan(0);
    for (const img of screenshots) expect(await shows(img, path.join(t.dataDir, 'uploads', path.basename(upload)))).toBe(true);
    expect(listTree(folder).some((entry) => entry.endsWith('.mp3'))).toBe(true);
    // A phone held upright gets the banner's phone cut (made after the banner, waited for a while).
    expect(videoTag?.attributes['data-src-portrait']).toBe('assets/banner-portrait.mp4');
    expect(probeVideo(path.join(folder, 'assets/banner-portrait.mp4'))).toMatchObject({ width: 180, height: 320 });
  }, 60_000);

  it("zips only the creator's own site; a stranger, a made-up folder or a pattern break get 'unknown'", async () => {
    const unknown = { status: 200, code: AnswerCode.notFound, msg: MiniSiteMessages.siteUnknown, data: null };
    expect(await zip(site.webSiteDir, other)).toEqual(unknown);
    expect(await zip('f'.repeat(32))).toEqual(unknown);
    expect(await zip('../sites')).toEqual(unknown);
    expect(await zip(site.webSiteDir.toUpperCase())).toEqual(unknown);
    expect((await zip(site.webSiteDir, {})).status).toBe(401);
    expect(listTree(path.join(t.dataDir, 'zips'))).toEqual([]);
  });

  it("gives a 手机预览 link of the creator's own site only; the link opens it", async () => {
    const phone = (webSiteDir: string, headers = owner) => post<PhonePreviewAnswer>(t, '/index/minisite/phonePreview', { webSiteDir }, headers);
    const answer = await phone(site.webSiteDir);
    expect(answer.code).toBe(200);
    expect(answer.data.qrcode).toMatch(/^data:image\/png;base64,/);
    const opened = await t.app.inject({ method: 'GET', url: new URL(answer.data.url).pathname });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
    // The link shows the site without naming its folder.
    expect(answer.data.url).not.toContain(site.webSiteDir);

    const unknown = { status: 200, code: AnswerCode.notFound, msg: MiniSiteMessages.siteUnknown, data: null };
    expect(await phone(site.webSiteDir, other)).toEqual(unknown);
    expect(await phone('f'.repeat(32))).toEqual(unknown);
    expect(await phone('../sites')).toEqual(unknown);
    expect((await phone(site.webSiteDir, {})).status).toBe(401);
  });

  it('zips the whole folder under one folder named after the game, and reuses the zip', async () => {
    const started = Date.now();
    const created = await create({ ...base, config: { game_name: '龙腾天下' } });
    console.info(`createSite (thread running): ${Date.now() - started} ms`);
    expect(created.code).toBe(200);
    const answer = await zip(created.data.webSiteDir);
    expect(answer.code).toBe(200);
    expect(answer.data.zipUrl).toMatch(new RegExp(`^/zips/[0-9a-f]{32}/${encodeURIComponent('龙腾天下-官网')}\\.zip$`));

    const download = await t.app.inject({ method: 'GET', url: answer.data.zipUrl });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('龙腾天下-官网.zip')}`);
    const entries = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(entries).sort();
    const folder = path.join(sitesDir(t), created.data.webSiteDir);
    expect(names).toEqual(listTree(folder).filter((entry) => fs.statSync(path.join(folder, entry)).isFile()).map((entry) => `龙腾天下-官网/${entry}`).sort());
    expect(names).toContain('龙腾天下-官网/index.html');
    expect(names.some((name) => name.startsWith('龙腾天下-官网/assets/'))).toBe(true);
    expect(Buffer.from(entries['龙腾天下-官网/index.html']).equals(fs.readFileSync(path.join(folder, 'index.html')))).toBe(true);
    // Text is deflated; pictures, videos and the text's own .br and .gz copies are compressed already.
    const deflated = new Map((await centralEntries(download.rawPayload)).map((entry) => [entry.name, entry.deflated]));
    expect(deflated.get('龙腾天下-官网/index.html')).toBe(true);
    for (const name of names.filter((entry) => /\.(br|gz|mp4|webp|jpg|png)$/.test(entry))) expect([name, deflated.get(name)]).toEqual([name, false]);
    expect(names.some((name) => name.endsWith('.br')) && names.some((name) => name.endsWith('.mp4'))).toBe(true);

    const zipFile = path.join(t.dataDir, answer.data.zipUrl.split('/').slice(1, 3).join('/'), '龙腾天下-官网.zip');
    const madeAt = fs.statSync(zipFile).mtimeMs;
    expect((await zip(created.data.webSiteDir)).data).toEqual(answer.data);
    expect(fs.statSync(zipFile).mtimeMs).toBe(madeAt);
  }, 60_000);

  it('puts an animated GIF uploaded with its location into the site and the zip animated and without it', async () => {
    const gif = gifWithLocation(await sharpAnimation('gif', { width: 48, height: 32 }, 3));
    const body = multipart([{ name: 'image', filename: 'walk.gif', contentType: 'image/gif', data: gif }]);
    const gifUpload = envelopeOf<UploadAnswer>(await t.app.inject({ method: 'POST', url: '/index/minisite/upload', payload: body.payload, headers: body.headers })).data.shortUrl;
    const created = await create({ ...base, config: { game_name: '龙腾天下', [IMAGE_KEY]: gifUpload } });
    expect(created.code).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: (await zip(created.data.webSiteDir)).data.zipUrl });
    const entries = Object.entries(unzipSync(new Uint8Array(download.rawPayload)));
    const gifs = entries.filter(([name]) => name.endsWith('.gif'));
    expect(gifs).toHaveLength(1);
    expect((await sharp(Buffer.from(gifs[0][1])).metadata()).pages).toBe(3);
    for (const [name, bytes] of entries) {
      const found = LOCATION_MARKS.filter((mark) => Buffer.from(bytes).includes(Buffer.from(mark, 'latin1')));
      expect({ name, found }).toEqual({ name, found: [] });
    }
  }, 60_000);
});

describe('with a stand-in renderer', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let base: CreateSiteRequest;
  let renders: SiteRenderInput[];
  /** Thrown by the next render when set. */
  let failNext: Error | null;

  const start = async (dataDir?: string, clock?: TestApp['clock']): Promise<void> => {
    renders = [];
    failNext = null;
    t = await buildTestApp({
      dataDir,
      clock,
      keepDataDir: true,
      generation: { runner: new FakeRunner('auto') },
      miniSite: {
        render: async (input, outDir) => {
          renders.push(input);
          fs.writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>ok</title>');
          if (failNext) throw failNext;
          return { files: ['index.html'] };
        },
      },
    });
    owner = quickLogin(t).headers;
  };

  beforeEach(async () => {
    await start();
    const logo = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'tl' });
    const banner = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 3, banner: 2, module: 'fsa' });
    base = { templateId: TEMPLATE.id, logoId: 3, logoUrl: logo.logoUrl, bannerId: 2, bannerUrl: banner.bannerUrl, config: {} };
  });

  afterEach(async () => {
    await t.close();
    fs.rmSync(t.dataDir, { recursive: true, force: true });
  });

  const create = (body: object = base) => post<CreateSiteAnswer>(t, '/index/minisite/createSite', body, owner);

  it("gives the renderer the template's defaults for missing fields, files for pictures, and no music by default", async () => {
    expect((await create({ ...base, config: { game_name: '星辰' } })).code).toBe(200);
    const [input] = renders;
    expect(input.templateId).toBe(TEMPLATE.id);
    // The banner's style, which the default pictures follow (genrePictures.ts).
    expect(input.bannerId).toBe(2);
    expect(input.texts.game_name).toBe('星辰');
    expect(input.texts.slogan).toBe(fields.find((field) => field.key === 'slogan')?.value);
    expect(Object.keys(input.images).sort()).toEqual(fields.filter((field) => field.type === 'image').map((field) => field.key).sort());
    for (const image of Object.values(input.images)) expect(fs.existsSync(image.path)).toBe(true);
    expect(input.music).toBeNull();
    expect(path.basename(input.logo.path)).toBe('logo.png');
    expect(path.basename(input.bannerVideo.path)).toBe('banner.mp4');
    expect(path.basename(input.bannerPoster.path)).toBe('banner-poster.jpg');
    expect(input.texts).not.toHaveProperty('banner');
  });

  it('answers code 500 when the render fails, and leaves no folder behind', async () => {
    failNext = new Error('renderer broke');
    expect(await create()).toEqual({ status: 200, code: AnswerCode.serverError, msg: MiniSiteMessages.createFailed, data: null });
    nothingWritten(t);
    expect(t.readDb().prepare('SELECT COUNT(*) AS n FROM mini_sites').get()).toEqual({ n: 0 });
  });

  it('answers the picture refusal of a render that would not decode a picture (code 422), and leaves no folder behind', async () => {
    failNext = new PictureRefusedError('tooManyPixels');
    expect(await create()).toEqual({ status: 200, code: AnswerCode.invalid, msg: MiniSiteMessages.pictureTooManyPixels, data: null });
    nothingWritten(t);
  });

  it('limits site creation per user (code 429)', async () => {
    for (let n = 0; n < MINI_SITE_RATE_LIMITS.createPerUser.limit; n += 1) expect((await create()).code).toBe(200);
    expect(await create()).toMatchObject({ code: AnswerCode.tooMany, msg: Messages.tooManyRequests });
    t.clock.advance(MINI_SITE_RATE_LIMITS.createPerUser.windowMs);
    expect((await create()).code).toBe(200);
  });

  it('deletes sites past 14 days, folder and record, in housekeeping', async () => {
    const kept = (await create()).data.webSiteDir;
    expect(fs.existsSync(path.join(sitesDir(t), kept))).toBe(true);
    const { dataDir, clock } = t;
    await t.close();
    clock.advance(KEEP_SITES_MS + 1);
    // A start runs a housekeeping sweep at once.
    await start(dataDir, clock);
    expect(listTree(sitesDir(t))).toEqual([]);
    expect(t.readDb().prepare('SELECT COUNT(*) AS n FROM mini_sites').get()).toEqual({ n: 0 });
    expect((await post(t, '/index/minisite/getDownloadZipUrl', { webSiteDir: kept }, owner)).code).toBe(AnswerCode.notFound);
  });
});
