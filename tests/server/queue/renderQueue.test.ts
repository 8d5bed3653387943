import Fastify from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, GenerationMessages, type LogoTexts } from '../../../src/contract/generation';
import { connectSqlite, type DatabaseConnection } from '../../../src/server/db/connection';
import type { Db } from '../../../src/server/db/database';
import { jobDir } from '../../../src/server/queue/paths';
import type { RenderSeeds } from '../../../src/server/queue/renderDurations';
import { EmbeddedRenderQueue, type EmbeddedQueueOptions } from '../../../src/server/queue/embedded/embeddedQueue';
import { KEEP_DONE_MS, KEEP_FAILED_MS } from '../../../src/server/queue/renderQueue';
import { jobIdentity, type RenderRunner } from '../../../src/server/queue/jobRules';
import type { UserJobSpec } from '../../../src/server/render/jobSpec';
import { JobRepository } from '../../../src/server/queue/repository';
import { DataFiles } from '../../../src/server/storage/dataFiles';
import { LocalFileStore } from '../../../src/server/storage/localStore';
import { createClock, type TestClock } from '../helpers';
import { FakeRunner, settle } from './kit';

let dataDir: string;
let database: DatabaseConnection;
/** SQLite's own handle, to look at the rows. */
let db: Db;
let clock: TestClock;
let logs: string[];
let queue: EmbeddedRenderQueue | null;
const KEY = Buffer.alloc(32, 7);

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-queue-test-'));
  const connection = connectSqlite(dataDir);
  database = connection;
  db = connection.sqlite;
  clock = createClock();
  logs = [];
  queue = null;
});

afterEach(async () => {
  await queue?.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function open(runner: RenderRunner, options: Partial<EmbeddedQueueOptions> = {}): Promise<EmbeddedRenderQueue> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  queue = new EmbeddedRenderQueue({
    db: database.sql,
    dialect: 'sqlite',
    now: clock.now,
    log: Fastify({ logger: { level: 'info', stream } }).log,
    dataDir,
    runner,
    identityKey: KEY,
    cacheScope: 'user',
    maxActivePerUser: 3,
    maxActivePerIp: 3,
    concurrency: 1,
    inquiryThreshold: 5,
    unpolledExpiryMs: 300_000,
    abortGraceMs: 50,
    sweepIntervalMs: 60_000,
    ...options,
  });
  await queue.start();
  return queue;
}

/** A distinct transparent-logo job per number. */
const logo = (n: number, texts: Partial<LogoTexts> = {}): UserJobSpec => ({ kind: 'tl', logoStyle: 1, texts: { ...DEFAULT_LOGO_TEXTS, logotext: `龙${n}`, ...texts } });
const banner = (n: number): UserJobSpec => ({
  kind: 'fsa',
  logoStyle: 1,
  bannerStyle: 1,
  texts: { ...DEFAULT_LOGO_TEXTS, logotext: `虎${n}` },
  bannerTexts: DEFAULT_BANNER_TEXTS,
});
const queued = async (q: EmbeddedRenderQueue, spec: UserJobSpec, isFirst = false): Promise<{ id: string; waitCount: number; remainingMs: number }> => {
  const outcome = await q.submit(spec, { isFirst, userId: null, ip: null });
  if (outcome.type !== 'queued') throw new Error(`expected queued, got ${outcome.type}`);
  return outcome;
};
/** Queues each spec in turn, as requests arriving one after another. */
const queuedAll = async (q: EmbeddedRenderQueue, specs: UserJobSpec[]): Promise<Array<{ id: string; waitCount: number; remainingMs: number }>> => {
  const outcomes = [];
  for (const spec of specs) outcomes.push(await queued(q, spec));
  return outcomes;
};
const waitCountOf = async (q: EmbeddedRenderQueue, id: string): Promise<number> => {
  const outcome = await q.poll(id, null);
  if (outcome.type !== 'waiting') throw new Error(`expected waiting, got ${outcome.type}`);
  return outcome.waitCount;
};
/** Users in the database (jobs refer to them): answers their ids. */
const users = (count: number): number[] =>
  Array.from({ length: count }, (_, n) => Number(db.prepare('INSERT INTO users (name, mobile, created_at, updated_at) VALUES (?, ?, 0, 0)').run(`u${n}`, `1380000000${n}`).lastInsertRowid));
const statusOf = (id: string): string => (db.prepare('SELECT status FROM render_jobs WHERE id = ?').get(id) as { status: string }).status;

describe('wait counts', () => {
  it('count the jobs ahead: 0 while running, then each queued job one more', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const ids = await queuedAll(q, [1, 2, 3, 4].map((n) => logo(n)));
    expect(ids.map((job) => job.waitCount)).toEqual([0, 1, 2, 3]);
    expect(await q.poll(ids[0].id, null)).toEqual({ type: 'waiting', waitCount: 0, running: true, remainingMs: expect.any(Number) });
    expect(await Promise.all(ids.map((job) => waitCountOf(q, job.id)))).toEqual([0, 1, 2, 3]);

    runner.renders[0].finish();
    await settle();
    expect(await q.poll(ids[0].id, null)).toMatchObject({ type: 'done', files: ['logo.png'] });
    expect(await waitCountOf(q, ids[1].id)).toBe(0);
    expect(await waitCountOf(q, ids[2].id)).toBe(1);
    expect(await waitCountOf(q, ids[3].id)).toBe(2);
  });

  it('count running jobs ahead too, with two renders at once', async () => {
    const q = await open(new FakeRunner('manual'), { concurrency: 2 });
    const ids = await queuedAll(q, [1, 2, 3, 4].map((n) => logo(n)));
    expect(await Promise.all(ids.map((job) => waitCountOf(q, job.id)))).toEqual([0, 0, 2, 3]);
  });

  it('answer 10,000 queued jobs from an order-statistics index, without reading the table', async () => {
    const q = await open(new FakeRunner('manual'));
    let last = { id: '', waitCount: 0 };
    for (let n = 0; n < 10_000; n += 1) last = await queued(q, logo(n));
    expect(last.waitCount).toBe(9_999);
    const byId = jest.spyOn(JobRepository.prototype, 'byId');
    try {
      expect(await waitCountOf(q, last.id)).toBe(9_999);
      expect(byId).not.toHaveBeenCalled();
    } finally {
      byId.mockRestore();
    }
    const index = q.sequenceIndex;
    expect(index.size).toBe(10_000);
    // A Fenwick tree read: at most log2(capacity) + 1 nodes, whatever the queue's length.
    expect(index.lastProbeSteps).toBeLessThanOrEqual(Math.log2(index.capacity) + 1);
    expect(index.lastProbeSteps).toBeLessThanOrEqual(15);
  });
});

