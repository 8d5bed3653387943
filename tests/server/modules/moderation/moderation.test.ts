/**
 * 内容审核: operators list published pages with their owner and views, take one down (every file
 * of it answers a notice, its owner reads why and may ask for review) and restore it; anyone
 * reports a page from its 举报 link; a publish holding a sensitive word is refused with the word.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PublishAnswer } from '../../../../src/contract/builder';
import { AnswerCode } from '../../../../src/contract/envelope';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import type { CreateSiteAnswer, CreateSiteRequest } from '../../../../src/contract/miniSite';
import {
  ModerationLimits,
  ModerationMessages,
  reportTextTooLong,
  sensitiveWordRefused,
  takedownReasonTooLong,
  tooManyWords,
  type ConsolePublishedList,
  type ConsoleReportList,
  type SensitiveWords,
} from '../../../../src/contract/moderation';
import type { OperatorActionList } from '../../../../src/contract/operators';
import { SITE_CONTENT_SECURITY_POLICY } from '../../../../src/server/modules/siteFiles/contentPolicy';
import { WordMatcher } from '../../../../src/server/modules/moderation/wordMatcher';
import { findSiteTemplate } from '../../../../src/server/render/site/catalog';
import { buildTestApp, get, post, type TestApp } from '../../helpers';
import { FakeRunner, quickLogin } from '../../queue/kit';
import { generate } from '../miniSiteKit';

jest.setTimeout(60_000);

const TEMPLATE_ID = findSiteTemplate(5)?.id ?? 5;
const MARK = 'USER-CONTENT-MARK';

let t: TestApp;
let owner: Record<string, string>;
let other: Record<string, string>;
let operator: Record<string, string>;
let base: CreateSiteRequest;

beforeAll(async () => {
  t = await buildTestApp({
    env: { PUBLISH_MAX_PER_USER: '100' },
    generation: { runner: new FakeRunner('auto') },
    miniSite: {
      // A page, its script and a picture in a sub-folder: every file of a taken-down page stops.
      render: async (input, outDir) => {
        fs.writeFileSync(path.join(outDir, 'index.html'), `<!doctype html><html><head><title>${input.texts.game_name}</title></head><body><h1>${input.texts.game_name}</h1><p>${MARK}</p></body></html>`);
        fs.writeFileSync(path.join(outDir, 'app.js'), `console.log("${MARK}")`);
        fs.mkdirSync(path.join(outDir, 'img'));
        fs.writeFileSync(path.join(outDir, 'img', 'a.txt'), MARK);
        return { files: ['index.html', 'app.js', 'img/a.txt'] };
      },
    },
  });
  owner = quickLogin(t).headers;
  other = quickLogin(t, '13900139000').headers;
  const op = quickLogin(t, '13700137000');
  operator = op.headers;
  await t.app.database.sql.updateTable('users').set({ role: 'operator', name: '值班运营' }).where('id', '=', op.userId).execute();
  const logo = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'tl' });
  const banner = await generate(t, owner, { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: 3, banner: 2, module: 'fsa' });
  base = { templateId: TEMPLATE_ID, logoId: 3, logoUrl: logo.logoUrl, bannerId: 2, bannerUrl: banner.bannerUrl, config: {} };
});

afterAll(() => t.close());

const create = async (name: string): Promise<string> => {
  const answer = await post<CreateSiteAnswer>(t, '/index/minisite/createSite', { ...base, config: { game_name: name } }, owner);
  expect(answer.code).toBe(200);
  return answer.data.webSiteDir;
};
const publish = (webSiteDir: string, headers = owner) => post<PublishAnswer>(t, '/index/minisite/publish', { webSiteDir }, headers);
const state = (webSiteDir: string) => post<PublishAnswer>(t, '/index/minisite/publishState', { webSiteDir }, owner);
const slugOf = (url: string): string => /\/pub\/([0-9a-f]{32})\//.exec(url)?.[1] ?? '';
const open = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });
const published = (query = '') => get<ConsolePublishedList>(t, `/api/admin/published${query}`, operator);
const takedown = (slug: string, reason: string, headers = operator) => post<null>(t, `/api/admin/published/${slug}/takedown`, { reason }, headers);
const restore = (slug: string, headers = operator) => post<null>(t, `/api/admin/published/${slug}/restore`, {}, headers);
const requestReview = (slug: string, headers = owner) => post<null>(t, '/api/publish/requestReview', { slug }, headers);
let address = 0;
/** A report as the form's JSON twin sends it, from a new address each time unless one is given. */
const report = (body: object, remoteAddress = `10.1.${Math.floor(++address / 250)}.${address % 250}`) =>
  t.app.inject({ method: 'POST', url: '/api/report', payload: body, remoteAddress });

