/**
 * The views counter on both engines, as two API servers share one database: each counts in memory
 * and flushes; the views add up and a visitor seen by both servers the same day counts once.
 */
import { DailySalts } from '../../../src/server/modules/analytics/dailySalts';
import { SiteViews } from '../../../src/server/modules/analytics/siteViews';
import { StoredReservationCounts } from '../../../src/server/modules/analytics/reservationCounts';
import { visitTraits } from '../../../src/server/modules/analytics/visitOf';
import { describeEachDatabase, insertUser } from './testDatabases';

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

  it('counts a page\'s 预约 per channel, lowercased, within the range; none without a campaign', async () => {
    const sql = db().sql;
    const owner = await insertUser(db(), '13800138000', now);
    const site = await sql.insertInto('mini_sites').values({ dir: 'd'.repeat(32), user_id: owner, template_id: 1, name: '星海', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await sql.insertInto('published_sites').values({ slug, site_id: null, mini_site_id: site.id, user_id: owner, created_at: now, updated_at: now }).execute();
    const counts = new StoredReservationCounts(sql);
    expect(await counts.byChannel(slug, now - 1000, now + 1000)).toBeNull();
    const campaign = await sql
      .insertInto('reserve_campaigns')
      .values({ public_id: 'p1', builder_site_id: null, mini_site_id: site.id, user_id: owner, settings: '{}', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [phone, channel, at] of [['1', 'WeChat', now], ['2', 'wechat', now], ['3', '', now], ['4', 'qq', now + 1000]] as const) {
      await sql.insertInto('reservations').values({ campaign_id: campaign.id, phone, platform: 'ios', channel, gift_code: null, created_at: at }).execute();
    }
    expect(await counts.byChannel(slug, now - 1000, now + 1000)).toEqual(new Map([['wechat', 2], ['', 1]]));
  });
});
