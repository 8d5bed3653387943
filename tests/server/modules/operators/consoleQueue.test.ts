/**
 * The console's 概览 and 任务队列 (embedded queue; tests/server/queue/queueContract.test.ts holds
 * cancel and retry against BullMQ too): the figures counted by China-time day, the jobs waiting,
 * rendering and failed, a cancel its user hears of in both polls, a retry its user polls to the
 * result, every action in the operators' log, and hostile input refused in Chinese.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { BannerStatusAnswer, GenerateBannerAnswer } from '../../../../src/contract/builder';
import { ConsoleQueueMessages, type ConsoleJobList, type ConsoleOverview } from '../../../../src/contract/consoleQueue';
import { AnswerCode } from '../../../../src/contract/envelope';
import { DEFAULT_LOGO_TEXTS, GenerationMessages, type LogoCreateAnswer, type LogoPollingAnswer } from '../../../../src/contract/generation';
import type { OperatorActionList } from '../../../../src/contract/operators';
import { DATABASE_FILE } from '../../../../src/server/db/database';
import { START_TIME, get, post } from '../../helpers';
import { buildGenerationApp, quickLogin, type GenerationTestApp } from '../../queue/kit';
import { newSite } from '../builderKit';

jest.setTimeout(60_000);

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
const CANCELLED = ConsoleQueueMessages.jobCancelled;

/** Writes to the app's database as another process would (the statements the app itself never makes). */
function write(t: GenerationTestApp, statement: string, ...values: unknown[]): void {
  const db = new Database(path.join(t.dataDir, DATABASE_FILE));
  // Rows a count needs, without the sites and accounts they would point to.
  db.pragma('foreign_keys = OFF');
  try {
    db.prepare(statement).run(...values);
  } finally {
    db.close();
  }
}

/** A logged-in operator: a user given the role in the database, as npm run operator does. */
function operatorOf(t: GenerationTestApp, phone = '13900139000'): { userId: number; headers: Record<string, string> } {
  const caller = quickLogin(t, phone);
  write(t, "UPDATE users SET role = 'operator' WHERE id = ?", caller.userId);
  return caller;
}

const logo = (n: number) => ({ isFirst: false, ...DEFAULT_LOGO_TEXTS, logotext: `星河${n}`, logobg: 1, module: 'tl' });