describe('the inquiry threshold', () => {
  it('asks a first request when more than the threshold are ahead, and queues a confirmed one', async () => {
    const q = await open(new FakeRunner('manual'), { inquiryThreshold: 2 });
    await queued(q, logo(1));
    await queued(q, logo(2));
    // Exactly the threshold ahead: no question yet.
    expect(await q.submit(logo(3), { isFirst: true, userId: null, ip: null })).toMatchObject({ type: 'queued', waitCount: 2 });
    const count = (): number => (db.prepare('SELECT COUNT(*) AS n FROM render_jobs').get() as { n: number }).n;
    expect(count()).toBe(3);
    expect(await q.submit(logo(4), { isFirst: true, userId: null, ip: null })).toEqual({ type: 'inquiry', waitCount: 3 });
    expect(count()).toBe(3);
    expect(await q.submit(logo(4), { isFirst: false, userId: null, ip: null })).toMatchObject({ type: 'queued', waitCount: 3 });
    expect(count()).toBe(4);
  });

  it('answers a job already queued without asking', async () => {
    const q = await open(new FakeRunner('manual'), { inquiryThreshold: 0 });
    const first = await queued(q, logo(1), true);
    const second = await queued(q, logo(2));
    expect(await q.submit(logo(2), { isFirst: true, userId: null, ip: null })).toEqual({ type: 'queued', id: second.id, waitCount: 1, remainingMs: second.remainingMs });
    expect(first.waitCount).toBe(0);
  });
});

