/**
 * 发布 / 更新发布 / 下线: a builder site's last completion at a stable link with the sites' CSP, for
 * its owner only, within the per-user limit, kept through restarts and housekeeping, and on its
 * own origin when PUBLISH_ORIGIN is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BuilderMessages, type BuilderSite, type PublishAnswer, type SiteListAnswer, type ZipUrlAnswer } from '../../../src/contract/builder';
import { AnswerCode } from '../../../src/contract/envelope';
import { SITE_CONTENT_SECURITY_POLICY } from '../../../src/server/modules/siteFiles/contentPolicy';
import { publishLimitMessage } from '../../../src/server/modules/publishing/sitePublishing';
import { buildTestApp, createClock, get, post, type TestApp } from '../helpers';
import { alice, bob, newSite, type Caller } from './builderKit';

jest.setTimeout(120_000);

let t: TestApp;
let a: Caller;

beforeEach(async () => {
  t = await buildTestApp();
  a = alice(t);
});

afterEach(async () => {
  await t.close();
});

const save = (site: BuilderSite, webName: string, caller = a) => post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { main: { web_name: webName } }, selectedComponents: {} }, caller.headers);
const complete = (id: number, caller = a) => post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id, formData: {} }, caller.headers);
const publish = (id: number, caller = a) => post<PublishAnswer>(t, '/api/webSiteLog/publish', { id }, caller.headers);
const unpublish = (id: number, caller = a) => post<null>(t, '/api/webSiteLog/unpublish', { id }, caller.headers);
const listed = async (caller = a) => (await get<SiteListAnswer>(t, '/api/webSiteLog/getSiteList?page=1&page_size=10', caller.headers)).data.list;
const page = (url: string, host?: string) => t.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname, headers: host ? { host } : {} });

async function finishedSite(name: string, caller = a): Promise<BuilderSite> {
  const site = await newSite(t, caller);
  await save(site, name, caller);
  expect((await complete(site.id, caller)).code).toBe(200);
  return site;
}

describe('publishing a builder site', () => {
  it('publishes the last completion at a stable link with the sites\' CSP; the list shows the link', async () => {
    const site = await newSite(t, a);
    expect(await publish(site.id)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.publishNeedsCompletion });

    await save(site, '云海仙途');
    await complete(site.id);
    const answer = await publish(site.id);
    expect(answer).toMatchObject({ code: 200, msg: BuilderMessages.publishSucceeded });
    expect(answer.data.url).toMatch(/^http:\/\/localhost(:\d+)?\/pub\/[0-9a-f]{32}\/$/);
    expect(answer.data.qrcode).toMatch(/^data:image\/png;base64,/);
    const shown = await page(answer.data.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('云海仙途');
    expect(shown.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
    expect(shown.headers['cache-control']).toBe('no-cache');
    expect((await listed()).find((row) => row.id === site.id)?.published_url).toBe(answer.data.url);

    // Edits reach the published site only with a completion and 更新发布; the link stays.
    await save(site, '云海仙途·晨曦篇');
    expect((await publish(site.id)).data.url).toBe(answer.data.url);
    expect((await page(answer.data.url)).body).not.toContain('晨曦篇');
    await complete(site.id);
    expect((await publish(site.id)).data.url).toBe(answer.data.url);
    expect((await page(answer.data.url)).body).toContain('云海仙途·晨曦篇');
  });

  it('下线 takes the site and its link down; a site not published says so', async () => {
    const site = await finishedSite('落日孤城');
    const { url } = (await publish(site.id)).data;
    expect(await unpublish(site.id)).toMatchObject({ code: 200, msg: BuilderMessages.unpublishSucceeded });
    expect((await page(url)).statusCode).toBe(404);
    expect((await listed()).find((row) => row.id === site.id)?.published_url).toBe('');
    expect(await unpublish(site.id)).toMatchObject({ code: AnswerCode.invalid, msg: BuilderMessages.notPublished });
    // Published again: a new link, the old one stays dead.
    const again = (await publish(site.id)).data.url;
    expect(again).not.toBe(url);
    expect((await page(url)).statusCode).toBe(404);
  });

  it('holds each user to PUBLISH_MAX_PER_USER published sites; an update does not count again', async () => {
    await t.close();
    t = await buildTestApp({ env: { PUBLISH_MAX_PER_USER: '1' } });
    a = alice(t);
    const first = await finishedSite('一号');
    const second = await finishedSite('二号');
    expect((await publish(first.id)).code).toBe(200);
    expect((await publish(first.id)).code).toBe(200);
    expect(await publish(second.id)).toMatchObject({ code: AnswerCode.invalid, msg: publishLimitMessage(1) });
    await unpublish(first.id);
    expect((await publish(second.id)).code).toBe(200);
    // Another user's count is their own.
    const b = bob(t);
    expect((await publish((await finishedSite('三号', b)).id, b)).code).toBe(200);
  });

  it('gives two publishes of one site at once one link, which 下线 takes down for good', async () => {
    const site = await finishedSite('双击之城');
    const [one, two] = await Promise.all([publish(site.id), publish(site.id)]);
    expect([one.code, two.code]).toEqual([200, 200]);
    expect(two.data.url).toBe(one.data.url);
    expect(fs.readdirSync(path.join(t.dataDir, 'published'))).toHaveLength(1);
    await unpublish(site.id);
    expect((await page(one.data.url)).statusCode).toBe(404);
    expect(fs.readdirSync(path.join(t.dataDir, 'published'))).toEqual([]);
  });

  it('holds the limit when publishes of several sites come at once', async () => {
    await t.close();
    t = await buildTestApp({ env: { PUBLISH_MAX_PER_USER: '2' } });
    a = alice(t);
    const sites = [await finishedSite('一号'), await finishedSite('二号'), await finishedSite('三号'), await finishedSite('四号')];
    const answers = await Promise.all(sites.map((site) => publish(site.id)));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.code === AnswerCode.invalid && answer.msg === publishLimitMessage(2))).toHaveLength(2);
    expect(fs.readdirSync(path.join(t.dataDir, 'published'))).toHaveLength(2);
  });

  it("another account can neither publish nor take down a user's site; no login is 401", async () => {
    const site = await finishedSite('爱丽丝的站');
    const { url } = (await publish(site.id)).data;
    const b = bob(t);
    expect(await publish(site.id, b)).toMatchObject({ code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown });
    expect(await unpublish(site.id, b)).toMatchObject({ code: AnswerCode.notFound, msg: BuilderMessages.siteUnknown });
    expect((await t.app.inject({ method: 'POST', url: '/api/webSiteLog/publish', payload: { id: site.id } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/webSiteLog/unpublish', payload: { id: site.id } })).statusCode).toBe(401);
    expect((await page(url)).statusCode).toBe(200);
    for (const hostile of ['/pub/../app.db', '/pub/..%2fapp.db', `/pub/${'f'.repeat(32)}/`, '/pub/%2e%2e/%2e%2e/app.db']) {
      expect((await t.app.inject({ method: 'GET', url: hostile })).statusCode).toBe(404);
    }
  });

  it('keeps a published site through a restart and housekeeping weeks later', async () => {
    await t.close();
    const day = 24 * 3600_000;
    t = await buildTestApp({ clock: createClock(Date.now()), keepDataDir: true });
    const { dataDir } = t;
    a = alice(t);
    const site = await finishedSite('长青之地');
    const { url } = (await publish(site.id)).data;
    await t.close();
    // Housekeeping sweeps when the app starts: here, sixty days later.
    t = await buildTestApp({ dataDir, clock: createClock(Date.now() + 60 * day) });
    const shown = await page(url);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('长青之地');
  });

  it('with PUBLISH_ORIGIN, links carry it, its host serves only published sites, and the app host serves none', async () => {
    await t.close();
    t = await buildTestApp({ env: { PUBLISH_ORIGIN: 'https://pages.example.com' } });
    a = alice(t);
    const site = await finishedSite('独立域名');
    const { url } = (await publish(site.id)).data;
    expect(url.startsWith('https://pages.example.com/pub/')).toBe(true);
    expect((await listed()).find((row) => row.id === site.id)?.published_url).toBe(url);
    const shown = await page(url, 'pages.example.com');
    expect(shown.statusCode).toBe(200);
    // Its 举报 link leads back to the app, which the pages' host does not serve.
    expect(shown.body).toContain(`href="http://localhost:80/report?site=${url.split('/')[4]}"`);
    expect((await page(url, 'localhost:80')).statusCode).toBe(404);
    for (const appPath of ['/user/', '/api/webSiteLog/getSiteList?page=1', site.previewUrl]) {
      expect((await t.app.inject({ method: 'GET', url: appPath, headers: { host: 'pages.example.com', ...a.headers } })).statusCode).toBe(404);
    }
  });
});