describe('the console 概览', () => {
  let t: GenerationTestApp;
  let op: Record<string, string>;

  beforeAll(async () => {
    // 2026-01-01 08:00 in China: the day began eight hours ago.
    t = await buildGenerationApp({ env: { RENDER_CONCURRENCY: '1' } });
    t.runner.mode = 'manual';
    op = operatorOf(t).headers;
  });
  afterAll(() => t.close());

  it('counts users, renders, the queue, published sites and storage, by China-time day', async () => {
    const now = START_TIME;
    const chinaMidnight = now - 8 * HOUR;
    // Users: the operator (today), one just after midnight China time, one just before (yesterday),
    // one 6 days ago (in the last 7), one 7 days ago (not), one 20 days ago (outside the chart).
    const users: Array<[string, number]> = [
      ['13800000001', chinaMidnight + 1],
      ['13800000002', chinaMidnight - 1],
      ['13800000003', chinaMidnight - 6 * DAY + 1],
      ['13800000004', chinaMidnight - 7 * DAY + 1],
      ['13800000005', chinaMidnight - 20 * DAY],
    ];
    for (const [phone, at] of users) write(t, 'INSERT INTO users (name, mobile, created_at, updated_at) VALUES (?, ?, ?, ?)', phone, phone, at, at);
    // A merged-away account counts for nobody.
    write(t, 'INSERT INTO users (name, mobile, created_at, updated_at, merged_into) VALUES (?, ?, ?, ?, 1)', 'gone', null, now, now);

    const job = (id: string, kind: string, status: string, finishedAt: number, error = '') =>
      write(
        t,
        "INSERT INTO render_jobs (id, seq, kind, input, status, attempts, error, queued_at, touched_at, finished_at) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM render_jobs), ?, '{}', ?, 1, ?, ?, ?, ?)",
        id.repeat(32),
        kind,
        status,
        error,
        finishedAt - 1000,
        finishedAt,
        finishedAt,
      );
    job('1', 'tl', 'done', chinaMidnight + 10);
    job('2', 'tl', 'failed', chinaMidnight + 20, GenerationMessages.renderFailed);
    job('3', 'fsa', 'done', chinaMidnight + 30);
    // Cancelled by an operator: neither a render nor a failure.
    job('4', 'tl', 'failed', chinaMidnight + 40, CANCELLED);
    job('5', 'al', 'done', chinaMidnight - 1);
    job('6', 'al', 'failed', chinaMidnight - 13 * DAY, GenerationMessages.renderTimedOut);
    job('7', 'al', 'done', chinaMidnight - 14 * DAY);
    for (const [kind, ms] of [['tl', 100], ['tl', 300], ['tl', 200], ['fsa', 9000], ['fsa', 11000]] as const) {
      write(t, 'INSERT INTO render_durations (kind, style, finished_at, render_ms) VALUES (?, ?, ?, ?)', kind, '1', now, ms);
    }
    write(t, 'INSERT INTO published_sites (slug, site_id, mini_site_id, user_id, created_at, updated_at) VALUES (?, 999, NULL, 1, ?, ?)', 'abc123', now, now);

    // Two logos asked for now: one renders, one waits.
    const player = quickLogin(t, '13800000009');
    await post(t, '/index/common/logoCreate', logo(1), player.headers);
    await post(t, '/index/common/logoCreate', logo(2), player.headers);
    await t.runner.started(1);

    const answer = await get<ConsoleOverview>(t, '/api/admin/overview', op);
    expect(answer.code).toBe(200);
    const overview = answer.data;
    // Today: the operator, 0001 and the player; the last 7 days add 0002 and 0003.
    expect(overview.users).toEqual({ today: 3, lastSevenDays: 5, total: 7 });
    expect(overview.kinds).toEqual([
      { kind: 'tl', renders: 2, failures: 1, medianMs: 200 },
      { kind: 'al', renders: 0, failures: 0, medianMs: null },
      { kind: 'fsa', renders: 1, failures: 0, medianMs: 10000 },
      { kind: 'ab', renders: 0, failures: 0, medianMs: null },
    ]);
    expect(overview.queue).toEqual({ waiting: 1, running: 1 });
    expect(overview.publishedSites).toBe(1);
    expect(overview.storage).toMatchObject({ where: 'local', measuredAt: now });
    expect(overview.storage.bytes).toBeGreaterThan(0);

    expect(overview.days).toHaveLength(14);
    expect(overview.days[13]).toEqual({ day: '2026-01-01', newUsers: 3, renders: 3, failures: 1 });
    expect(overview.days[12]).toEqual({ day: '2025-12-31', newUsers: 1, renders: 1, failures: 0 });
    expect(overview.days[7]).toEqual({ day: '2025-12-26', newUsers: 1, renders: 0, failures: 0 });
    expect(overview.days[6]).toEqual({ day: '2025-12-25', newUsers: 1, renders: 0, failures: 0 });
    // 13 days before today is the chart's first day; 14 days before is not on it.
    expect(overview.days[0]).toEqual({ day: '2025-12-19', newUsers: 0, renders: 1, failures: 1 });
    expect(overview.days.reduce((sum, day) => sum + day.newUsers, 0)).toBe(6);
  });

  it('measures the storage at most once a minute', async () => {
    const first = (await get<ConsoleOverview>(t, '/api/admin/overview', op)).data.storage;
    fs.writeFileSync(path.join(t.dataDir, 'uploads-extra.bin'), Buffer.alloc(50_000));
    t.clock.advanceSeconds(30);
    expect((await get<ConsoleOverview>(t, '/api/admin/overview', op)).data.storage).toEqual(first);
    t.clock.advanceSeconds(31);
    const later = (await get<ConsoleOverview>(t, '/api/admin/overview', op)).data.storage;
    expect(later.measuredAt).toBe(first.measuredAt + 61_000);
    expect(later.bytes ?? 0).toBeGreaterThanOrEqual((first.bytes ?? 0) + 50_000);
  });
});

