/**
 * The render queue's rows on both engines: FIFO places that only grow, a job queued once while it
 * waits or runs, each job claimed once even by claimers racing, every state change guarded by the
 * state it expects, and recovery of lapsed and interrupted claims.
 */
import { DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import { JobRepository, filesOf } from '../../../src/server/queue/repository';
import type { UserJobSpec } from '../../../src/server/render/jobSpec';
import { describeEachDatabase } from './testDatabases';

const logo = (n: number): UserJobSpec => ({ kind: 'tl', logoStyle: 1, texts: { ...DEFAULT_LOGO_TEXTS, logotext: `龙${n}` } });
const id = (letter: string): string => letter.repeat(32);
const nobody = { userId: null, ip: null };

describeEachDatabase('JobRepository', (db, dialect) => {
  const repo = (): JobRepository => new JobRepository(db().sql, dialect);

  it('queues in FIFO order, once while a job waits or runs, anew at the back once it ended', async () => {
    const jobs = repo();
    const a = await jobs.enqueue(id('a'), logo(1), nobody, 1);
    const b = await jobs.enqueue(id('b'), logo(2), nobody, 2);
    expect(a).not.toBeNull();
    expect(b).toBeGreaterThan(a ?? Infinity);
    expect(await jobs.enqueue(id('a'), logo(1), nobody, 3)).toBeNull();
    expect((await jobs.active()).map((row) => row.id)).toEqual([id('a'), id('b')]);

    const claimed = await jobs.claim(10, 100);
    expect(claimed).toMatchObject({ id: id('a'), status: 'running', attempts: 1, started_at: 10, lease_until: 100 });
    expect(await jobs.enqueue(id('a'), logo(1), nobody, 11)).toBeNull();
    expect(await jobs.finish(id('a'), 10, ['logo.png'], 20, 10, 9, 15)).toBe(true);
    const done = await jobs.byId(id('a'));
    expect(done).toMatchObject({ status: 'done', finished_at: 20, render_ms: 10, wait_ms: 9, touched_at: 15, lease_until: null });
    expect(filesOf(done ?? { files: '[]' })).toEqual(['logo.png']);

    const again = await jobs.enqueue(id('a'), logo(1), { userId: null, ip: '10.0.0.1' }, 30);
    expect(again).toBeGreaterThan(b ?? Infinity);
    expect(await jobs.byId(id('a'))).toMatchObject({ status: 'queued', attempts: 0, files: '[]', ip: '10.0.0.1', started_at: null, finished_at: null });
    expect((await jobs.active()).map((row) => row.id)).toEqual([id('b'), id('a')]);
  });

  it('hands each job to one claimer, even when claimers race', async () => {
    const jobs = repo();
    for (const letter of 'abcdef') await jobs.enqueue(id(letter), logo(letter.charCodeAt(0)), nobody, 1);
    const claims = await Promise.all(Array.from({ length: 8 }, () => jobs.claim(10, 100)));
    const got = claims.flatMap((row) => (row ? [row.id] : []));
    expect(new Set(got).size).toBe(got.length);
    // Whatever the race left unclaimed is claimed next, in order; nothing twice.
    while (got.length < 6) {
      const row = await jobs.claim(10, 100);
      if (!row) break;
      got.push(row.id);
    }
    expect([...got].sort()).toEqual([...'abcdef'].map(id));
    expect(await jobs.claim(10, 100)).toBeNull();
  });

  it('claims by id a queued job or one whose worker died, never one that ended', async () => {
    const jobs = repo();
    await jobs.enqueue(id('a'), logo(1), nobody, 1);
    await jobs.enqueue(id('b'), logo(2), nobody, 1);
    expect(await jobs.claimById(id('a'), 5)).toMatchObject({ id: id('a'), status: 'running', attempts: 1, started_at: 5 });
    // Its worker died: the next worker claims it again, and the attempt counts.
    expect(await jobs.claimById(id('a'), 9)).toMatchObject({ status: 'running', attempts: 2, started_at: 9 });
    await jobs.expire(id('b'), 10);
    expect(await jobs.claimById(id('b'), 11)).toBeNull();
    expect(await jobs.claimById(id('none'), 11)).toBeNull();
  });

  it('leaves a job by id to the worker whose lease on it holds, and hands it on once the lease lapses', async () => {
    const jobs = repo();
    await jobs.enqueue(id('a'), logo(1), nobody, 1);
    expect(await jobs.claimById(id('a'), 5, 100)).toMatchObject({ status: 'running', attempts: 1, lease_until: 100 });
    // Another worker handed the job while the first still renders it (BullMQ's lock lapsed).
    expect(await jobs.claimById(id('a'), 50, 150)).toBeNull();
    await jobs.renewLeases([id('a')], 200);
    expect(await jobs.claimById(id('a'), 150, 250)).toBeNull();
    // The first worker died: its lease lapses, and the job is claimed again.
    expect(await jobs.claimById(id('a'), 201, 300)).toMatchObject({ status: 'running', attempts: 2, started_at: 201, lease_until: 300 });
  });

  it('counts the jobs queued or running ahead of a place', async () => {
    const jobs = repo();
    const places = [];
    for (const name of ['a', 'b', 'c', 'd']) places.push(await jobs.enqueue(id(name), logo(1), nobody, 1));
    await jobs.claimById(id('a'), 5);
    await jobs.expire(id('b'), 6);
    expect(await jobs.activeBefore(places[3] ?? 0)).toBe(2);
    expect(await jobs.activeBefore(places[0] ?? 0)).toBe(0);
  });

  it('guards every change by the state it expects', async () => {
    const jobs = repo();
    await jobs.enqueue(id('a'), logo(1), nobody, 1);
    await jobs.claim(10, 100);
    // A claim that is no longer current (another start time) finishes nothing.
    expect(await jobs.finish(id('a'), 9, ['logo.png'], 20, 10, 9, 15)).toBe(false);
    expect(await jobs.expire(id('a'), 20)).toBe(false);
    await jobs.release(id('a'));
    expect(await jobs.byId(id('a'))).toMatchObject({ status: 'queued', attempts: 0, started_at: null, lease_until: null });
    expect(await jobs.fail(id('a'), '失败', 20, 1)).toBe(false);
    expect(await jobs.expire(id('a'), 20)).toBe(true);
    expect(await jobs.byId(id('a'))).toMatchObject({ status: 'expired', finished_at: 20 });

    await jobs.enqueue(id('b'), logo(2), nobody, 30);
    await jobs.claim(40, 100);
    expect(await jobs.fail(id('b'), '渲染失败', 50, 45)).toBe(true);
    expect(await jobs.byId(id('b'))).toMatchObject({ status: 'failed', error: '渲染失败', touched_at: 45 });
    // Touching keeps the later time.
    await jobs.touch([id('b')], 44);
    expect((await jobs.byId(id('b')))?.touched_at).toBe(45);
    await jobs.touch([id('b'), id('a')], 60);
    expect((await jobs.byId(id('b')))?.touched_at).toBe(60);
    expect((await jobs.byId(id('a')))?.touched_at).toBe(60);
  });

  it('renews leases of running jobs only, and takes lapsed ones back until their attempts run out', async () => {
    const jobs = repo();
    await jobs.enqueue(id('a'), logo(1), nobody, 1);
    await jobs.enqueue(id('b'), logo(2), nobody, 2);
    await jobs.claim(10, 100);
    await jobs.claim(10, 100);
    await jobs.renewLeases([id('b')], 500);
    expect((await jobs.byId(id('b')))?.lease_until).toBe(500);

    // a lapsed at 200; b is held; a job running here is left alone whatever its lease says.
    expect(await jobs.recoverLapsed(200, 2, '失败', new Set())).toMatchObject({ requeued: [expect.objectContaining({ id: id('a') })], failed: [] });
    expect(await jobs.byId(id('a'))).toMatchObject({ status: 'queued', attempts: 1 });
    await jobs.claim(210, 300);
    expect(await jobs.recoverLapsed(400, 2, '失败', new Set([id('a')]))).toEqual({ requeued: [], failed: [] });
    expect(await jobs.recoverLapsed(400, 2, '失败', new Set())).toMatchObject({ requeued: [], failed: [expect.objectContaining({ id: id('a') })] });
    expect(await jobs.byId(id('a'))).toMatchObject({ status: 'failed', error: '失败', attempts: 2 });
    expect((await jobs.byId(id('b')))?.status).toBe('running');
  });

  it('puts interrupted jobs back in their place at a restart, and fails one interrupted too often', async () => {
    const jobs = repo();
    await jobs.enqueue(id('a'), logo(1), nobody, 1);
    await jobs.enqueue(id('b'), logo(2), nobody, 2);
    const seqA = (await jobs.byId(id('a')))?.seq;
    await jobs.claim(10, 100);
    expect(await jobs.recoverOrphans(20, 2, '中断')).toMatchObject({ requeued: [expect.objectContaining({ id: id('a') })], failed: [] });
    expect(await jobs.byId(id('a'))).toMatchObject({ status: 'queued', attempts: 0, interruptions: 1, seq: seqA });
    expect((await jobs.claim(30, 100))?.id).toBe(id('a'));
    await jobs.recoverOrphans(40, 2, '中断');
    await jobs.claim(50, 100);
    expect(await jobs.recoverOrphans(60, 2, '中断')).toMatchObject({ requeued: [], failed: [expect.objectContaining({ id: id('a') })] });
    expect(await jobs.byId(id('a'))).toMatchObject({ status: 'failed', error: '中断', interruptions: 3 });
  });

  it('prunes results unused for long and failures sooner, answering their ids', async () => {
    const jobs = repo();
    for (const [letter, at] of [['a', 1], ['b', 2], ['c', 3]] as const) await jobs.enqueue(id(letter), logo(at), nobody, at);
    await jobs.claim(10, 100);
    await jobs.finish(id('a'), 10, ['logo.png'], 20, 10, 9, 20);
    await jobs.claim(30, 100);
    await jobs.fail(id('b'), '失败', 40, 40);
    expect((await jobs.prune(10, 50)).sort()).toEqual([id('b')]);
    expect((await jobs.prune(21, 50)).sort()).toEqual([id('a')]);
    expect((await jobs.active()).map((row) => row.id)).toEqual([id('c')]);
  });
});
