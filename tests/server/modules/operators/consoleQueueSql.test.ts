/**
 * What 概览 and 任务队列 read, on both databases: days by China time through integer division,
 * cancelled jobs counted as neither renders nor failures, and each list in its order with places.
 */
import { DEFAULT_LOGO_TEXTS } from '../../../../src/contract/generation';
import { ConsoleQueueMessages } from '../../../../src/contract/consoleQueue';
import { chinaDayOf, chinaDayStart } from '../../../../src/server/http/chinaTime';
import { ConsoleJobsRepository } from '../../../../src/server/modules/operatorConsole/jobsRepository';
import { OverviewRepository } from '../../../../src/server/modules/operatorConsole/overviewRepository';
import { JobRepository } from '../../../../src/server/queue/repository';
import { describeEachDatabase, insertUser } from '../../db/testDatabases';

const NOW = Date.UTC(2026, 0, 1, 3);
const logo = (n: number) => ({ kind: 'tl' as const, logoStyle: 2, texts: { ...DEFAULT_LOGO_TEXTS, logotext: `龙${n}` } });

describeEachDatabase('the console’s queries', (db, dialect) => {
  it('counts by China-time day and lists each status in its order', async () => {
    const today = chinaDayOf(NOW);
    const user = await insertUser(db(), '13800000001', chinaDayStart(today));
    await insertUser(db(), '13800000002', chinaDayStart(today) - 1);
    const jobs = new JobRepository(db().sql, dialect);
    const ids = ['a', 'b', 'c', 'd', 'e'].map((c) => c.repeat(32));
    for (const [n, id] of ids.entries()) await jobs.enqueue(id, logo(n), { userId: n < 3 ? user : null, ip: null }, NOW + n);
    // a: done today; b: failed today; c: cancelled (failed); d: running; e: waiting.
    for (const id of ids.slice(0, 4)) await jobs.claimById(id, NOW + 10);
    await jobs.finish(ids[0], NOW + 10, ['logo.png'], NOW + 20, 10, 10, NOW);
    await jobs.fail(ids[1], '生成失败', NOW + 30, NOW);
    await jobs.cancel(ids[2], ConsoleQueueMessages.jobCancelled, NOW + 40);

    const overview = new OverviewRepository(db().sql);
    expect(await overview.users(chinaDayStart(today), chinaDayStart(today - 6))).toEqual({ today: 1, lastSevenDays: 2, total: 2 });
    expect(await overview.rendersByKind(chinaDayStart(today))).toEqual(new Map([['tl', { renders: 2, failures: 1 }]]));
    expect(await overview.newUsersByDay(chinaDayStart(today - 13))).toEqual(new Map([[today, 1], [today - 1, 1]]));
    expect(await overview.rendersByDay(today - 13, today)).toEqual(new Map([[today, { renders: 2, failures: 1 }]]));
    expect(await overview.publishedSites()).toBe(0);

    const consoleJobs = new ConsoleJobsRepository(db().sql);
    const waiting = await consoleJobs.page('waiting', 1, 20);
    expect(waiting).toEqual({ total: 1, list: [expect.objectContaining({ id: ids[4], style: '2', title: '龙4', user: null, ahead: 1 })] });
    const running = await consoleJobs.page('running', 1, 20);
    expect(running.list.map((job) => job.id)).toEqual([ids[3]]);
    const failed = await consoleJobs.page('failed', 1, 20);
    expect(failed.list.map((job) => [job.id, job.error])).toEqual([
      [ids[2], ConsoleQueueMessages.jobCancelled],
      [ids[1], '生成失败'],
    ]);
    expect(failed.list[1].user).toEqual({ id: user, name: '13800000001', mobile: '13800000001' });
    expect(await consoleJobs.page('failed', 2, 1)).toMatchObject({ total: 2, list: [expect.objectContaining({ id: ids[1] })] });
    expect(await consoleJobs.status(ids[3])).toEqual({ status: 'running', kind: 'tl', userId: null, error: '' });
    expect(await consoleJobs.status('f'.repeat(32))).toBeNull();
  });
});
