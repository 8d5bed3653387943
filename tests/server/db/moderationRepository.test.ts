/**
 * 内容审核's queries on both engines: the console's list of published pages with views, open
 * reports and state, the views counter's upsert, the reports' list, and the sensitive words.
 */
import { DailySalts } from '../../../src/server/modules/analytics/dailySalts';
import { SiteViews } from '../../../src/server/modules/analytics/siteViews';
import { visitTraits } from '../../../src/server/modules/analytics/visitOf';
import { ModerationRepository } from '../../../src/server/modules/moderation/consoleRepository';
import { SensitiveWords } from '../../../src/server/modules/moderation/sensitiveWords';
import { Takedowns } from '../../../src/server/modules/moderation/takedowns';
import { describeEachDatabase, insertUser } from './testDatabases';

describeEachDatabase('ModerationRepository', (db) => {
  const now = 1_790_000_000_000;
  const slug = 'a'.repeat(32);
  const link = (s: string) => `https://pub.example/pub/${s}/`;

  it('lists published pages with their owner, views, open reports and state; counts views by day', async () => {
    const sql = db().sql;
    const owner = await insertUser(db(), '13800138000', now);
    const site = await sql.insertInto('mini_sites').values({ dir: 'd'.repeat(32), user_id: owner, template_id: 1, name: '星海', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await sql.insertInto('published_sites').values({ slug, site_id: null, mini_site_id: site.id, user_id: owner, created_at: now, updated_at: now }).execute();
    const visits = new SiteViews(sql, () => now, new DailySalts(sql));
    const view = { slug, traits: visitTraits('/', 'Mozilla/5.0', undefined), address: '203.0.113.9', userAgent: 'Mozilla/5.0' };
    await visits.count(view);
    await visits.count(view);
    await visits.flush();
    await visits.count(view);
    await visits.flush();
    await sql.insertInto('site_reports').values({ slug, category: 'other', text: '坏', contact: '', created_at: now, resolution: null, resolved_at: null }).execute();

    const repo = new ModerationRepository(sql);
    const listed = await repo.pages('星', undefined, 1, 20, link);
    expect(listed.total).toBe(1);
    expect(listed.list[0]).toMatchObject({ slug, kind: 'miniSite', name: '星海', visits: 3, openReports: 1, status: 'online', owner: { id: owner, mobile: '13800138000' } });

    await sql.insertInto('published_takedowns').values({ slug, reason: '违规', operator_name: '运营', taken_down_at: now, review_requested_at: now }).execute();
    expect((await repo.pages('', 'review', 1, 20, link)).list.map((row) => row.status)).toEqual(['review']);
    expect((await repo.pages('', 'online', 1, 20, link)).total).toBe(0);
    expect(await new Takedowns(sql).isDown(slug)).toBe(true);
    expect((await new Takedowns(sql).of([slug])).get(slug)).toEqual({ reason: '违规', reviewRequested: true });
    const reports = await repo.reports('open', 1, 20, link);
    expect(reports.list[0]).toMatchObject({ slug, siteName: '星海', pageStatus: 'review', url: link(slug) });
  });

  it('replaces the sensitive words and finds them', async () => {
    const words = new SensitiveWords(db().sql);
    await db().sql.transaction().execute((trx) => words.replace(trx, Array.from({ length: 1200 }, (_, i) => `词${i}号`)));
    expect(await words.list()).toHaveLength(1200);
    expect(await words.find('这里有 词 1199 号呢')).toBe('词1199号');
  });
});