async function publishNew(name: string): Promise<{ dir: string; slug: string; url: string }> {
  const dir = await create(name);
  const answer = await publish(dir);
  expect(answer.code).toBe(200);
  return { dir, slug: slugOf(answer.data.url), url: new URL(answer.data.url).pathname };
}

describe('the console list of published pages', () => {
  it('refuses a plain user and nobody on every console route', async () => {
    const slug = 'a'.repeat(32);
    for (const url of ['/api/admin/published', '/api/admin/reports', '/api/admin/sensitiveWords']) {
      expect((await get(t, url, owner)).status).toBe(403);
      expect((await get(t, url)).status).toBe(401);
    }
    expect((await takedown(slug, '违规', owner)).status).toBe(403);
    expect((await restore(slug, owner)).status).toBe(403);
    expect((await post(t, '/api/admin/reports/1/resolve', { action: 'dismiss' }, owner)).status).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/sensitiveWords', payload: { words: 'x' }, headers: owner })).statusCode).toBe(403);
  });

  it('lists each page with its owner, link, kind and views: a view is the page served, not its files', async () => {
    const { slug, url } = await publishNew('星辰大海');
    expect((await open(url)).statusCode).toBe(200);
    expect((await open(`${url}index.html`)).statusCode).toBe(200);
    expect((await open(`${url}app.js`)).statusCode).toBe(200);
    expect((await open(`${url}img/a.txt`)).statusCode).toBe(200);
    expect((await open(url, 'HEAD')).statusCode).toBe(200);
    expect((await open(`/pub/${'f'.repeat(32)}/`)).statusCode).toBe(404);

    const list = await published(`?q=${encodeURIComponent('星辰')}`);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      slug,
      kind: 'miniSite',
      name: '星辰大海',
      url: expect.stringMatching(new RegExp(`${url}$`)),
      owner: { name: '13800138000', mobile: '13800138000' },
      visits: 2,
      status: 'online',
      reason: '',
      openReports: 0,
    });
    expect((await published(`?q=${slug}`)).data.list.map((row) => row.slug)).toEqual([slug]);
    expect((await published('?q=13800138')).data.total).toBeGreaterThanOrEqual(1);
    expect((await published('?q=%25')).data.total).toBe(0);
    expect((await published('?status=down')).data.list.map((row) => row.slug)).not.toContain(slug);
    expect((await published('?status=bogus')).code).toBe(AnswerCode.invalid);
    // No visitor is recorded: only a count a day.
    const rows = await t.app.database.sql.selectFrom('published_visits').selectAll().where('slug', '=', slug).execute();
    expect(rows).toEqual([{ slug, day: '2026-01-01', count: 2 }]);
  });

  it('puts a 举报 link on the published copy only, not on the site nor its zip', async () => {
    const { dir, url } = await publishNew('举报链接');
    const shown = (await open(url)).body;
    expect(shown).toContain(`href="/report?site=${slugOf(url)}"`);
    expect(shown.indexOf('data-report-link')).toBeLessThan(shown.indexOf('</body>'));
    const site = fs.readFileSync(path.join(t.dataDir, 'sites', dir, 'index.html'), 'utf8');
    expect(site).not.toContain('data-report-link');
  });
});

