/**
 * The views counter on both engines, as two API servers share one database: each counts in memory
 * and flushes; the views add up and a visitor seen by both servers the same day counts once.
 */
import { DailySalts } from '../../../src/server/modules/analytics/dailySalts';
import { SiteViews } from '../../../src/server/modules/analytics/siteViews';
import { visitTraits } from '../../../src/server/modules/analytics/visitOf';
import { describeEachDatabase } from './testDatabases';

describeEachDatabase('SiteViews', (db) => {
  const now = Date.UTC(2026, 0, 1, 12);
  const slug = 'b'.repeat(32);
  const view = (address: string, url = '/?from=wechat', userAgent = 'Mozilla/5.0 (iPhone) MicroMessenger/8.0') => ({ slug, traits: visitTraits(url, userAgent, undefined), address, userAgent });

  it('adds up two servers\' counts, and counts a visitor both saw once', async () => {
    const sql = db().sql;
    const servers = [new SiteViews(sql, () => now, new DailySalts(sql)), new SiteViews(sql, () => now, new DailySalts(sql))];
    for (const server of servers) {
      await server.count(view('198.51.100.1'));
      await server.count(view('198.51.100.2', '/?from=qq'));
    }
    await servers[0].count(view('198.51.100.3', '/', 'curl/8.0'));
    await Promise.all(servers.map((server) => server.flush()));
    await servers[1].count(view('198.51.100.1', '/?from=qq'));
    await servers[1].flush();

    const rows = await sql.selectFrom('site_stats').select(['dimension', 'value', 'views', 'visitors']).where('slug', '=', slug).orderBy('dimension').orderBy('value').execute();
    expect(rows.map((row) => [row.dimension, row.value, Number(row.views), Number(row.visitors)])).toEqual([
      ['all', '', 5, 2],
      ['bots', '', 1, 0],
      ['channel', 'qq', 3, 2],
      ['channel', 'wechat', 2, 1],
      ['device', 'phone', 5, 2],
      ['referrer', '', 5, 0],
      ['wechat', '1', 5, 2],
    ]);
    const page = await sql.selectFrom('published_visits').select('count').where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(Number(page.count)).toBe(6);
    expect(await sql.selectFrom('analytics_salts').select('day').execute()).toEqual([{ day: '2026-01-01' }]);
  });
});