describe('identical requests', () => {
  it('share a queued or running job, and reuse a finished one at once', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const running = await queued(q, logo(1));
    const waiting = await queued(q, logo(2));
    expect((await queued(q, logo(1))).id).toBe(running.id);
    expect(await queued(q, logo(2))).toEqual(waiting);
    expect(running.id).toBe(q.identityOf(logo(1), null));
    expect((db.prepare('SELECT COUNT(*) AS n FROM render_jobs').get() as { n: number }).n).toBe(2);

    runner.renders[0].finish();
    await settle();
    expect(await q.submit(logo(1), { isFirst: true, userId: null, ip: null })).toEqual({ type: 'exists', id: running.id, kind: 'tl', files: ['logo.png'] });
    expect(runner.renders).toHaveLength(2);
  });

  it('differ by kind, style, every text and the banner', async () => {
    const base: UserJobSpec = { kind: 'fsa', logoStyle: 1, bannerStyle: 1, texts: DEFAULT_LOGO_TEXTS, bannerTexts: DEFAULT_BANNER_TEXTS };
    const ids = new Set(
      [
        base,
        { ...base, logoStyle: 2 },
        { ...base, bannerStyle: 2 },
        { ...base, texts: { ...DEFAULT_LOGO_TEXTS, bottomtext: '' } },
        { ...base, bannerTexts: { ...DEFAULT_BANNER_TEXTS, bannertextdown: '' } },
        { kind: 'tl', logoStyle: 1, texts: DEFAULT_LOGO_TEXTS },
        { kind: 'al', logoStyle: 1, texts: DEFAULT_LOGO_TEXTS },
      ].map((spec) => jobIdentity(spec as UserJobSpec, KEY, 'shared')),
    );
    expect(ids.size).toBe(7);
  });

  it('have keyed ids: 32 hex characters that change with the key, so nobody works one out from the texts', async () => {
    const id = jobIdentity(logo(1), KEY, 'shared');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(jobIdentity(logo(1), KEY, 'shared')).toBe(id);
    expect(jobIdentity(logo(1), Buffer.alloc(32, 8), 'shared')).not.toBe(id);
    expect(jobIdentity(logo(1), KEY, 'user:1')).not.toBe(id);
  });

  it('in user scope: each user their own job and result, and only the owner may poll it', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const [a, b, c] = users(3);
    const mine = await q.submit(logo(1), { isFirst: false, userId: a, ip: null });
    const theirs = await q.submit(logo(1), { isFirst: false, userId: b, ip: null });
    if (mine.type !== 'queued' || theirs.type !== 'queued') throw new Error('expected two queued jobs');
    expect(theirs.id).not.toBe(mine.id);
    expect(await q.poll(mine.id, b)).toEqual({ type: 'unknown' });
    expect(await q.poll(mine.id, null)).toEqual({ type: 'unknown' });
    expect(await q.poll(mine.id, a)).toMatchObject({ type: 'waiting', running: true });
    runner.renders[0].finish();
    await settle();
    expect(await q.poll(mine.id, b)).toEqual({ type: 'unknown' });
    expect(await q.poll(mine.id, a)).toMatchObject({ type: 'done' });
    expect(await q.submit(logo(1), { isFirst: true, userId: a, ip: null })).toMatchObject({ type: 'exists', id: mine.id });
    expect(await q.submit(logo(1), { isFirst: true, userId: c, ip: null })).toMatchObject({ type: 'queued' });
  });

  it('in shared scope: everyone shares one job and may poll it', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { cacheScope: 'shared' });
    const [a, b, c] = users(3);
    const mine = await q.submit(logo(1), { isFirst: false, userId: a, ip: null });
    expect(await q.submit(logo(1), { isFirst: false, userId: b, ip: null })).toEqual(mine);
    if (mine.type !== 'queued') throw new Error('expected a queued job');
    expect(await q.poll(mine.id, b)).toMatchObject({ type: 'waiting' });
    runner.renders[0].finish();
    await settle();
    expect(await q.submit(logo(1), { isFirst: true, userId: c, ip: null })).toMatchObject({ type: 'exists', id: mine.id });
    expect(await q.poll(mine.id, c)).toMatchObject({ type: 'done' });
  });

  it('queue a failed job anew, at the back of the queue', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const failing = await queued(q, logo(1));
    await queued(q, logo(2));
    runner.renders[0].fail(new Error('boom'));
    await settle();
    expect(await q.poll(failing.id, null)).toEqual({ type: 'failed', message: GenerationMessages.renderFailed });
    expect(await queued(q, logo(1))).toEqual({ type: 'queued', id: failing.id, waitCount: 1, remainingMs: expect.any(Number) });
  });

  it('render again when a finished job lost its files', async () => {
    const q = await open(new FakeRunner('auto'));
    const job = await queued(q, logo(1));
    await settle();
    fs.rmSync(jobDir(dataDir, job.id), { recursive: true });
    expect(await q.poll(job.id, null)).toEqual({ type: 'expired' });
    expect((await q.submit(logo(1), { isFirst: true, userId: null, ip: null })).type).toBe('queued');
    await settle();
    expect(await q.poll(job.id, null)).toMatchObject({ type: 'done' });
  });
});

