/**
 * 发布 / 下线 of a mini site (after 生成网站): the site at a stable link with the sites' CSP, for its
 * creator only, within the per-user limit it shares with builder sites, and kept by housekeeping
 * (folder and record) while published.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BuilderMessages, type PublishAnswer } from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import { MiniSiteMessages, type CreateSiteAnswer, type CreateSiteRequest } from '../../../src/contract/miniSite';
import { SITE_CONTENT_SECURITY_POLICY } from '../../../src/server/modules/siteFiles/contentPolicy';
import { KEEP_SITES_MS } from '../../../src/server/modules/miniSite/service';
import { publishLimitMessage } from '../../../src/server/modules/publishing/sitePublishing';
import { findSiteTemplate } from '../../../src/server/render/site/catalog';
import { buildTestApp, post, type TestApp } from '../helpers';
import { FakeRunner, quickLogin } from '../queue/kit';
import { newSite } from './builderKit';
import { generate } from './miniSiteKit';

const TEMPLATE_ID = findSiteTemplate(5)?.id ?? 5;
// The set-up starts the app and generates twice, and tests start it again or render a builder
// site's preview (newSite): as the builder's tests allow, since a busy machine takes far more than jest's 5 s.
jest.setTimeout(60_000);

let t: TestApp;
let owner: Record<string, string>;
let other: Record<string, string>;
let base: CreateSiteRequest;

const start = async (options: { dataDir?: string; clock?: TestApp['clock']; env?: Record<string, string> } = {}): Promise<void> => {
  t = await buildTestApp({
    ...options,
    keepDataDir: true,
    generation: { runner: new FakeRunner('auto') },
    miniSite: {
      render: async (input, outDir) => {
        fs.writeFileSync(path.join(outDir, 'index.html'), `<!doctype html><title>${input.texts.game_name}</title>`);
        return { files: ['index.html'] };
      },
    },
  });
  owner = quickLogin(t).headers;
  other = quickLogin(t, '13900139000').headers;
};

beforeEach(async () => {
  await start();
  const logo = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'tl' });
  const banner = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 3, banner: 2, module: 'fsa' });
  base = { templateId: TEMPLATE_ID, logoId: 3, logoUrl: logo.logoUrl, bannerId: 2, bannerUrl: banner.bannerUrl, config: {} };
});

afterEach(async () => {
  await t.close();
  fs.rmSync(t.dataDir, { recursive: true, force: true });
});

const create = async (name: string): Promise<string> => {
  const answer = await post<CreateSiteAnswer>(t, '/index/minisite/createSite', { ...base, config: { game_name: name } }, owner);
  expect(answer.code).toBe(200);
  return answer.data.webSiteDir;
};
const publish = (webSiteDir: string, headers = owner) => post<PublishAnswer>(t, '/index/minisite/publish', { webSiteDir }, headers);
const unpublish = (webSiteDir: string, headers = owner) => post<null>(t, '/index/minisite/unpublish', { webSiteDir }, headers);
const state = (webSiteDir: string, headers = owner) => post<PublishAnswer>(t, '/index/minisite/publishState', { webSiteDir }, headers);
const page = (url: string) => t.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname });

it('publishes a created site at a stable link with the sites\' CSP, says so when asked, and 下线 takes it down', async () => {
  const dir = await create('云海仙途');
  expect((await state(dir)).data).toEqual({ url: '', qrcode: '' });
  const answer = await publish(dir);
  expect(answer).toMatchObject({ code: 200, msg: BuilderMessages.publishSucceeded });
  expect(answer.data.url).toMatch(/^http:\/\/localhost(:\d+)?\/pub\/[0-9a-f]{32}\/$/);
  expect(answer.data.qrcode).toMatch(/^data:image\/png;base64,/);
  const shown = await page(answer.data.url);
  expect(shown.statusCode).toBe(200);
  expect(shown.body).toContain('云海仙途');
  expect(shown.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
  expect((await state(dir)).data.url).toBe(answer.data.url);
  // Again: the same link.
  expect((await publish(dir)).data.url).toBe(answer.data.url);

  expect(await unpublish(dir)).toMatchObject({ code: 200, msg: BuilderMessages.unpublishSucceeded });
  expect((await page(answer.data.url)).statusCode).toBe(404);
  expect((await state(dir)).data.url).toBe('');
  expect(await unpublish(dir)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.notPublished });
});

it("refuses another account, made-up folders and no login on publish, 下线 and the state; the site stays up", async () => {
  const dir = await create('爱丽丝的站');
  const { url } = (await publish(dir)).data;
  const unknown = { status: 200, code: AnswerCode.notFound, msg: MiniSiteMessages.siteUnknown, data: null };
  for (const call of [publish, unpublish, state]) {
    expect(await call(dir, other)).toEqual(unknown);
    expect(await call('f'.repeat(32))).toEqual(unknown);
    expect(await call('../sites')).toEqual(unknown);
    expect(await call(dir.toUpperCase())).toEqual(unknown);
    expect((await call(dir, {})).status).toBe(401);
  }
  expect((await page(url)).statusCode).toBe(200);
});

it('counts mini and builder sites against one PUBLISH_MAX_PER_USER', async () => {
  await t.close();
  await start({ env: { PUBLISH_MAX_PER_USER: '1' } });
  const logo = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'tl' });
  const banner = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 3, banner: 2, module: 'fsa' });
  base = { ...base, logoUrl: logo.logoUrl, bannerUrl: banner.bannerUrl };
  const first = await create('一号');
  const second = await create('二号');
  expect((await publish(first)).code).toBe(200);
  expect(await publish(second)).toMatchObject({ code: AnswerCode.invalid, msg: publishLimitMessage(1) });
  // A builder site of the same user is held to the same count.
  const site = await newSite(t, quickLogin(t));
  expect((await post(t, '/api/CreateWeb/completeWeb', { id: site.id, formData: { main: { web_name: '三号' } } }, owner)).code).toBe(200);
  expect(await post(t, '/api/webSiteLog/publish', { id: site.id }, owner)).toMatchObject({ code: AnswerCode.invalid, msg: publishLimitMessage(1) });
  await unpublish(first);
  expect((await publish(second)).code).toBe(200);
});

it('keeps a published site, folder and record, through housekeeping past 14 days; an unpublished one goes', async () => {
  const kept = await create('长青之地');
  const gone = await create('过眼云烟');
  const { url } = (await publish(kept)).data;
  const { dataDir, clock } = t;
  await t.close();
  clock.advance(KEEP_SITES_MS + 1);
  // A start runs a housekeeping sweep at once.
  await start({ dataDir, clock });
  expect((await page(url)).body).toContain('长青之地');
  expect((await state(kept)).data.url).toBe(url);
  expect(fs.existsSync(path.join(dataDir, 'sites', gone))).toBe(false);
  // The owner can still take it down, and then housekeeping deletes it like any other.
  expect((await unpublish(kept)).code).toBe(200);
  await t.close();
  clock.advance(1);
  await start({ dataDir, clock });
  expect((await state(kept)).code).toBe(AnswerCode.notFound);
});
