/**
 * The kept versions of builder sites on both engines: newest first, at most the limit a site (the
 * oldest go, other sites' untouched), read only through their own site, gone with the site.
 */
import type { BuilderFormData, SelectedComponentIds } from '../../../src/contract/builder';
import { BuilderRepository } from '../../../src/server/modules/builder/repository';
import { SiteVersionStore } from '../../../src/server/modules/builder/versionStore';
import { describeEachDatabase, insertUser } from './testDatabases';

const selected = { main: 1, banner: 2 } as unknown as SelectedComponentIds;
const formOf = (name: string): BuilderFormData => ({ main: { web_name: name } }) as unknown as BuilderFormData;

describeEachDatabase('SiteVersionStore', (db) => {
  let now = 1_790_000_000_000;
  const clock = (): number => now;

  async function twoSites(): Promise<[number, number]> {
    const repo = new BuilderRepository(db().sql, clock);
    const owner = await insertUser(db(), '13800138000', now);
    const make = (name: string, dir: string) => repo.insert({ userId: owner, webName: name, selected, formData: formOf(name), dir });
    return [await make('甲', 'a'.repeat(32)), await make('乙', 'b'.repeat(32))];
  }

  const version = (siteId: number, name: string) => ({ siteId, reason: 'hourly' as const, webName: name, selected, formData: formOf(name), picture: `/uploads/${name}.png` });

  it('keeps the newest `limit` of each site, newest first, and reads a version only through its site', async () => {
    const [first, second] = await twoSites();
    const store = new SiteVersionStore(db().sql, clock, 3);
    const ids: number[] = [];
    for (const name of ['一', '二', '三', '四']) {
      now += 1000;
      ids.push(await store.add(version(first, name)));
    }
    // Two at the same millisecond: the later id is the newer.
    const other = await store.add(version(second, '乙一'));
    const otherLater = await store.add(version(second, '乙二'));

    expect((await store.list(first)).map((kept) => kept.webName)).toEqual(['四', '三', '二']);
    expect(await store.list(second)).toMatchObject([{ id: otherLater }, { id: other }]);
    expect(await store.get(first, ids[3])).toEqual({ id: ids[3], siteId: first, reason: 'hourly', webName: '四', selected, formData: formOf('四'), picture: '/uploads/四.png', createdAt: now });
    expect(await store.get(first, ids[0])).toBeNull();
    expect(await store.get(first, other)).toBeNull();
    expect((await store.newest(first))?.id).toBe(ids[3]);
    expect(await store.newest(first + second + 100)).toBeNull();
    expect((await store.allForms()).length).toBe(5);
  });

  it('goes with its site', async () => {
    const [first] = await twoSites();
    const store = new SiteVersionStore(db().sql, clock, 30);
    await store.add(version(first, '一'));
    await db().sql.deleteFrom('builder_sites').where('id', '=', first).execute();
    expect(await store.list(first)).toEqual([]);
  });
});
