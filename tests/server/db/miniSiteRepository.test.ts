/** The mini sites' records on both engines: only their maker finds a site; housekeeping finds old ones. */
import { MiniSiteRepository } from '../../../src/server/modules/miniSite/repository';
import { describeEachDatabase, insertUser } from './testDatabases';

describeEachDatabase('MiniSiteRepository', (db) => {
  let now = 1_790_000_000_000;
  const clock = (): number => now;

  const user = (mobile: string): Promise<number> => insertUser(db(), mobile, now);

  it('finds a site for its maker only, and lists and deletes the old ones', async () => {
    const sites = new MiniSiteRepository(db().sql, clock);
    const owner = await user('13800138000');
    const other = await user('13900139000');
    await sites.insert({ dir: 'a'.repeat(32), userId: owner, templateId: 5, name: '星辰战纪' });
    now += 1000;
    await sites.insert({ dir: 'b'.repeat(32), userId: other, templateId: 6, name: '别人的' });

    expect(await sites.owned('a'.repeat(32), owner)).toEqual({ id: expect.any(Number), dir: 'a'.repeat(32), user_id: owner, template_id: 5, name: '星辰战纪', created_at: now - 1000 });
    expect(await sites.owned('a'.repeat(32), other)).toBeNull();
    expect(await sites.owned('c'.repeat(32), owner)).toBeNull();

    expect(await sites.olderThan(now)).toEqual(['a'.repeat(32)]);
    await sites.delete('a'.repeat(32));
    expect(await sites.owned('a'.repeat(32), owner)).toBeNull();
    expect(await sites.olderThan(now + 1)).toEqual(['b'.repeat(32)]);
  });

  it('keeps an old site that has a 预约 campaign: its records and its zip form live as long as it', async () => {
    const sites = new MiniSiteRepository(db().sql, clock);
    const owner = await user('13800138000');
    await sites.insert({ dir: 'a'.repeat(32), userId: owner, templateId: 5, name: '预约中' });
    await sites.insert({ dir: 'b'.repeat(32), userId: owner, templateId: 5, name: '没有预约' });
    const site = await db().sql.selectFrom('mini_sites').select('id').where('dir', '=', 'a'.repeat(32)).executeTakeFirstOrThrow();
    await db().sql.insertInto('reserve_campaigns').values({ public_id: 'p'.repeat(24), mini_site_id: site.id, builder_site_id: null, user_id: owner, settings: '{}', created_at: now, updated_at: now }).execute();
    expect(await sites.olderThan(now + 1)).toEqual(['b'.repeat(32)]);
  });

  it('refuses a second record of the same folder', async () => {
    const sites = new MiniSiteRepository(db().sql, clock);
    const owner = await user('13800138000');
    await sites.insert({ dir: 'a'.repeat(32), userId: owner, templateId: 5, name: '星辰战纪' });
    // Matched by message: SQLite's errors come from another realm than the test's, which toThrow misreads.
    await expect(sites.insert({ dir: 'a'.repeat(32), userId: owner, templateId: 5, name: '星辰战纪' })).rejects.toMatchObject({ message: expect.stringMatching(/UNIQUE|duplicate key/) });
  });
});