describe('the console 任务队列', () => {
  let t: GenerationTestApp;
  let op: { userId: number; headers: Record<string, string> };
  let player: { userId: number; headers: Record<string, string> };

  beforeEach(async () => {
    t = await buildGenerationApp({ env: { QUEUE_MAX_ACTIVE_PER_USER: '10', RENDER_CONCURRENCY: '1' } });
    t.runner.mode = 'manual';
    op = operatorOf(t);
    player = quickLogin(t, '13800138000');
  });
  afterEach(() => t.close());

  const create = async (n: number): Promise<string> => {
    const answer = await post<LogoCreateAnswer>(t, '/index/common/logoCreate', logo(n), player.headers);
    expect(answer.code).toBe(200);
    return answer.data.uniqueId;
  };
  const poll = (id: string) => post<LogoPollingAnswer>(t, '/index/common/logoPolling', { uniqueId: id }, player.headers);
  const jobs = (status: string, page = 1) => get<ConsoleJobList>(t, `/api/admin/jobs?status=${status}&page=${page}`, op.headers);
  const cancel = (id: string, headers = op.headers) => post(t, `/api/admin/jobs/${id}/cancel`, {}, headers);
  const retry = (id: string, headers = op.headers) => post(t, `/api/admin/jobs/${id}/retry`, {}, headers);
  const log = async () => (await get<OperatorActionList>(t, '/api/admin/actions', op.headers)).data.list;

  it('lists the jobs waiting with their place, and rendering, with their user, kind, style and game', async () => {
    const ids = [await create(1), await create(2), await create(3)];
    await t.runner.started(1);
    t.clock.advanceSeconds(5);
    const waiting = await jobs('waiting');
    expect(waiting.data).toMatchObject({ total: 2, now: t.clock.now() });
    expect(waiting.data.list).toEqual([
      { id: ids[1], kind: 'tl', style: '1', title: '星河2', user: { id: player.userId, name: '13800138000', mobile: '13800138000' }, queuedAt: START_TIME, startedAt: null, finishedAt: null, ahead: 1, error: '' },
      expect.objectContaining({ id: ids[2], title: '星河3', ahead: 2 }),
    ]);
    // What the player's own poll counts is what the console shows.
    expect((await poll(ids[2])).data.waitCount).toBe(2);
    const running = await jobs('running');
    expect(running.data.total).toBe(1);
    expect(running.data.list[0]).toMatchObject({ id: ids[0], startedAt: START_TIME, ahead: null });
    // The default list is the waiting one; a page past the end is empty.
    expect((await get<ConsoleJobList>(t, '/api/admin/jobs', op.headers)).data.total).toBe(2);
    expect((await jobs('waiting', 2)).data).toMatchObject({ total: 2, list: [] });
  });

  it('cancels a waiting job and a rendering one: the user’s poll says an operator cancelled it, the next job renders, both are logged', async () => {
    const ids = [await create(1), await create(2), await create(3)];
    await t.runner.started(1);

    expect(await cancel(ids[1])).toMatchObject({ code: 200, msg: ConsoleQueueMessages.cancelled });
    expect((await poll(ids[1])).data).toMatchObject({ expired: true, errorMsg: CANCELLED });
    expect((await poll(ids[2])).data.waitCount).toBe(1);
    expect(await cancel(ids[1])).toMatchObject({ code: AnswerCode.invalid, msg: ConsoleQueueMessages.notCancellable });

    expect(await cancel(ids[0])).toMatchObject({ code: 200 });
    expect(t.runner.renders[0].signal.aborted).toBe(true);
    expect((await poll(ids[0])).data).toMatchObject({ expired: true, errorMsg: CANCELLED });
    await t.runner.started(2);
    expect(t.runner.renders[1].spec).toMatchObject({ texts: { logotext: '星河3' } });

    const failed = await jobs('failed');
    expect(failed.data.list.map((job) => [job.id, job.error])).toEqual(
      expect.arrayContaining([
        [ids[0], CANCELLED],
        [ids[1], CANCELLED],
      ]),
    );
    const entries = await log();
    expect(entries.map((entry) => [entry.action, entry.target, entry.operatorId])).toEqual([
      ['queue.cancel', `job:${ids[0]}`, op.userId],
      ['queue.cancel', `job:${ids[1]}`, op.userId],
    ]);
    expect(entries[0]).toMatchObject({ before: { status: 'running', kind: 'tl', userId: player.userId }, after: { status: 'failed', error: CANCELLED } });
    expect(entries[1].before).toMatchObject({ status: 'waiting' });
  });

  it('retries a failed job: its user polls it to the result; a job that has not failed is not retried', async () => {
    const id = await create(1);
    await t.runner.started(1);
    t.runner.renders[0].fail(new Error('canvas exploded'));
    await t.app.renderQueue.jobEnded(id, 5000);
    expect((await poll(id)).data).toMatchObject({ expired: true, errorMsg: GenerationMessages.renderFailed });
    expect((await jobs('failed')).data.list).toEqual([expect.objectContaining({ id, error: GenerationMessages.renderFailed, finishedAt: START_TIME })]);

    expect(await retry(id)).toMatchObject({ code: 200, msg: ConsoleQueueMessages.retried });
    await t.runner.started(2);
    expect((await poll(id)).data).toMatchObject({ expired: false, errorMsg: '' });
    expect(await retry(id)).toMatchObject({ code: AnswerCode.invalid, msg: ConsoleQueueMessages.notRetryable });
    t.runner.renders[1].finish();
    await t.app.renderQueue.jobEnded(id, 5000);
    expect((await poll(id)).data).toMatchObject({ isCreate: true, expired: false });
    expect(await retry(id)).toMatchObject({ code: AnswerCode.invalid, msg: ConsoleQueueMessages.notRetryable });
    expect(await cancel(id)).toMatchObject({ code: AnswerCode.invalid, msg: ConsoleQueueMessages.notCancellable });
    expect((await log()).map((entry) => entry.action)).toEqual(['queue.retry']);
    expect((await log())[0]).toMatchObject({ target: `job:${id}`, before: { status: 'failed', error: GenerationMessages.renderFailed }, after: { status: 'waiting' } });
  });

  it('tells the builder’s banner poll that an operator cancelled its banner', async () => {
    const site = await newSite(t, player);
    const created = await post<GenerateBannerAnswer>(t, '/api/createWeb/generateBanner', { id: site.id, isFirst: true, formData: { prompt: '云海之上的仙山', logotext: '龙腾天下' } }, player.headers);
    expect(created.code).toBe(200);
    await t.runner.started(1);
    const taskId = new URL(created.data.callbackUrl, 'http://x').searchParams.get('taskId') ?? '';
    expect((await jobs('running')).data.list[0]).toMatchObject({ id: taskId, kind: 'ab', title: '龙腾天下' });
    expect(await cancel(taskId)).toMatchObject({ code: 200 });
    expect(await get<BannerStatusAnswer>(t, created.data.callbackUrl, player.headers)).toMatchObject({ code: AnswerCode.serverError, msg: CANCELLED });
  });

  it('refuses hostile input in Chinese, and every call to a plain user or nobody', async () => {
    const id = await create(1);
    const unknown = 'f'.repeat(32);
    expect(await cancel(unknown)).toMatchObject({ code: AnswerCode.invalid, msg: ConsoleQueueMessages.jobNotFound });
    expect(await retry(unknown)).toMatchObject({ code: AnswerCode.invalid, msg: ConsoleQueueMessages.jobNotFound });
    for (const bad of ['..%2F..%2Fetc', 'F'.repeat(32), 'a'.repeat(33), '1', `${'a'.repeat(31)}%27`]) {
      const answer = await cancel(bad);
      expect(answer).toMatchObject({ code: AnswerCode.invalid });
      expect(answer.msg).toContain('参数错误');
      expect((await retry(bad)).code).toBe(AnswerCode.invalid);
    }
    for (const query of ['status=done', 'status=queued', 'page=0', 'page=abc', 'page=-1', 'page=99999999999']) {
      const answer = await get(t, `/api/admin/jobs?${query}`, op.headers);
      expect([query, answer.code]).toEqual([query, AnswerCode.invalid]);
      expect(answer.msg).toContain('参数错误');
    }
    // The player cannot cancel even their own job through the console, nor see anyone's.
    const calls = [
      () => get(t, '/api/admin/overview', player.headers),
      () => get(t, '/api/admin/jobs', player.headers),
      () => cancel(id, player.headers),
      () => retry(id, player.headers),
    ];
    for (const call of calls) expect((await call()).status).toBe(403);
    for (const call of [() => get(t, '/api/admin/overview'), () => get(t, '/api/admin/jobs'), () => cancel(id, {}), () => retry(id, {})]) expect((await call()).status).toBe(401);
    expect((await poll(id)).data).toMatchObject({ expired: false, waitCount: 0 });
    expect(await log()).toEqual([]);
  });
});
