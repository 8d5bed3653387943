/**
 * 内容审核 of builder sites: what the builder's form puts on the page is checked against the
 * sensitive words at 发布, the owner's site list says 已下线 and why, and a second server on the
 * same database stops serving a page taken down on the first.
 */
import fs from 'node:fs';
import type { BuilderSite, PublishAnswer, SiteListAnswer, ZipUrlAnswer } from '../../../../src/contract/builder';
import { AnswerCode } from '../../../../src/contract/envelope';
import { ModerationMessages, sensitiveWordRefused } from '../../../../src/contract/moderation';
import { buildTestApp, get, post, type TestApp } from '../../helpers';
import { quickLogin } from '../../queue/kit';
import { waitUntil } from '../../waitUntil';
import { alice, newSite, type Caller } from '../builderKit';

jest.setTimeout(120_000);

let t: TestApp;
let a: Caller;
let operator: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ keepDataDir: true });
  a = alice(t);
  const op = quickLogin(t, '13700137000');
  operator = op.headers;
  await t.app.database.sql.updateTable('users').set({ role: 'operator' }).where('id', '=', op.userId).execute();
});

afterAll(async () => {
  await t.close();
  fs.rmSync(t.dataDir, { recursive: true, force: true });
});

const save = (site: BuilderSite, webName: string) => post<BuilderSite>(t, '/api/CreateWeb/saveConfig', { id: site.id, previewUrl: '', formData: { main: { web_name: webName } }, selectedComponents: {} }, a.headers);
const complete = (id: number) => post<ZipUrlAnswer>(t, '/api/CreateWeb/completeWeb', { id, formData: {} }, a.headers);
const publish = (id: number) => post<PublishAnswer>(t, '/api/webSiteLog/publish', { id }, a.headers);
const listed = async () => (await get<SiteListAnswer>(t, '/api/webSiteLog/getSiteList?page=1&page_size=10', a.headers)).data.list;

it('refuses to publish a builder site whose form values hold a sensitive word; the list says 已下线 and why', async () => {
  expect((await t.app.inject({ method: 'PUT', url: '/api/admin/sensitiveWords', payload: { words: '违禁品' }, headers: operator })).statusCode).toBe(200);
  const site = await newSite(t, a);
  await save(site, '出售 违 禁 品 的网站');
  expect((await complete(site.id)).code).toBe(200);
  expect(await publish(site.id)).toMatchObject({ code: AnswerCode.invalid, msg: sensitiveWordRefused('违禁品') });

  await save(site, '正经网站');
  expect((await complete(site.id)).code).toBe(200);
  const answer = await publish(site.id);
  expect(answer.code).toBe(200);
  const url = new URL(answer.data.url).pathname;
  const slug = url.split('/')[2];
  expect((await listed()).find((row) => row.id === site.id)?.takedown).toBeNull();

  // A second server on the same data: it serves the page, then stops within its cache's second.
  const second = await buildTestApp({ dataDir: t.dataDir, keepDataDir: true });
  try {
    expect((await second.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await post(t, `/api/admin/published/${slug}/takedown`, { reason: '页面含有虚假宣传' }, operator)).code).toBe(200);
    await waitUntil(async () => (await second.app.inject({ method: 'GET', url })).statusCode === 451, 5000);
  } finally {
    await second.close();
  }

  expect((await listed()).find((row) => row.id === site.id)?.takedown).toEqual({ slug, reason: '页面含有虚假宣传', reviewRequested: false });
  expect(await publish(site.id)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.publishTakenDown });
  expect((await post(t, '/api/publish/requestReview', { slug }, a.headers)).code).toBe(200);
  expect((await listed()).find((row) => row.id === site.id)?.takedown?.reviewRequested).toBe(true);
});
