/**
 * Share metadata of published pages: a published mini site and a published builder site carry
 * absolute og:url / og:image and WeChat's itemprop tags, whose pictures answer 200 on the origin
 * the pages are served at (PUBLISH_ORIGIN's host when set); the site's own folder and its zip keep
 * relative references.
 */
import sharp from 'sharp';
import type { BuilderSite, PublishAnswer, ZipUrlAnswer } from '../../../src/contract/builder';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import type { CreateSiteAnswer } from '../../../src/contract/miniSite';
import { findSiteTemplate } from '../../../src/server/render/site/catalog';
import { withShareMeta } from '../../../src/server/render/site/shareStamp';
import { WECHAT_SHARE_SCRIPT, WECHAT_SHARE_SCRIPT_FILE } from '../../../src/server/render/site/wechatShareScript';
import { WECHAT_JS_CONFIG_PATH } from '../../../src/contract/wechatShare';
import { SITE_CONTENT_SECURITY_POLICY } from '../../../src/server/modules/siteFiles/contentPolicy';
import { startFakeWechat, wechatEnv } from '../../fakes/wechat/server';
import { buildTestApp, post, type TestApp } from '../helpers';
import { quickLogin } from '../queue/kit';
import { alice, newSite } from './builderKit';
import { SmallRealRunner, generate } from './miniSiteKit';

jest.setTimeout(120_000);

const PUBLISH_ORIGIN = 'https://pages.example.com';
let t: TestApp;

afterEach(async () => {
  await t?.close();
});

const meta = (html: string, attribute: string, key: string): string | undefined =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

/** The page at `url` and each of its share tags, fetched as a crawler would (on the URL's host). */
async function checkShareTags(url: string): Promise<string> {
  const get = (address: string) => {
    const parsed = new URL(address);
    return t.app.inject({ method: 'GET', url: parsed.pathname, headers: { host: parsed.host } });
  };
  const page = await get(url);
  expect(page.statusCode).toBe(200);
  const html = page.body;
  expect(meta(html, 'property', 'og:url')).toBe(url);
  const ogImage = meta(html, 'property', 'og:image') ?? '';
  const wechatImage = meta(html, 'itemprop', 'image') ?? '';
  expect(ogImage).toBe(new URL('assets/share.png', url).href);
  expect(meta(html, 'name', 'twitter:image')).toBe(ogImage);
  expect(wechatImage).toBe(new URL('assets/share-square.png', url).href);
  expect(meta(html, 'itemprop', 'name')).toBe(meta(html, 'property', 'og:title'));
  expect(meta(html, 'itemprop', 'description')).toBe(meta(html, 'property', 'og:description'));
  for (const picture of [ogImage, wechatImage]) {
    const answer = await get(picture);
    expect(answer.statusCode).toBe(200);
    const { width = 0, height = 0 } = await sharp(answer.rawPayload).metadata();
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(300);
  }
  const square = await sharp((await get(wechatImage)).rawPayload).metadata();
  expect(square.width).toBe(square.height);
  return html;
}

it('a published mini site carries absolute share tags on PUBLISH_ORIGIN; its zip keeps them relative', async () => {
  t = await buildTestApp({ env: { PUBLISH_ORIGIN }, generation: { runner: new SmallRealRunner() } });
  const owner = quickLogin(t).headers;
  const logo = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'tl' });
  const banner = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 3, banner: 2, module: 'fsa' });
  const created = await post<CreateSiteAnswer>(
    t,
    '/index/minisite/createSite',
    { templateId: findSiteTemplate(5)?.id ?? 5, logoId: 3, logoUrl: logo.logoUrl, bannerId: 2, bannerUrl: banner.bannerUrl, config: { game_name: '云海仙途' } },
    owner,
  );
  expect(created).toMatchObject({ code: 200 });
  const published = await post<PublishAnswer>(t, '/index/minisite/publish', { webSiteDir: created.data.webSiteDir }, owner);
  expect(published.data.url.startsWith(`${PUBLISH_ORIGIN}/pub/`)).toBe(true);
  await checkShareTags(published.data.url);

  // The site's own page (what the zip carries) is untouched.
  const own = await t.app.inject({ method: 'GET', url: new URL(created.data.previewUrl, 'http://localhost').pathname });
  expect(own.body).not.toContain('og:url');
  expect(meta(own.body, 'property', 'og:image')).toBe('assets/share.png');
});

it('a published builder site carries absolute share tags on the origin it was published from', async () => {
  t = await buildTestApp();
  const a = alice(t);
  const site: BuilderSite = await newSite(t, a);
  await post(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { main: { web_name: '云海仙途' } }, selectedComponents: {} }, a.headers);
  expect((await post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, a.headers)).code).toBe(200);
  const published = await post<PublishAnswer>(t, '/api/webSiteLog/publish', { id: site.id }, a.headers);
  expect(published.data.url).toMatch(/^http:\/\/localhost(:\d+)?\/pub\/[0-9a-f]{32}\/$/);
  const html = await checkShareTags(published.data.url);
  expect(meta(html, 'itemprop', 'name')).toBe('云海仙途');
  // No WeChat account: no share card script, the sites' policy as it is.
  expect(html).not.toContain(WECHAT_SHARE_SCRIPT_FILE);
  const shown = await t.app.inject({ method: 'GET', url: new URL(published.data.url).pathname });
  expect(shown.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
});

it('with the WeChat account configured, a published page sets WeChat\'s share card and may load its JS-SDK', async () => {
  const fake = await startFakeWechat();
  try {
    t = await buildTestApp({ env: { ...wechatEnv(fake), PUBLIC_ORIGIN: 'https://app.example.com' } });
    const a = alice(t);
    const site: BuilderSite = await newSite(t, a);
    expect((await post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: {} }, a.headers)).code).toBe(200);
    const published = await post<PublishAnswer>(t, '/api/webSiteLog/publish', { id: site.id }, a.headers);
    const path = new URL(published.data.url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(meta(page.body, 'name', 'wechat-share-api')).toBe(`https://app.example.com${WECHAT_JS_CONFIG_PATH}`);
    expect(page.body).toContain(`<script src="${WECHAT_SHARE_SCRIPT_FILE}" defer></script>`);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://res.wx.qq.com;");
    expect(policy).toContain(`https://app.example.com${WECHAT_JS_CONFIG_PATH}`);
    const script = await t.app.inject({ method: 'GET', url: `${path}${WECHAT_SHARE_SCRIPT_FILE}` });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(WECHAT_SHARE_SCRIPT);
  } finally {
    await fake.close();
  }
});

it('copies titles as escaped text and keeps a page that has its tags as it is', () => {
  const html = '<html><head><meta property="og:title" content="&quot;&gt;&lt;script&gt;"/><meta property="og:image" content="assets/share.png"/></head><body></body></html>';
  const once = withShareMeta(html, 'https://p.example/pub/a/', null);
  expect(once).toContain('<meta itemprop="name" content="&quot;&gt;&lt;script&gt;"/>');
  expect(once).toContain('<meta itemprop="image" content="https://p.example/pub/a/assets/share.png"/>');
  expect(once).not.toContain('<script>');
  expect(withShareMeta(once, 'https://other.example/', null)).toBe(once);
});
