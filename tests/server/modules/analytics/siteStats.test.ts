/**
 * Launch analytics of published pages, counted without cookies: views and unique visitors by
 * channel, referrer host, device and WeChat's browser; bots left out and counted apart; nothing of
 * the visitor stored; the owner's 数据 only for the owner.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AnalyticsMessages, type SiteStats } from '../../../../src/contract/analytics';
import { AnswerCode } from '../../../../src/contract/envelope';
import { publishedRoot } from '../../../../src/server/modules/publishing/publishedPaths';
import { buildTestApp, get, type TestApp } from '../../helpers';
import { quickLogin } from '../../queue/kit';

const IPHONE_WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const ANDROID_QQ = 'Mozilla/5.0 (Linux; Android 13; V2219A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0 Mobile Safari/537.36 MQQBrowser/13.8';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
  'curl/8.4.0',
  'python-requests/2.31',
  '',
];
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let owner: { userId: number };
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  owner = quickLogin(t);
  quickLogin(t, '13900139000');
});
afterAll(() => t?.close());

/** A published page of `userId`, as 发布 leaves it: its row and its folder. */
async function publishedPage(userId: number): Promise<string> {
  seq += 1;
  const slug = seq.toString(16).padStart(32, 'a');
  const sql = t.app.database.sql;
  const now = t.clock.now();
  const site = await sql.insertInto('mini_sites').values({ dir: slug, user_id: userId, template_id: 1, name: `站点${seq}`, created_at: now }).returning('id').executeTakeFirstOrThrow();
  await sql.insertInto('published_sites').values({ slug, site_id: null, mini_site_id: site.id, user_id: userId, created_at: now, updated_at: now }).execute();
  const dir = path.join(publishedRoot(t.dataDir), slug);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>星辰</title><p>星辰</p>');
  fs.writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
  return slug;
}

interface Visit {
  query?: string;
  ua?: string;
  address?: string;
  referer?: string;
  file?: string;
}
const visit = (slug: string, { query = '', ua = DESKTOP, address = '203.0.113.7', referer, file = '' }: Visit = {}) =>
  t.app.inject({ method: 'GET', url: `/pub/${slug}/${file}${query}`, remoteAddress: address, headers: { 'user-agent': ua, ...(referer ? { referer } : {}) } });
// A fresh token each time: the tests move the clock past a token's life.
const stats = (slug: string, days = 7, phone = '13800138000') => get<SiteStats>(t, `/api/siteStats?slug=${slug}&days=${days}`, quickLogin(t, phone).headers);