describe('下线 and 恢复', () => {
  it('serves a notice on every file of a taken-down page, with the sites\' policy and nothing of the user', async () => {
    const { dir, slug, url } = await publishNew('要下线的站');
    expect(await takedown(slug, '含有违规内容')).toMatchObject({ code: 200, msg: ModerationMessages.takedownSucceeded });
    for (const file of [url, `${url}index.html`, `${url}app.js`, `${url}img/a.txt`, `${url}missing.png`, `/pub/${slug}`, `/pub/x/../${slug}/app.js`, `/pub/%2e%2e/pub/${slug}/`]) {
      const answer = await open(file);
      expect({ file, status: answer.statusCode }).toEqual({ file, status: 451 });
      expect(answer.body).toContain('该页面因违反相关规定已被下线');
      expect(answer.body).not.toContain(MARK);
      expect(answer.body).not.toContain('要下线的站');
      expect(answer.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
    }
    // The owner reads why, cannot publish it again nor take it down, and may ask for review.
    expect((await state(dir)).data.takedown).toEqual({ slug, reason: '含有违规内容', reviewRequested: false });
    expect(await publish(dir)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.publishTakenDown });
    expect(await post(t, '/index/minisite/unpublish', { webSiteDir: dir }, owner)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.unpublishTakenDown });
    expect((await published('?status=down')).data.list.find((row) => row.slug === slug)).toMatchObject({ status: 'down', reason: '含有违规内容' });

    expect(await requestReview(slug, other)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.pageNotFound });
    expect(await requestReview('../../etc')).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.pageNotFound });
    expect((await requestReview(slug, {})).status).toBe(401);
    expect(await requestReview(slug)).toMatchObject({ code: 200, msg: ModerationMessages.reviewRequested });
    expect(await requestReview(slug)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.reviewAlreadyRequested });
    expect((await state(dir)).data.takedown?.reviewRequested).toBe(true);
    expect((await published('?status=review')).data.list.map((row) => row.slug)).toEqual([slug]);
    expect((await open(url)).statusCode).toBe(451);

    expect(await restore(slug)).toMatchObject({ code: 200, msg: ModerationMessages.restoreSucceeded });
    expect((await open(url)).statusCode).toBe(200);
    expect((await open(`${url}app.js`)).body).toContain(MARK);
    expect((await state(dir)).data.takedown).toBeNull();
    expect(await restore(slug)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.notDown });
    expect(await requestReview(slug)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.reviewNotDown });
    expect((await publish(dir)).code).toBe(200);

    const log = await get<OperatorActionList>(t, '/api/admin/actions', operator);
    const mine = log.data.list.filter((entry) => entry.target === `site:${slug}`);
    expect(mine.map((entry) => [entry.action, entry.operatorName, entry.before, entry.after])).toEqual([
      ['site.restore', '值班运营', { status: 'review', reason: '含有违规内容' }, { status: 'online' }],
      ['site.takedown', '值班运营', { status: 'online' }, { status: 'down', reason: '含有违规内容' }],
    ]);
  });

  it('says what is wrong with a takedown', async () => {
    const { slug } = await publishNew('原因');
    expect(await takedown(slug, '  ')).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.takedownReasonRequired });
    expect(await takedown(slug, '长'.repeat(ModerationLimits.reasonMaxLength + 1))).toMatchObject({ code: AnswerCode.invalid, msg: takedownReasonTooLong });
    expect(await takedown('f'.repeat(32), '违规')).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.pageNotFound });
    expect((await takedown(encodeURIComponent('../x'), '违规')).code).toBe(AnswerCode.invalid);
    expect((await post(t, `/api/admin/published/${slug}/takedown`, { reason: 'x'.repeat(100_000) }, operator)).code).toBe(AnswerCode.invalid);
    expect((await open(`/pub/${slug}/`)).statusCode).toBe(200);
  });
});