describe('active job limits', () => {
  const submit = (q: EmbeddedRenderQueue, n: number, userId: number | null, ip: string | null) => q.submit(logo(n), { isFirst: false, userId, ip });
  const count = (): number => (db.prepare('SELECT COUNT(*) AS n FROM render_jobs').get() as { n: number }).n;

  it('refuse a user\'s job past the limit, queueing nothing; the same job again is not a new one', async () => {
    const q = await open(new FakeRunner('manual'), { maxActivePerUser: 2, maxActivePerIp: 10 });
    const [a, b] = users(2);
    expect((await submit(q, 1, a, '192.0.2.1')).type).toBe('queued');
    expect((await submit(q, 2, a, '192.0.2.2')).type).toBe('queued');
    expect(await submit(q, 3, a, '192.0.2.3')).toEqual({ type: 'refused', limit: { by: 'user', limit: 2 } });
    expect(count()).toBe(2);
    expect((await submit(q, 2, a, '192.0.2.2')).type).toBe('queued');
    expect((await submit(q, 3, b, '192.0.2.3')).type).toBe('queued');
  });

  it('refuse an address\'s job past the limit, counting an IPv6 client by its /64', async () => {
    const q = await open(new FakeRunner('manual'), { maxActivePerUser: 10, maxActivePerIp: 2 });
    const [a, b, c] = users(3);
    await submit(q, 1, a, '2001:db8::1');
    await submit(q, 2, b, '2001:db8::2');
    expect(await submit(q, 3, c, '2001:db8:0:0:1::3')).toEqual({ type: 'refused', limit: { by: 'ip', limit: 2 } });
    expect((await submit(q, 3, c, '2001:db8:0:1::3')).type).toBe('queued');
    // Jobs of no user and no address (none come from the API) are not limited.
    for (let n = 10; n < 15; n += 1) expect((await submit(q, n, null, null)).type).toBe('queued');
  });

  it('free a place when a job finishes, fails or expires, and keep the counts over a restart', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { maxActivePerUser: 2, maxActivePerIp: 10, concurrency: 2 });
    const [a, b] = users(2);
    await submit(q, 1, a, '192.0.2.1');
    await submit(q, 2, a, '192.0.2.1');
    runner.renders[0].finish();
    await settle();
    expect((await submit(q, 3, a, '192.0.2.1')).type).toBe('queued');
    runner.renders[1].fail(new Error('boom'));
    await settle();
    expect((await submit(q, 4, a, '192.0.2.1')).type).toBe('queued');
    expect((await submit(q, 5, a, '192.0.2.1')).type).toBe('refused');

    // Jobs 3 and 4 are running; after a restart they are still the user's two, and the address's.
    await q.close();
    const again = new FakeRunner('manual');
    const reopened = await open(again, { maxActivePerUser: 2, maxActivePerIp: 2, concurrency: 1 });
    expect(await submit(reopened, 5, a, '192.0.2.1')).toEqual({ type: 'refused', limit: { by: 'user', limit: 2 } });
    expect(await submit(reopened, 5, b, '192.0.2.1')).toEqual({ type: 'refused', limit: { by: 'ip', limit: 2 } });
    const waiting = db.prepare("SELECT id FROM render_jobs WHERE status = 'queued'").get() as { id: string };
    clock.advanceSeconds(301);
    await reopened.sweep();
    expect(statusOf(waiting.id)).toBe('expired');
    expect((await submit(reopened, 5, a, '192.0.2.1')).type).toBe('queued');
  });
});

describe('order and files', () => {
  it('renders first come, first served, and moves each result into its folder whole', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const ids = (await queuedAll(q, [5, 3, 9, 1].map((n) => logo(n)))).map((job) => job.id);
    for (let i = 0; i < ids.length; i += 1) {
      await runner.started(i + 1);
      expect(runner.renders[i].spec).toEqual(logo([5, 3, 9, 1][i]));
      runner.renders[i].finish();
      await settle();
    }
    for (const id of ids) expect(fs.readdirSync(jobDir(dataDir, id))).toEqual(['logo.png']);
    // Nothing is left in the temporary folder.
    expect(fs.readdirSync(path.join(dataDir, 'render-tmp'))).toEqual([]);
  });

  it('claims each job once, in one statement', async () => {
    const repo = new JobRepository(database.sql, 'sqlite');
    await repo.enqueue('a'.repeat(32), logo(1), { userId: null, ip: null }, 1);
    await repo.enqueue('b'.repeat(32), logo(2), { userId: null, ip: null }, 2);
    expect((await repo.claim(10, 20))?.id).toBe('a'.repeat(32));
    expect((await repo.claim(10, 20))?.id).toBe('b'.repeat(32));
    expect(await repo.claim(10, 20)).toBeNull();
  });
});

