/**
 * The works list's queries on both engines: a user's mini sites and finished logos and banners,
 * newest first, by kind, a page at a time, never another user's or an unfinished job.
 */
import { WorksRepository } from '../../../src/server/modules/works/repository';
import { describeEachDatabase, insertUser } from './testDatabases';

describeEachDatabase('WorksRepository', (db) => {
  let now = 1_790_000_000_000;
  const clock = (): number => now;
  let seq = 0;

  const user = (mobile: string): Promise<number> => insertUser(db(), mobile, now);
  const job = async (id: string, kind: string, status: 'done' | 'queued' = 'done'): Promise<void> => {
    seq += 1;
    await db().sql.insertInto('render_jobs').values({ id, seq, kind, input: '{}', status, queued_at: now, touched_at: now + seq }).execute();
  };
  const site = async (userId: number, dir: string, name: string): Promise<void> => {
    await db().sql.insertInto('mini_sites').values({ dir, user_id: userId, template_id: 1, name, created_at: now }).execute();
  };

  it('lists sites and finished jobs of one user, newest first, with when each is kept from', async () => {
    const works = new WorksRepository(db().sql, clock);
    const owner = await user('13800138000');
    const other = await user('13900139000');
    await job('logo', 'tl');
    await job('banner', 'fsa');
    await job('waiting', 'al', 'queued');
    await job('builder-art', 'ab');
    await works.record(owner, 'logo', '星辰战纪');
    now += 1000;
    await site(owner, 'a'.repeat(32), '星辰战纪官网');
    now += 1000;
    await works.record(owner, 'banner', '星辰战纪');
    await works.record(owner, 'waiting', '未完成');
    await works.record(owner, 'builder-art', '搭建横幅');
    await works.record(other, 'logo', '别人的');

    const all = await works.page(owner, '', 1, 10);
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => [row.kind, row.ref, row.title])).toEqual([
      ['fsa', 'banner', '星辰战纪'],
      ['site', 'a'.repeat(32), '星辰战纪官网'],
      ['tl', 'logo', '星辰战纪'],
    ]);
    expect(all.rows[0]).toMatchObject({ created_at: now, kept_from: expect.any(Number) });
    expect(all.rows[1].kept_from).toBe(all.rows[1].created_at);

    expect(await works.page(other, '', 1, 10)).toEqual({ total: 1, rows: [expect.objectContaining({ ref: 'logo', title: '别人的' })] });
    expect((await works.page(owner, 'tl', 1, 10)).rows.map((row) => row.ref)).toEqual(['logo']);
    expect((await works.page(owner, 'site', 1, 10)).total).toBe(1);
    expect(await works.page(owner, 'al', 1, 10)).toEqual({ total: 0, rows: [] });
  });

  it('pages, and asking again moves a work to the top with its new title', async () => {
    const works = new WorksRepository(db().sql, clock);
    const owner = await user('13800138000');
    for (const id of ['one', 'two', 'three']) {
      await job(id, 'tl');
      await works.record(owner, id, id);
      now += 1000;
    }
    expect((await works.page(owner, '', 1, 2)).rows.map((row) => row.ref)).toEqual(['three', 'two']);
    expect(await works.page(owner, '', 2, 2)).toEqual({ total: 3, rows: [expect.objectContaining({ ref: 'one' })] });
    await works.record(owner, 'one', '第一个');
    expect((await works.page(owner, '', 1, 1)).rows).toEqual([expect.objectContaining({ ref: 'one', title: '第一个', created_at: now })]);
  });
});