describe('举报', () => {
  it('shows a form that works without login, and takes its post', async () => {
    const { slug } = await publishNew('被举报的站');
    const form = await open(`/report?site=${slug}`);
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.body).toContain('<form method="post" action="/api/report">');
    expect(form.body).toContain(`name="site" value="${slug}"`);
    expect(form.body).not.toContain('<script');
    expect((await open(`/report?site=${'f'.repeat(32)}`)).statusCode).toBe(404);
    expect((await open('/report?site=%22%3E%3Cscript%3E')).body).not.toContain('<script>');

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/report',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80', host: 'localhost:80' },
      payload: new URLSearchParams({ site: slug, category: 'fraud', text: '骗钱', contact: '' }).toString(),
      remoteAddress: '10.9.9.9',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(ModerationMessages.reportSucceeded);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/report',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ site: slug, category: 'porn', text: '', contact: '"><script>alert(1)</script>' }).toString(),
      remoteAddress: '10.9.9.8',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(ModerationMessages.reportTextRequired);
    // The form again, with what was chosen and typed, escaped.
    expect(refused.body).toContain('<form');
    expect(refused.body).toContain('value="porn" checked');
    expect(refused.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(refused.body).not.toContain('<script>');
  });

  it('keeps what a visitor wrote as text: the console gets it raw for React to escape, no page renders it', async () => {
    const { slug, url } = await publishNew('XSS');
    const xss = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    expect(JSON.parse((await report({ site: slug, category: 'other', text: xss, contact: xss.slice(0, 40) })).body)).toMatchObject({ code: 200 });
    const reports = await get<ConsoleReportList>(t, '/api/admin/reports?status=open', operator);
    const filed = reports.data.list.find((row) => row.slug === slug);
    expect(filed).toMatchObject({ text: xss, category: 'other', status: 'open', pageStatus: 'online', siteName: 'XSS' });
    expect((await open(url)).body).not.toContain('onerror');
    expect((await open(`/report?site=${slug}`)).body).not.toContain('onerror');
    expect((await published(`?q=${slug}`)).data.list[0].openReports).toBe(1);
  });

  it('refuses bad reports with their reason, huge bodies, and posts from other sites', async () => {
    const { slug } = await publishNew('坏举报');
    const refusal = async (body: object, msg: string) => expect(JSON.parse((await report(body)).body)).toMatchObject({ code: AnswerCode.invalid, msg });
    await refusal({ site: 'f'.repeat(32), category: 'porn', text: 'x' }, ModerationMessages.pageNotFound);
    await refusal({ site: '../../x', category: 'porn', text: 'x' }, ModerationMessages.pageNotFound);
    await refusal({ site: slug, category: 'nope', text: 'x' }, ModerationMessages.reportCategoryInvalid);
    await refusal({ site: slug, category: 'porn', text: '   ' }, ModerationMessages.reportTextRequired);
    await refusal({ site: slug, category: 'porn', text: '字'.repeat(ModerationLimits.reportTextMaxLength + 1) }, reportTextTooLong);
    expect((await report({ site: slug, category: 'porn', text: 'x'.repeat(200_000) })).statusCode).toBe(413);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/report', headers: { origin: 'https://evil.example' }, payload: { site: slug, category: 'porn', text: 'x' } });
    expect(JSON.parse(foreign.body)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.reportForeignPage });
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/report', headers: { 'sec-fetch-site': 'cross-site', origin: 'null' }, payload: { site: slug, category: 'porn', text: 'x' } });
    expect(JSON.parse(crossSite.body)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.reportForeignPage });
    // Our own form as Chromium posts it under Referrer-Policy: no-referrer: Origin null, same-origin.
    const ownForm = await t.app.inject({
      method: 'POST',
      url: '/api/report',
      headers: { 'sec-fetch-site': 'same-origin', origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ site: slug, category: 'porn', text: '自己的表单' }).toString(),
      remoteAddress: '10.9.8.7',
    });
    expect(ownForm.body).toContain(ModerationMessages.reportSucceeded);
    expect((await get<ConsoleReportList>(t, '/api/admin/reports', operator)).data.list.filter((row) => row.slug === slug).map((row) => row.text)).toEqual(['自己的表单']);
  });

  it('stops a flood from one address, and about one page', async () => {
    const { slug } = await publishNew('刷举报');
    const from = '10.200.0.1';
    const answers = [];
    for (let i = 0; i < ModerationLimits.reportsPerAddressPerHour + 2; i++) answers.push(JSON.parse((await report({ site: slug, category: 'other', text: `第${i}次` }, from)).body).code);
    expect(answers.filter((code) => code === 200)).toHaveLength(ModerationLimits.reportsPerAddressPerHour);
    expect(answers.slice(-2)).toEqual([AnswerCode.tooMany, AnswerCode.tooMany]);
    // From many addresses, one page takes a bounded number an hour.
    const many = [];
    for (let i = 0; i < ModerationLimits.reportsPerSitePerHour; i++) many.push(JSON.parse((await report({ site: slug, category: 'other', text: '多地址' })).body).code);
    expect(many.filter((code) => code === 200)).toHaveLength(ModerationLimits.reportsPerSitePerHour - ModerationLimits.reportsPerAddressPerHour);
    expect(many.at(-1)).toBe(AnswerCode.tooMany);
  });

  it('lets an operator dismiss a report, or take its page down with it', async () => {
    const { slug, url } = await publishNew('处理举报');
    await report({ site: slug, category: 'illegal', text: '第一条' });
    await report({ site: slug, category: 'illegal', text: '第二条' });
    const open1 = (await get<ConsoleReportList>(t, '/api/admin/reports?status=open', operator)).data.list.filter((row) => row.slug === slug);
    expect(open1.map((row) => row.text)).toEqual(['第二条', '第一条']);
    const [second, first] = open1;
    expect(await post(t, `/api/admin/reports/${first.id}/resolve`, { action: 'dismiss', note: '不违规' }, operator)).toMatchObject({ code: 200 });
    expect(await post(t, `/api/admin/reports/${first.id}/resolve`, { action: 'dismiss' }, operator)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.reportResolved });
    expect((await post(t, `/api/admin/reports/${second.id}/resolve`, { action: 'delete' }, operator)).code).toBe(AnswerCode.invalid);
    expect(await post(t, '/api/admin/reports/999999/resolve', { action: 'dismiss' }, operator)).toMatchObject({ code: AnswerCode.invalid, msg: ModerationMessages.reportNotFound });
    expect(await post(t, `/api/admin/reports/${second.id}/resolve`, { action: 'takedown', note: '' }, operator)).toMatchObject({ msg: ModerationMessages.takedownReasonRequired });
    expect(await post(t, `/api/admin/reports/${second.id}/resolve`, { action: 'takedown', note: '诈骗' }, operator)).toMatchObject({ code: 200 });
    expect((await open(url)).statusCode).toBe(451);
    const resolved = (await get<ConsoleReportList>(t, '/api/admin/reports?status=resolved', operator)).data.list.filter((row) => row.slug === slug);
    expect(resolved.map((row) => [row.text, row.resolution, row.note, row.resolvedBy, row.pageStatus])).toEqual([
      ['第二条', 'takedown', '诈骗', '值班运营', 'down'],
      ['第一条', 'dismiss', '不违规', '值班运营', 'down'],
    ]);
  });
});