describe('unpolled jobs', () => {
  it('are dropped after the expiry; polling and creating keep a job alive, running ones are never dropped', async () => {
    const q = await open(new FakeRunner('manual'));
    const running = await queued(q, logo(1));
    const forgotten = await queued(q, logo(2));
    const watched = await queued(q, logo(3));
    clock.advanceSeconds(200);
    expect(await waitCountOf(q, watched.id)).toBe(2);
    clock.advanceSeconds(150);
    await q.sweep();
    expect(statusOf(forgotten.id)).toBe('expired');
    expect(await waitCountOf(q, watched.id)).toBe(1);
    expect(await q.poll(forgotten.id, null)).toEqual({ type: 'expired' });
    expect(await q.poll(running.id, null)).toMatchObject({ type: 'waiting', running: true });
    // A new request for it queues it again, at the back.
    expect((await queued(q, logo(2))).waitCount).toBe(2);
  });

  it('expire on the poll that finds them stale, before any sweep', async () => {
    const q = await open(new FakeRunner('manual'));
    await queued(q, logo(1));
    const stale = await queued(q, logo(2));
    clock.advanceSeconds(301);
    expect(await q.poll(stale.id, null)).toEqual({ type: 'expired' });
    expect(statusOf(stale.id)).toBe('expired');
  });
});

describe('failures', () => {
  it('fail a render past its timeout with the timeout message, and go on with the next job', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { timeoutsMs: { tl: 30 } });
    const slow = await queued(q, logo(1));
    const next = await queued(q, logo(2));
    await runner.started(2);
    expect(runner.renders[0].signal.aborted).toBe(true);
    expect(await q.poll(slow.id, null)).toEqual({ type: 'failed', message: GenerationMessages.renderTimedOut });
    runner.renders[1].finish();
    await settle();
    expect(await q.poll(next.id, null)).toMatchObject({ type: 'done' });
  });

  it('give up a render that ignores its abort after the grace period', async () => {
    const runner = new FakeRunner('manual');
    runner.ignoreAbort = true;
    const q = await open(runner, { timeoutsMs: { tl: 20 }, abortGraceMs: 30 });
    const hung = await queued(q, logo(1));
    await queued(q, logo(2));
    await runner.started(2);
    expect(await q.poll(hung.id, null)).toEqual({ type: 'failed', message: GenerationMessages.renderTimedOut });
    // Finishing late changes nothing.
    runner.renders[0].finish();
    await settle();
    expect(await q.poll(hung.id, null)).toEqual({ type: 'failed', message: GenerationMessages.renderTimedOut });
  });

  it('a render that throws fails its own job only, and the cause is logged', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { concurrency: 2 });
    const broken = await queued(q, logo(1));
    const fine = await queued(q, logo(2));
    runner.renders[0].fail(new Error('canvas exploded'));
    runner.renders[1].finish();
    await settle();
    expect(await q.poll(broken.id, null)).toEqual({ type: 'failed', message: GenerationMessages.renderFailed });
    expect(await q.poll(fine.id, null)).toMatchObject({ type: 'done' });
    expect(logs.some((line) => line.includes('canvas exploded') && line.includes(broken.id))).toBe(true);
  });

  it('a render that reports files it did not write fails', async () => {
    const q = await open({ run: async () => ({ files: ['logo.png'] }), close: async () => undefined });
    const job = await queued(q, logo(1));
    await settle();
    expect(await q.poll(job.id, null)).toEqual({ type: 'failed', message: GenerationMessages.renderFailed });
    expect(fs.existsSync(jobDir(dataDir, job.id))).toBe(false);
  });
});

describe('leases and shutdown', () => {
  it('puts a running job back in its place on close, without counting the attempt', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const job = await queued(q, logo(1));
    await queued(q, logo(2));
    await q.close();
    queue = null;
    expect(runner.renders[0].signal.aborted).toBe(true);
    expect(db.prepare('SELECT status, attempts, lease_until FROM render_jobs WHERE id = ?').get(job.id)).toEqual({ status: 'queued', attempts: 0, lease_until: null });
    const again = new FakeRunner('manual');
    const reopened = await open(again);
    expect(again.renders[0].spec).toEqual(logo(1));
    expect(await waitCountOf(reopened, job.id)).toBe(0);
  });

  it('renews the lease of a running job', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { leaseMs: 400 });
    const job = await queued(q, logo(1));
    const lease = (): number => (db.prepare('SELECT lease_until FROM render_jobs WHERE id = ?').get(job.id) as { lease_until: number }).lease_until;
    const first = lease();
    clock.advanceSeconds(10);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(lease()).toBe(first + 10_000);
    expect(await q.poll(job.id, null)).toMatchObject({ running: true });
  });
});

