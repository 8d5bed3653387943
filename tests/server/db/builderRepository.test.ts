/**
 * The builder's records on both engines: sites only their owner reads or changes, revisions that
 * only grow, the site list searched by name (any case, `%` and `_` as typed), and the banners a
 * user asked for.
 */
import type { BuilderFormData, SelectedComponentIds } from '../../../src/contract/builder';
import { BuilderRepository } from '../../../src/server/modules/builder/repository';
import { describeEachDatabase, insertUser } from './testDatabases';

const selected = { main: 1, banner: 2 } as unknown as SelectedComponentIds;
const formOf = (name: string): BuilderFormData => ({ main: { web_name: name } }) as unknown as BuilderFormData;

describeEachDatabase('BuilderRepository', (db) => {
  let now = 1_790_000_000_000;
  const clock = (): number => now;

  const user = (mobile: string): Promise<number> => insertUser(db(), mobile, now);
  const site = (repo: BuilderRepository, userId: number, webName: string, dir: string): Promise<number> => repo.insert({ userId, webName, selected, formData: formOf(webName), dir });

  it("keeps a site its owner's: read, saved, revised and completed by them only", async () => {
    const repo = new BuilderRepository(db().sql, clock);
    const owner = await user('13800138000');
    const other = await user('13900139000');
    const id = await site(repo, owner, '星辰战纪', 'a'.repeat(32));
    expect(await repo.owned(id, owner)).toMatchObject({ id, userId: owner, webName: '星辰战纪', status: 1, selected, formData: formOf('星辰战纪'), dir: 'a'.repeat(32), revision: 0, zipUrl: '', createdAt: now });
    expect(await repo.owned(id, other)).toBeNull();
    expect(await repo.byId(id)).toMatchObject({ id, userId: owner });
    expect(await repo.byId(id + 1000)).toBeNull();
    expect(await repo.hasDir('a'.repeat(32))).toBe(true);
    expect(await repo.hasDir('b'.repeat(32))).toBe(false);

    now += 1000;
    await repo.save({ id, userId: other, webName: '抢走', selected, formData: formOf('抢走') });
    expect((await repo.owned(id, owner))?.webName).toBe('星辰战纪');
    await repo.save({ id, userId: owner, webName: '星辰战纪2', selected, formData: formOf('星辰战纪2') });
    expect(await repo.owned(id, owner)).toMatchObject({ webName: '星辰战纪2', formData: formOf('星辰战纪2'), updatedAt: now });

    expect(await repo.nextRevision(id)).toBe(1);
    expect(await repo.nextRevision(id)).toBe(2);
    expect(await repo.nextRevision(id + 1000)).toBe(0);

    expect(await repo.complete(id, other, '/zip/x')).toBe(false);
    expect((await repo.owned(id, owner))?.status).toBe(1);
    expect(await repo.complete(id, owner, '/zip/a')).toBe(true);
    expect(await repo.owned(id, owner)).toMatchObject({ status: 2, zipUrl: '/zip/a' });
    await repo.setZipUrl(id, other, '/zip/y');
    await repo.setZipUrl(id, owner, '/zip/b');
    expect((await repo.owned(id, owner))?.zipUrl).toBe('/zip/b');
    expect(await repo.allForms()).toEqual([{ dir: 'a'.repeat(32), formData: formOf('星辰战纪2') }]);
  });

  it('deletes a site for its owner only, answering its folder and zip, with its versions and banner tasks', async () => {
    const repo = new BuilderRepository(db().sql, clock);
    const owner = await user('13800138000');
    const other = await user('13900139000');
    const id = await site(repo, owner, '要删的', 'c'.repeat(32));
    const kept = await site(repo, owner, '留下的', 'd'.repeat(32));
    await repo.complete(id, owner, '/zips/k/要删的.zip');
    await repo.rememberTask(owner, 'job-1', id);
    await db().sql.insertInto('builder_site_versions').values({ site_id: id, reason: 'download', web_name: '要删的', selected: '{}', form_data: '{}', picture: '', created_at: now }).execute();

    expect(await repo.remove(id, other)).toBeNull();
    expect(await repo.exists(id)).toBe(true);
    expect(await repo.remove(id, owner)).toEqual({ dir: 'c'.repeat(32), zipUrl: '/zips/k/要删的.zip' });
    expect(await repo.exists(id)).toBe(false);
    expect(await repo.remove(id, owner)).toBeNull();
    expect(await repo.complete(id, owner, '/zips/late.zip')).toBe(false);
    expect(await db().sql.selectFrom('builder_site_versions').selectAll().execute()).toEqual([]);
    expect(await repo.ownsTask(owner, 'job-1')).toBe(false);
    expect(await repo.exists(kept)).toBe(true);
  });

  it('lists the newest change first and finds a name in any case, % and _ taken as typed', async () => {
    const repo = new BuilderRepository(db().sql, clock);
    const owner = await user('13800138000');
    const other = await user('13900139000');
    const names = ['Star Wars 星战', 'star_fleet', '100% 胜率', 'Starship'];
    for (const [index, name] of names.entries()) {
      await site(repo, owner, name, String(index).repeat(32));
      now += 1000;
    }
    await site(repo, other, 'Star 别人的', 'f'.repeat(32));

    const all = await repo.page(owner, '', 1, 10);
    expect(all.total).toBe(4);
    expect(all.rows.map((row) => row.webName)).toEqual([...names].reverse());
    expect((await repo.page(owner, 'STAR', 1, 10)).rows.map((row) => row.webName)).toEqual(['Starship', 'star_fleet', 'Star Wars 星战']);
    expect((await repo.page(owner, '_', 1, 10)).rows.map((row) => row.webName)).toEqual(['star_fleet']);
    expect((await repo.page(owner, '%', 1, 10)).rows.map((row) => row.webName)).toEqual(['100% 胜率']);
    expect((await repo.page(owner, '星战', 1, 10)).total).toBe(1);
    expect(await repo.page(owner, 'star', 2, 2)).toMatchObject({ total: 3, rows: [expect.objectContaining({ webName: 'Star Wars 星战' })] });
  });

  it('remembers which banners a user asked for, for them only', async () => {
    const repo = new BuilderRepository(db().sql, clock);
    const owner = await user('13800138000');
    const other = await user('13900139000');
    const first = await site(repo, owner, 'a', 'a'.repeat(32));
    const second = await site(repo, owner, 'b', 'b'.repeat(32));
    await repo.rememberTask(owner, 'job-1', first);
    await repo.rememberTask(owner, 'job-1', second);
    expect(await repo.ownsTask(owner, 'job-1')).toBe(true);
    expect(await repo.ownsTask(other, 'job-1')).toBe(false);
    expect(await repo.ownsTask(owner, 'job-2')).toBe(false);
    const rows = await db().sql.selectFrom('builder_banner_tasks').selectAll().execute();
    expect(rows).toEqual([{ user_id: owner, task_id: 'job-1', site_id: second, created_at: now }]);
  });
});