describe('counting views of a published page', () => {
  it('counts views and visitors by channel, referrer host, device and WeChat, with no cookie set', async () => {
    const slug = await publishedPage(owner.userId);
    const answers = [
      await visit(slug, { query: '?from=WeChat', ua: IPHONE_WECHAT, address: '198.51.100.1', referer: 'https://mp.weixin.qq.com/s/abc?token=secret' }),
      await visit(slug, { query: '?from=wechat', ua: IPHONE_WECHAT, address: '198.51.100.1' }),
      await visit(slug, { query: '?utm_source=qq&from=', ua: ANDROID_QQ, address: '198.51.100.2', referer: 'https://im.qq.com/' }),
      await visit(slug, { query: '?from=<script>alert(1)</script>' + 'x'.repeat(100), address: '198.51.100.3' }),
      await visit(slug, { address: '198.51.100.4' }),
      await visit(slug, { file: 'app.js', query: '?from=wechat', address: '198.51.100.5' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    const answer = await stats(slug);
    expect(answer.code).toBe(AnswerCode.ok);
    const figures = answer.data;
    // The page's name and link, which its channel QR codes are made of.
    expect(figures.name).toBe(`站点${seq}`);
    expect(figures.url).toMatch(new RegExp(`^https?://[^/]+/pub/${slug}/$`));
    expect(figures.totals).toEqual({ views: 5, visitors: 4, reservations: null });
    expect(figures.series).toHaveLength(7);
    expect(figures.series[6]).toEqual({ day: '2026-01-01', views: 5, visitors: 4 });
    const channels = Object.fromEntries(figures.channels.map((row) => [row.channel, [row.views, row.visitors]]));
    const sanitised = 'scriptalert1script' + 'x'.repeat(14);
    expect(channels).toEqual({ wechat: [2, 1], qq: [1, 1], '': [1, 1], [sanitised]: [1, 1] });
    expect(figures.referrers).toEqual(expect.arrayContaining([{ host: 'mp.weixin.qq.com', views: 1 }, { host: 'im.qq.com', views: 1 }, { host: '', views: 3 }]));
    expect(figures.devices).toEqual([
      { device: 'phone', views: 3, visitors: 2 },
      { device: 'desktop', views: 2, visitors: 2 },
    ]);
    expect(figures.wechat).toEqual({ views: 2, visitors: 1 });
    expect(figures.bots).toBe(0);
  });

  it('counts the same visitor once a day, in each channel they came by, and again the next day', async () => {
    const slug = await publishedPage(owner.userId);
    await visit(slug, { query: '?from=wechat' });
    await visit(slug, { query: '?from=wechat' });
    await visit(slug, { query: '?from=qq' });
    // Another browser at the same address is another visitor.
    await visit(slug, { ua: ANDROID_QQ });
    const first = (await stats(slug)).data;
    expect(first.totals).toEqual({ views: 4, visitors: 2, reservations: null });
    expect(first.channels.find((row) => row.channel === 'wechat')).toMatchObject({ views: 2, visitors: 1 });
    expect(first.channels.find((row) => row.channel === 'qq')).toMatchObject({ views: 1, visitors: 1 });

    t.clock.advance(DAY_MS);
    await visit(slug, { query: '?from=wechat' });
    const next = (await stats(slug)).data;
    expect(next.series.slice(-2)).toEqual([
      { day: '2026-01-01', views: 4, visitors: 2 },
      { day: '2026-01-02', views: 1, visitors: 1 },
    ]);
    expect(next.totals.visitors).toBe(3);
    expect(next.channels.find((row) => row.channel === 'wechat')).toMatchObject({ views: 3, visitors: 2 });
    // Eight days on, the 7-day range no longer holds the first day; the 30-day one does.
    t.clock.advance(7 * DAY_MS);
    expect((await stats(slug)).data.totals.views).toBe(0);
    expect((await stats(slug, 30)).data.totals.views).toBe(5);
  });

  it('counts a reload answered 304 (the browser revalidated its copy) as a view', async () => {
    const slug = await publishedPage(owner.userId);
    const first = await visit(slug);
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: `/pub/${slug}/`, remoteAddress: '203.0.113.7', headers: { 'user-agent': DESKTOP, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect((await stats(slug)).data.totals).toMatchObject({ views: 2, visitors: 1 });
  });

  it('leaves bots out of every figure and says how many views they were', async () => {
    const slug = await publishedPage(owner.userId);
    for (const ua of BOTS) expect((await visit(slug, { ua, query: '?from=wechat' })).statusCode).toBe(200);
    await visit(slug);
    const figures = (await stats(slug)).data;
    expect(figures.bots).toBe(BOTS.length);
    expect(figures.totals.views).toBe(1);
    expect(figures.channels.map((row) => row.channel)).toEqual(['']);
  });

  it('stores neither the address nor the browser anywhere, and deletes past days\' salts and hashes', async () => {
    const slug = await publishedPage(owner.userId);
    const address = '192.0.2.231';
    const ua = 'Mozilla/5.0 (Linux; Android 14; UNIQUE-BROWSER-MARK) Mobile';
    await visit(slug, { address, ua, query: '?from=wechat', referer: 'https://example.com/path-secret' });
    await t.app.siteViews.flush();
    const db = t.readDb();
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    for (const { name } of tables) {
      const dump = JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all());
      expect(dump).not.toContain(address);
      expect(dump).not.toContain('UNIQUE-BROWSER-MARK');
      expect(dump).not.toContain('path-secret');
    }
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(count('analytics_salts')).toBeGreaterThan(0);
    expect(count('site_visitor_marks')).toBeGreaterThan(0);
    t.clock.advance(DAY_MS);
    await t.app.housekeeping.run();
    expect(count('analytics_salts')).toBe(0);
    expect(count('site_visitor_marks')).toBe(0);
  });

  it('writes what it counted when the server closes', async () => {
    const other = await buildTestApp();
    const user = quickLogin(other);
    const slug = 'c'.repeat(32);
    const now = other.clock.now();
    const site = await other.app.database.sql.insertInto('mini_sites').values({ dir: slug, user_id: user.userId, template_id: 1, name: '关', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await other.app.database.sql.insertInto('published_sites').values({ slug, site_id: null, mini_site_id: site.id, user_id: user.userId, created_at: now, updated_at: now }).execute();
    fs.mkdirSync(path.join(publishedRoot(other.dataDir), slug), { recursive: true });
    fs.writeFileSync(path.join(publishedRoot(other.dataDir), slug, 'index.html'), '<p>关</p>');
    expect((await other.app.inject({ method: 'GET', url: `/pub/${slug}/?from=qq`, headers: { 'user-agent': DESKTOP } })).statusCode).toBe(200);
    const reader = other.readDb();
    expect(reader.prepare('SELECT COUNT(*) AS n FROM site_stats').get()).toEqual({ n: 0 });
    await other.app.close();
    expect(reader.prepare("SELECT views, visitors FROM site_stats WHERE dimension = 'channel'").all()).toEqual([{ views: 1, visitors: 1 }]);
    reader.close();
    fs.rmSync(other.dataDir, { recursive: true, force: true });
  });
});

describe('the owner\'s 数据', () => {
  it('gives each channel its 预约 and conversion when the site takes 预约, and "—" when it does not', async () => {
    const slug = await publishedPage(owner.userId);
    const sql = t.app.database.sql;
    const { mini_site_id: site } = await sql.selectFrom('published_sites').select('mini_site_id').where('slug', '=', slug).executeTakeFirstOrThrow();
    expect((await stats(slug)).data.channels.every((row) => row.reservations === null && row.conversion === null)).toBe(true);
    const now = t.clock.now();
    const campaign = await sql
      .insertInto('reserve_campaigns')
      .values({ public_id: `c${slug}`, builder_site_id: null, mini_site_id: site, user_id: owner.userId, settings: '{}', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reserve = (phone: string, channel: string, at = now) =>
      sql.insertInto('reservations').values({ campaign_id: campaign.id, phone, platform: 'ios', channel, gift_code: null, created_at: at }).execute();
    await reserve('13800000001', 'wechat');
    await reserve('13800000002', 'WeChat');
    await reserve('13800000003', 'douyin');
    // Before the range: not counted.
    await reserve('13800000004', 'wechat', now - 10 * DAY_MS);
    for (const address of ['198.51.100.31', '198.51.100.32', '198.51.100.33', '198.51.100.34']) await visit(slug, { query: '?from=wechat', address });
    await visit(slug, { query: '?from=qq' });
    const figures = (await stats(slug)).data;
    expect(figures.totals.reservations).toBe(3);
    const channel = (name: string) => figures.channels.find((row) => row.channel === name);
    expect(channel('wechat')).toEqual({ channel: 'wechat', views: 4, visitors: 4, reservations: 2, conversion: 0.5 });
    expect(channel('qq')).toEqual({ channel: 'qq', views: 1, visitors: 1, reservations: 0, conversion: 0 });
    // 预约 from a channel no counted visit came by (a zip's form): listed, without a conversion.
    expect(channel('douyin')).toEqual({ channel: 'douyin', views: 0, visitors: 0, reservations: 1, conversion: null });
  });

  it('answers another\'s site, a missing one and a bad slug as missing, and a bad range in words', async () => {
    const slug = await publishedPage(owner.userId);
    await visit(slug);
    const theirs = await stats(slug, 7, '13900139000');
    expect(theirs).toMatchObject({ code: AnswerCode.notFound, msg: AnalyticsMessages.siteNotFound, data: null });
    expect((await stats('f'.repeat(32))).msg).toBe(AnalyticsMessages.siteNotFound);
    expect((await stats("../x' OR 1=1 --")).msg).toBe(AnalyticsMessages.siteNotFound);
    expect((await stats(slug, 365)).msg).toBe(AnalyticsMessages.badDays);
    expect((await stats(slug, 0)).msg).toBe(AnalyticsMessages.badDays);
    expect((await get(t, `/api/siteStats?slug=${slug}&days=7`)).status).toBe(401);
  });
});