describe('expected duration', () => {
  /** Seeds the tests choose: a light and a heavy logo style, banners a figure of their own. */
  const seeds: RenderSeeds = {
    tl: { all: 1_000, styles: { '4': 3_000 } },
    al: { all: 4_000, styles: {} },
    fsa: { all: 20_000, styles: {} },
    ab: { all: null, styles: { 'generative@2': 500 } },
  };
  const logoOfStyle = (n: number, logoStyle: number): UserJobSpec => ({ ...logo(n), logoStyle }) as UserJobSpec;

  /** Renders one job of `spec` taking `ms` by the test's clock. */
  async function renderTaking(q: EmbeddedRenderQueue, runner: FakeRunner, spec: UserJobSpec, ms: number): Promise<void> {
    const index = runner.renders.length;
    await queued(q, spec);
    await runner.started(index + 1);
    clock.advance(ms);
    runner.renders[index].finish();
    await settle();
  }

  it('is the seeded figure of the kind and style before any render here, not the spec fallback (180 s for a logo)', async () => {
    const q = await open(new FakeRunner('manual'), { seeds });
    expect(await q.expectedMs('tl', '1')).toBe(1_000);
    expect(await q.expectedMs('tl', '4')).toBe(3_000);
    expect(await q.expectedMs('tl')).toBe(1_000);
    expect(await q.expectedSeconds('fsa')).toBe(20);
    expect(await q.expectedSeconds('ab', 'generative@2')).toBe(0.5);
    // Nothing measures a remote image service here: the spec's 120 s stands in until it has rendered.
    expect(await q.expectedSeconds('ab', 'http:service')).toBe(120);
  });

  it('is measured per style from the renders this queue finished, and kept over a restart', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { seeds });
    for (const [n, ms] of [[1, 1_500], [2, 1_400], [3, 1_600]]) await renderTaking(q, runner, logoOfStyle(n, 1), ms);
    await renderTaking(q, runner, logoOfStyle(4, 4), 5_000);
    expect(await q.expectedMs('tl', '1')).toBe(1_500);
    // One render of style 4 is not enough to leave its seed; but this server renders logos 1.55
    // times as slowly as the seeds say (the median of its four renders' ratios), so the seed is scaled.
    expect(await q.expectedMs('tl', '4')).toBeCloseTo(3_000 * 1.55, 6);
    expect(await q.expectedMs('al', '1')).toBe(4_000);
    await q.close();
    const reopened = await open(runner, { seeds });
    expect(await reopened.expectedMs('tl', '1')).toBe(1_500);
    expect(await reopened.expectedMs('tl', '4')).toBeCloseTo(3_000 * 1.55, 6);
  });

  it('adds the work of the jobs now queued and running, shared among the render slots', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { concurrency: 2, seeds });
    // A free slot and nobody waiting: no wait at all.
    expect(await q.expectedMs('tl', '1')).toBe(1_000);
    const first = await queued(q, banner(1));
    expect(first.remainingMs).toBe(20_000);
    clock.advance(5_000);
    // One slot is still free.
    expect(await q.expectedMs('tl', '1')).toBe(1_000);
    const second = await queued(q, banner(2));
    expect(second.remainingMs).toBe(20_000);
    // Both slots busy, nothing queued: a new job waits for the first slot to free (15 s left).
    expect(await q.expectedMs('tl', '1')).toBe(15_000 + 1_000);
    const third = await queued(q, logoOfStyle(3, 4));
    expect(third).toMatchObject({ waitCount: 2, remainingMs: 15_000 + 3_000 });
    // Queued work too: 15 s + 20 s left running, 3 s queued, over two slots.
    expect(await q.expectedMs('tl', '1')).toBe((15_000 + 20_000 + 3_000) / 2 + 1_000);
    expect(await q.expectedSeconds('tl', '1')).toBe(20);
    // A queued job's own estimate counts down from when it was queued.
    clock.advance(10_000);
    expect(await q.poll(third.id, null)).toMatchObject({ type: 'waiting', waitCount: 2, remainingMs: 8_000 });
  });

  it('of a running render follows its own progress (frames drawn) once it reports some', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { seeds });
    const job = await queued(q, banner(1));
    await runner.started(1);
    clock.advance(4_000);
    expect(await q.poll(job.id, null)).toMatchObject({ running: true, remainingMs: 16_000 });
    // Half the frames in 4 s: 4 s more at this pace, 16 s by the estimate; at half way, half of each.
    runner.renders[0].progress(0.5);
    expect(await q.poll(job.id, null)).toMatchObject({ remainingMs: 10_000 });
    clock.advance(1_000);
    runner.renders[0].progress(0.9);
    expect(await q.poll(job.id, null)).toMatchObject({ remainingMs: expect.closeTo(0.9 * ((5_000 * 0.1) / 0.9) + 0.1 * 15_000, 6) });
    // A renderer that reports less than before, or nonsense, moves nothing back.
    runner.renders[0].progress(0.2);
    runner.renders[0].progress(Number.NaN);
    expect(await q.poll(job.id, null)).toMatchObject({ remainingMs: expect.closeTo(0.9 * ((5_000 * 0.1) / 0.9) + 0.1 * 15_000, 6) });
  });

  it('of a render past its estimate with no progress to go by is nothing left', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { seeds });
    const job = await queued(q, logoOfStyle(1, 1));
    await runner.started(1);
    clock.advance(1_500);
    expect(await q.poll(job.id, null)).toMatchObject({ running: true, remainingMs: 0 });
  });
});