describe('敏感词', () => {
  const words = (text: string) => t.app.inject({ method: 'PUT', url: '/api/admin/sensitiveWords', payload: { words: text }, headers: operator });

  it('keeps the list trimmed and each word once, says what is wrong, and logs the change', async () => {
    const saved = JSON.parse((await words('  赌博 \n\nＡＢＣ\nabc\n赌博\n 代 开 发票 ')).body);
    expect(saved).toMatchObject({ code: 200, msg: ModerationMessages.sensitiveWordsSaved });
    expect((saved.data as SensitiveWords).words.split('\n').sort()).toEqual(['ＡＢＣ', '代 开 发票', '赌博'].sort());
    expect((await get<SensitiveWords>(t, '/api/admin/sensitiveWords', operator)).data.words.split('\n').sort()).toEqual(['ＡＢＣ', '代 开 发票', '赌博'].sort());
    expect(JSON.parse((await words('好'.repeat(ModerationLimits.sensitiveWordMaxLength + 1))).body).msg).toContain('太长');
    const many = Array.from({ length: ModerationLimits.sensitiveWordsMax + 1 }, (_, i) => `词${i}`).join('\n');
    expect(JSON.parse((await words(many)).body)).toMatchObject({ code: AnswerCode.invalid, msg: tooManyWords });
    const log = await get<OperatorActionList>(t, '/api/admin/actions', operator);
    const entry = log.data.list.find((row) => row.action === 'moderation.words');
    expect(entry?.after).toEqual({ words: expect.arrayContaining(['赌博', 'ＡＢＣ', '代 开 发票']) });
  });

  it('refuses a publish whose text holds a word, whatever its width, case or spaces, and shows the word', async () => {
    await words('赌博\nＡＢＣ\n代开发票');
    const spaced = await create('欢迎 来 赌 博');
    expect(await publish(spaced)).toMatchObject({ code: AnswerCode.invalid, msg: sensitiveWordRefused('赌博') });
    const latin = await create('xyz-aBc 乐园');
    expect(await publish(latin)).toMatchObject({ code: AnswerCode.invalid, msg: sensitiveWordRefused('ＡＢＣ') });
    const clean = await create('干净的站');
    expect((await publish(clean)).code).toBe(200);
    await words('');
    expect((await publish(spaced)).code).toBe(200);
  });

  it('matches a few thousand words in a long text quickly enough to print', () => {
    const list = Array.from({ length: 5000 }, (_, i) => `敏感${i.toString(36)}词`);
    const matcher = new WordMatcher(list);
    const text = '这是一段普通的网站介绍文字，没有任何问题。'.repeat(2000);
    const started = process.hrtime.bigint();
    expect(matcher.find(text)).toBeNull();
    expect(matcher.find(`${text}敏感z词`)).toBe('敏感z词');
    console.info(`sensitive words: 5000 words over ${text.length} characters in ${Number(process.hrtime.bigint() - started) / 1e6} ms`);
  });
});