describe('waiting for a job to end', () => {
  it('resolves true when it finishes or fails, and at once for a job not under way', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const [a, b] = [await queued(q, logo(1)), await queued(q, logo(2))];
    const endedA = q.jobEnded(a.id, 60_000);
    const endedB = q.jobEnded(b.id, 60_000);
    runner.renders[0].finish();
    await expect(endedA).resolves.toBe(true);
    await runner.started(2);
    runner.renders[1].fail(new Error('boom'));
    await expect(endedB).resolves.toBe(true);
    await expect(q.jobEnded(a.id, 60_000)).resolves.toBe(true);
  });

  it('resolves false after its time limit, and on shutdown', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const job = await queued(q, logo(1));
    await expect(q.jobEnded(job.id, 5)).resolves.toBe(false);
    const waiting = q.jobEnded(job.id, 60_000);
    await q.close();
    await expect(waiting).resolves.toBe(false);
  });
});

describe('housekeeping', () => {
  it('deletes results a week after their last use and failures after two, with their files', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const done = await queued(q, logo(1));
    const failed = await queued(q, logo(2));
    runner.renders[0].finish();
    await settle();
    runner.renders[1].fail(new Error('no'));
    await settle();
    expect(fs.existsSync(jobDir(dataDir, done.id))).toBe(true);
    clock.advance(KEEP_DONE_MS + 1);
    expect(await q.prune()).toBe(1);
    expect(fs.existsSync(jobDir(dataDir, done.id))).toBe(false);
    expect(await q.poll(done.id, null)).toEqual({ type: 'unknown' });
    expect(await q.poll(failed.id, null)).toMatchObject({ type: 'failed' });
    clock.advance(KEEP_FAILED_MS - KEEP_DONE_MS);
    expect(await q.prune()).toBe(1);
    expect(await q.poll(failed.id, null)).toEqual({ type: 'unknown' });
  });
});

describe('marking results used', () => {
  it('writes a finished job\u2019s use at most once a minute however often it is polled, and keeps it a week from then', async () => {
    const runner = new FakeRunner('auto');
    const q = await open(runner);
    const done = await queued(q, logo(1));
    await settle();
    const touchedAt = (): number => (db.prepare('SELECT touched_at FROM render_jobs WHERE id = ?').get(done.id) as { touched_at: number }).touched_at;
    expect(await q.poll(done.id, null)).toMatchObject({ type: 'done' });
    const first = touchedAt();
    clock.advance(30_000);
    for (let i = 0; i < 20; i += 1) await q.poll(done.id, null);
    expect(touchedAt()).toBe(first);
    clock.advance(31_000);
    await q.poll(done.id, null);
    expect(touchedAt()).toBe(first + 61_000);
    // Used a minute after it was made: kept a week from that use.
    clock.advance(KEEP_DONE_MS - 1000);
    expect(await q.prune()).toBe(0);
    clock.advance(2000);
    expect(await q.prune()).toBe(1);
  });
});

describe('with a shared bucket', () => {
  /** A store that stands for a bucket (every look is a request), over a folder beside DATA_DIR. */
  class CountingBucket extends LocalFileStore {
    override readonly kind = 's3' as never;
    heads = 0;
    override head(key: string): ReturnType<LocalFileStore['head']> {
      this.heads += 1;
      return super.head(key);
    }
  }

  it('looks a finished job\u2019s files up in the bucket once, not on every poll, until the job is deleted', async () => {
    const bucket = new CountingBucket(fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bucket-')));
    const runner = new FakeRunner('auto');
    const q = await open(runner, { files: new DataFiles(dataDir, bucket) });
    const done = await queued(q, logo(1));
    expect(await q.jobEnded(done.id, 5000)).toBe(true);
    // Rendered on another server: this one has no copy in its DATA_DIR.
    fs.rmSync(jobDir(dataDir, done.id), { recursive: true, force: true });
    for (let i = 0; i < 5; i += 1) expect(await q.poll(done.id, null)).toMatchObject({ type: 'done' });
    expect(bucket.heads).toBe(1);
    clock.advance(KEEP_DONE_MS + 1);
    expect(await q.prune()).toBe(1);
    expect(await q.poll(done.id, null)).toEqual({ type: 'unknown' });
    fs.rmSync(bucket.root, { recursive: true, force: true });
  });
});

describe('gallery renders beside the queue', () => {
  const gallery = (styleId: number) => ({ kind: 'catalog-logo' as const, styleId });

  // Order below users' jobs and one render per key: the contract suite (queueContract.test.ts).
  it('a background render gives its slot up to a user job and runs again after it', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const background = q.renderGallery('logo-1', gallery(1), 'background');
    // The slot is filled once the queue has looked for user jobs in the database.
    await runner.started(1);
    expect(runner.renders[0].spec).toEqual(gallery(1));
    const user = await queued(q, logo(1));
    expect(runner.renders[0].signal.aborted).toBe(true);
    await runner.started(2);
    expect(runner.renders[1].spec).toEqual(logo(1));
    expect(await waitCountOf(q, user.id)).toBe(0);
    runner.renders[1].finish();
    await runner.started(3);
    expect(runner.renders[2].spec).toEqual(gallery(1));
    runner.renders[2].finish();
    await expect(background).resolves.toMatchObject({ files: ['thumbnail.jpg', 'preview1.jpg', 'preview.jpg'] });
  });

  it('a background render stands still while users\' jobs render beside it, and goes on after them', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { concurrency: 3 });
    const background = q.renderGallery('logo-1', gallery(1), 'background');
    await runner.started(1);
    const hold = runner.renders[0].hold;
    expect(hold?.held).toBe(false);
    await queuedAll(q, [logo(1), logo(2)]);
    await runner.started(3);
    // Free slots: the user jobs run beside it, which is held, not aborted.
    expect(runner.renders.slice(1).map((render) => render.spec)).toEqual([logo(1), logo(2)]);
    expect(hold?.held).toBe(true);
    runner.renders[1].finish();
    await settle();
    // One user job still renders.
    expect(hold?.held).toBe(true);
    runner.renders[2].finish();
    await settle();
    expect(hold?.held).toBe(false);
    expect(runner.renders[0].signal.aborted).toBe(false);
    runner.renders[0].finish();
    await expect(background).resolves.toMatchObject({ files: ['thumbnail.jpg', 'preview1.jpg', 'preview.jpg'] });
    // Nothing rendered twice.
    expect(runner.renders).toHaveLength(3);
  });

  it('a gallery render starting while a user job renders starts held; a demand for it releases it', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner, { concurrency: 2 });
    await queued(q, logo(1));
    await runner.started(1);
    const background = q.renderGallery('logo-1', gallery(1), 'background');
    await runner.started(2);
    const hold = runner.renders[1].hold;
    expect(hold?.held).toBe(true);
    const demanded = q.renderGallery('logo-1', gallery(1), 'demand');
    expect(hold?.held).toBe(false);
    expect(runner.renders).toHaveLength(2);
    runner.renders[1].finish();
    await expect(Promise.all([background, demanded])).resolves.toHaveLength(2);
    runner.renders[0].finish();
  });

  it('a demanded render is not interrupted, and a failure reaches its callers', async () => {
    const runner = new FakeRunner('manual');
    const q = await open(runner);
    const demand = q.renderGallery('logo-1', gallery(1), 'demand');
    await runner.started(1);
    await queued(q, logo(1));
    expect(runner.renders[0].signal.aborted).toBe(false);
    expect(runner.renders[0].hold?.held).toBe(false);
    runner.renders[0].fail(new Error('no fonts'));
    await expect(demand).rejects.toThrow('no fonts');
  });
});
