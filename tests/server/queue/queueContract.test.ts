/**
 * The render queue's contract, held against both adapters: the embedded queue (SQLite, this
 * process's worker threads) and the distributed one (PostgreSQL, the line in Redis, BullMQ render
 * workers, here in this process on the test's renderer). What a user sees must not depend on which
 * one runs: order, waiting counts, shared jobs, the inquiry, expiry, a renderer that dies, timeouts,
 * shutdown, the gallery below users' jobs, limits and who may poll.
 */
import { Queue, Worker } from 'bullmq';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LOGO_TEXTS, GenerationMessages } from '../../../src/contract/generation';
import type { DatabaseConnection } from '../../../src/server/db/connection';
import { BullmqRenderQueue } from '../../../src/server/queue/bullmq/bullmqQueue';
import { processJob, requeueGivenUp, type JobProcessorDeps } from '../../../src/server/queue/bullmq/jobProcessor';
import { RenderJobs, RenderWorker, bullPrefix, QUEUE_NAME, type RenderJobData } from '../../../src/server/queue/bullmq/renderJobs';
import { RenderSlots } from '../../../src/server/queue/bullmq/renderSlots';
import { WaitingIndex } from '../../../src/server/queue/bullmq/waitingIndex';
import { EmbeddedRenderQueue } from '../../../src/server/queue/embedded/embeddedQueue';
import { jobDir } from '../../../src/server/queue/paths';
import { DurationRepository, RenderDurations } from '../../../src/server/queue/renderDurations';
import { lineSizeOf, type RenderQueue } from '../../../src/server/queue/renderQueue';
import { DEFAULT_RENDER_SECONDS, RENDER_TIMEOUT_MS } from '../../../src/server/queue/jobRules';
import { JobRepository, type JobRow } from '../../../src/server/queue/repository';
import type { RenderKind, UserJobSpec } from '../../../src/server/render/jobSpec';
import { MemoryState } from '../../../src/server/sharedState/memoryState';
import { DataFiles } from '../../../src/server/storage/dataFiles';
import { LocalFileStore } from '../../../src/server/storage/localStore';
import { connectTestPostgres, connectTestSqlite, insertUser, postgresUrl } from '../db/testDatabases';
import { createClock, type TestClock } from '../helpers';
import { waitUntil } from '../waitUntil';
import { deletePrefix, redisUrl, testPrefix } from '../sharedState/testStates';
import { FakeRunner, TEST_SEEDS } from './kit';

const KEY = Buffer.alloc(32, 7);
const log = Fastify({ logger: false }).log;

interface ContractOptions {
  runner: FakeRunner;
  concurrency?: number;
  inquiryThreshold?: number;
  maxActivePerUser?: number;
  timeoutsMs?: Partial<Record<RenderKind, number>>;
}

/** One adapter with its renderers, as a test drives it. */
interface Harness {
  /** The queue the API uses (the embedded one is replaced when its renderers restart). */
  readonly queue: RenderQueue;
  readonly clock: TestClock;
  readonly db: DatabaseConnection;
  readonly dataDir: string;
  /** A second renderer takes the next queued job and dies with it; its claim lapses. */
  strandNextJob(): Promise<void>;
  /** The renderers stop cleanly (a deploy). */
  stopRenderers(): Promise<void>;
  /** Renderers start again, on `runner`. */
  restartRenderers(runner: FakeRunner): Promise<void>;
  close(): Promise<void>;
}

const settingsOf = (options: ContractOptions) => ({
  concurrency: options.concurrency ?? 1,
  inquiryThreshold: options.inquiryThreshold ?? 5,
  unpolledExpiryMs: 300_000,
  cacheScope: 'user' as const,
  maxActivePerUser: options.maxActivePerUser ?? 3,
  maxActivePerIp: 100,
});

async function openEmbedded(options: ContractOptions): Promise<Harness> {
  const db = await connectTestSqlite();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-contract-'));
  const clock = createClock();
  const make = async (runner: FakeRunner): Promise<EmbeddedRenderQueue> => {
    const made = new EmbeddedRenderQueue({ ...settingsOf(options), db: db.sql, dialect: 'sqlite', now: clock.now, log, dataDir, runner, identityKey: KEY, timeoutsMs: options.timeoutsMs, abortGraceMs: 50, sweepIntervalMs: 60_000, seeds: TEST_SEEDS });
    await made.start();
    return made;
  };
  let queue = await make(options.runner);
  const repo = new JobRepository(db.sql, 'sqlite');
  return {
    get queue() {
      return queue;
    },
    clock,
    db,
    dataDir,
    // Another server on the database claims it and dies: its lease lapses, and the sweep takes it back.
    strandNextJob: async () => {
      const at = clock.now();
      if (!(await repo.claim(at, at + 1000))) throw new Error('nothing to strand');
      clock.advance(1001);
      await queue.sweep();
    },
    stopRenderers: () => queue.close(),
    restartRenderers: async (runner) => {
      queue = await make(runner);
    },
    close: async () => {
      await queue.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openBullmq(options: ContractOptions): Promise<Harness> {
  const url = redisUrl();
  if (!url) throw new Error('TEST_REDIS_URL is not set: start the test servers with config/scripts/testServers.sh start');
  const db = await connectTestPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-contract-'));
  const clock = createClock();
  const prefix = testPrefix();
  const files = new DataFiles(dataDir, new LocalFileStore(dataDir));
  const connections: Redis[] = [];
  const connect = (): Redis => {
    // BullMQ's workers block on their connections: they must retry for ever rather than fail a command.
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    connections.push(connection);
    return connection;
  };
  const commands = connect();
  const settings = settingsOf(options);
  const queue = new BullmqRenderQueue({ ...settings, db: db.sql, dialect: 'postgres', now: clock.now, log, files, redis: new Redis(url), eventsRedis: new Redis(url, { maxRetriesPerRequest: null }), redisKeyPrefix: prefix, state: new MemoryState(clock.now), identityKey: KEY, seeds: TEST_SEEDS, sweepIntervalMs: 60_000 });
  await queue.start();
  const depsFor = (runner: FakeRunner): JobProcessorDeps => ({
    repo: new JobRepository(db.sql, 'postgres'),
    index: new WaitingIndex(commands, prefix),
    runner,
    files,
    durations: new RenderDurations(TEST_SEEDS, DEFAULT_RENDER_SECONDS, new DurationRepository(db.sql)),
    now: clock.now,
    log,
    timeoutsMs: { ...RENDER_TIMEOUT_MS, ...options.timeoutsMs },
    abortGraceMs: 50,
    cancelCheckMs: 50,
  });
  const workers: RenderWorker[] = [];
  const givenUpJobs = new RenderJobs(commands, prefix);
  const startWorker = (runner: FakeRunner, connection = connect()): RenderWorker => {
    const deps = depsFor(runner);
    const worker = new RenderWorker({
      connection,
      redisKeyPrefix: prefix,
      concurrency: settings.concurrency,
      lockMs: 1000,
      render: (data, signal, hold, onProgress) => processJob(deps, data, signal, hold, onProgress),
      onGivenUp: (data) => void requeueGivenUp(deps, givenUpJobs, data),
      slots: { registry: new RenderSlots(commands, prefix), now: clock.now },
    });
    workers.push(worker);
    return worker;
  };
  let worker = startWorker(options.runner);
  const bull = new Queue(QUEUE_NAME, { connection: connect(), prefix: bullPrefix(prefix) });
  return {
    queue,
    clock,
    db,
    dataDir,
    // A worker process takes it and is killed: it stops renewing its lock, and BullMQ hands the job on.
    strandNextJob: async () => {
      const dying = new FakeRunner('manual');
      // A dead process renews nothing: its row's lease is as good as lapsed.
      const deps = { ...depsFor(dying), repo: new DeadWorkerJobs(db.sql, 'postgres') };
      // BullMQ's own worker, stopped by force: its render goes on, but nobody renews its lock any more.
      const killed = new Worker<RenderJobData>(QUEUE_NAME, (job) => processJob(deps, job.data, new AbortController().signal), { connection: connect(), prefix: bullPrefix(prefix), lockDuration: 1000, stalledInterval: 500, maxStalledCount: 1 });
      await dying.started(1);
      const jobId = queue.identityOf(dying.renders[0].spec as UserJobSpec, null);
      await killed.close(true);
      await waitUntil(async () => (await bull.getJobState(jobId)) === 'waiting');
    },
    stopRenderers: () => worker.close(),
    restartRenderers: async (runner) => {
      worker = startWorker(runner);
    },
    close: async () => {
      await queue.close();
      await Promise.allSettled(workers.map((started) => started.close(true)));
      await givenUpJobs.close();
      await bull.close();
      await Promise.allSettled(connections.map((connection) => connection.quit()));
      await deletePrefix(url, prefix);
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The jobs of a render worker that died: it holds no lease on its row (a live one renews it for as long as it renders). */
class DeadWorkerJobs extends JobRepository {
  override claimById(id: string, at: number): Promise<JobRow | null> {
    return super.claimById(id, at, null);
  }

  override async renewLeases(): Promise<void> {}
}

const required = !!process.env.WPG_REQUIRE_TEST_SERVERS;
const adapters: Array<{ name: string; available: boolean; open: (options: ContractOptions) => Promise<Harness> }> = [
  { name: 'embedded', available: true, open: openEmbedded },
  { name: 'bullmq', available: (!!redisUrl() && !!postgresUrl()) || required, open: openBullmq },
];

const logo = (n: number): UserJobSpec => ({ kind: 'tl', logoStyle: 1, texts: { ...DEFAULT_LOGO_TEXTS, logotext: `麒麟${n}` } });
const gallery = (styleId: number) => ({ kind: 'catalog-logo' as const, styleId });

for (const adapter of adapters) {
  (adapter.available ? describe : describe.skip)(`the render queue contract (${adapter.name})`, () => {
    let harness: Harness | null = null;

    const open = async (options: ContractOptions): Promise<Harness> => {
      harness = await adapter.open(options);
      return harness;
    };

    afterEach(async () => {
      await harness?.close();
      harness = null;
    });

    const queued = async (h: Harness, spec: UserJobSpec, request: { isFirst?: boolean; userId?: number | null } = {}): Promise<{ id: string; waitCount: number }> => {
      const outcome = await h.queue.submit(spec, { isFirst: request.isFirst ?? false, userId: request.userId ?? null, ip: null });
      if (outcome.type !== 'queued') throw new Error(`expected queued, got ${outcome.type}`);
      return outcome;
    };
    const waitCountOf = async (h: Harness, id: string, userId: number | null = null): Promise<number> => {
      const outcome = await h.queue.poll(id, userId);
      if (outcome.type !== 'waiting') throw new Error(`expected waiting, got ${outcome.type}`);
      return outcome.waitCount;
    };
    const rowOf = (h: Harness, id: string) => h.db.sql.selectFrom('render_jobs').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();

    it('renders first come, first served, each job once with its files in its folder', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const numbers = [5, 3, 9, 1];
      const jobs = [];
      for (const n of numbers) jobs.push(await queued(h, logo(n)));
      for (let i = 0; i < numbers.length; i += 1) {
        await runner.started(i + 1);
        expect(runner.renders[i].spec).toEqual(logo(numbers[i]));
        runner.renders[i].finish();
        expect(await h.queue.jobEnded(jobs[i].id, 5000)).toBe(true);
      }
      expect(runner.renders).toHaveLength(4);
      for (const job of jobs) {
        expect(await h.queue.poll(job.id, null)).toEqual({ type: 'done', id: job.id, kind: 'tl', files: ['logo.png'] });
        expect(fs.readdirSync(jobDir(h.dataDir, job.id))).toEqual(['logo.png']);
      }
    });

    it('counts the jobs ahead exactly through submits, finishes and expiries', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner, concurrency: 2 });
      const jobs = [];
      for (let n = 1; n <= 5; n += 1) jobs.push(await queued(h, logo(n)));
      await runner.started(2);
      // Two render at once: both are ahead of every queued job.
      expect(await Promise.all(jobs.map((job) => waitCountOf(h, job.id)))).toEqual([0, 0, 2, 3, 4]);
      runner.renders[0].finish();
      expect(await h.queue.jobEnded(jobs[0].id, 5000)).toBe(true);
      await runner.started(3);
      expect(await Promise.all(jobs.slice(1).map((job) => waitCountOf(h, job.id)))).toEqual([0, 0, 2, 3]);
      // The fourth is left unpolled past the expiry; the fifth is polled and moves up.
      h.clock.advanceSeconds(200);
      expect(await waitCountOf(h, jobs[4].id)).toBe(3);
      h.clock.advanceSeconds(150);
      await h.queue.sweep();
      expect(await h.queue.poll(jobs[3].id, null)).toEqual({ type: 'expired' });
      expect(await waitCountOf(h, jobs[4].id)).toBe(2);
      // A new job joins at the back.
      expect((await queued(h, logo(6))).waitCount).toBe(3);
    });

    it('shares identical jobs while queued, running and done; a failed one is queued anew at the back', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const first = await queued(h, logo(1));
      const second = await queued(h, logo(2));
      await runner.started(1);
      expect((await queued(h, logo(1))).id).toBe(first.id);
      expect(await queued(h, logo(2))).toMatchObject({ id: second.id, waitCount: 1 });
      expect(Number((await h.db.sql.selectFrom('render_jobs').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(2);
      runner.renders[0].finish();
      expect(await h.queue.jobEnded(first.id, 5000)).toBe(true);
      expect(await h.queue.submit(logo(1), { isFirst: true, userId: null, ip: null })).toEqual({ type: 'exists', id: first.id, kind: 'tl', files: ['logo.png'] });
      await runner.started(2);
      await queued(h, logo(3));
      runner.renders[1].fail(new Error('boom'));
      expect(await h.queue.jobEnded(second.id, 5000)).toBe(true);
      expect(await h.queue.poll(second.id, null)).toEqual({ type: 'failed', message: GenerationMessages.renderFailed });
      expect(await queued(h, logo(2))).toMatchObject({ id: second.id, waitCount: 1 });
      await runner.started(3);
      expect(runner.renders[2].spec).toEqual(logo(3));
      runner.renders[2].finish();
      await runner.started(4);
      expect(runner.renders[3].spec).toEqual(logo(2));
    });

    it('asks a first request past the inquiry threshold, queueing nothing, and queues a confirmed one', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner, inquiryThreshold: 2 });
      for (let n = 1; n <= 3; n += 1) await queued(h, logo(n));
      expect(await h.queue.submit(logo(4), { isFirst: true, userId: null, ip: null })).toEqual({ type: 'inquiry', waitCount: 3 });
      expect(await h.queue.poll(h.queue.identityOf(logo(4), null), null)).toEqual({ type: 'unknown' });
      expect(await h.queue.submit(logo(4), { isFirst: false, userId: null, ip: null })).toMatchObject({ type: 'queued', waitCount: 3 });
      // A job already under way is answered without asking.
      expect(await h.queue.submit(logo(2), { isFirst: true, userId: null, ip: null })).toMatchObject({ type: 'queued', waitCount: 1 });
    });

    it('expires a queued job nobody polls, on the sweep or on the poll that finds it stale; a running job never', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const running = await queued(h, logo(1));
      const forgotten = await queued(h, logo(2));
      const stale = await queued(h, logo(3));
      await runner.started(1);
      h.clock.advanceSeconds(301);
      expect(await h.queue.poll(stale.id, null)).toEqual({ type: 'expired' });
      await h.queue.sweep();
      expect((await rowOf(h, forgotten.id)).status).toBe('expired');
      expect(await h.queue.poll(forgotten.id, null)).toEqual({ type: 'expired' });
      expect(await h.queue.poll(running.id, null)).toMatchObject({ type: 'waiting', running: true, waitCount: 0 });
      // Asked for again, it is queued anew at the back; nothing expired is rendered.
      expect((await queued(h, logo(2))).waitCount).toBe(1);
      runner.renders[0].finish();
      await runner.started(2);
      expect(runner.renders[1].spec).toEqual(logo(2));
    });

    it('runs a job whose renderer died again before the jobs queued after it, and finishes it once', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const first = await queued(h, logo(1));
      await runner.started(1);
      const stranded = await queued(h, logo(2));
      const last = await queued(h, logo(3));
      await h.strandNextJob();
      expect(await waitCountOf(h, last.id)).toBe(2);
      runner.renders[0].finish();
      expect(await h.queue.jobEnded(first.id, 5000)).toBe(true);
      await runner.started(2);
      expect(runner.renders[1].spec).toEqual(logo(2));
      runner.renders[1].finish();
      expect(await h.queue.jobEnded(stranded.id, 5000)).toBe(true);
      expect(await rowOf(h, stranded.id)).toEqual({ status: 'done', attempts: 2 });
      await runner.started(3);
      expect(runner.renders[2].spec).toEqual(logo(3));
      expect(fs.readdirSync(jobDir(h.dataDir, stranded.id))).toEqual(['logo.png']);
    }, 20_000);

    it('fails a render past its timeout with the timeout message, and goes on with the next job', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner, timeoutsMs: { tl: 30 } });
      const slow = await queued(h, logo(1));
      const next = await queued(h, logo(2));
      expect(await h.queue.jobEnded(slow.id, 5000)).toBe(true);
      expect(await h.queue.poll(slow.id, null)).toEqual({ type: 'failed', message: GenerationMessages.renderTimedOut });
      await runner.started(2);
      expect(runner.renders[0].signal.aborted).toBe(true);
      runner.renders[1].finish();
      expect(await h.queue.jobEnded(next.id, 5000)).toBe(true);
      // Its own render timed out too (30 ms), or finished first: either way it ended on its own.
      expect((await h.queue.poll(next.id, null)).type).toMatch(/^(done|failed)$/);
    });

    it('puts the running job back in its place when the renderers stop, without counting the attempt', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const job = await queued(h, logo(1));
      const after = await queued(h, logo(2));
      await runner.started(1);
      await h.stopRenderers();
      expect(runner.renders[0].signal.aborted).toBe(true);
      expect(await rowOf(h, job.id)).toEqual({ status: 'queued', attempts: 0 });
      const again = new FakeRunner('manual');
      await h.restartRenderers(again);
      await again.started(1);
      expect(again.renders[0].spec).toEqual(logo(1));
      expect(await waitCountOf(h, job.id)).toBe(0);
      expect(await waitCountOf(h, after.id)).toBe(1);
    });

    it('renders gallery work only below users\u2019 jobs, demand before background, one render per key', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const user = await queued(h, logo(1));
      await runner.started(1);
      const background = h.queue.renderGallery('logo-1', gallery(1), 'background');
      const demand = h.queue.renderGallery('logo-2', gallery(2), 'demand');
      expect(h.queue.renderGallery('logo-2', gallery(2), 'demand')).toBe(demand);
      const second = await queued(h, logo(2));
      runner.renders[0].finish();
      await runner.started(2);
      expect(runner.renders[1].spec).toEqual(logo(2));
      runner.renders[1].finish();
      await runner.started(3);
      expect(runner.renders[2].spec).toEqual(gallery(2));
      runner.renders[2].finish();
      const made = await demand;
      expect(made.files).toEqual(['thumbnail.jpg', 'preview1.jpg', 'preview.jpg']);
      expect(fs.readdirSync(made.dir).sort()).toEqual(['preview.jpg', 'preview1.jpg', 'thumbnail.jpg']);
      await runner.started(4);
      expect(runner.renders[3].spec).toEqual(gallery(1));
      runner.renders[3].finish();
      await expect(background).resolves.toMatchObject({ files: ['thumbnail.jpg', 'preview1.jpg', 'preview.jpg'] });
      expect(await h.queue.poll(user.id, null)).toMatchObject({ type: 'done' });
      expect(await h.queue.poll(second.id, null)).toMatchObject({ type: 'done' });
      expect(runner.renders).toHaveLength(4);
    });

    it('tells how far a gallery render is: 0 while it waits, the share of frames drawn as it renders, 0 once it is done', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      await queued(h, logo(1));
      await runner.started(1);
      const demand = h.queue.renderGallery('logo-1', gallery(1), 'demand');
      expect(await h.queue.galleryProgress('logo-1')).toBe(0);
      runner.renders[0].finish();
      await runner.started(2);
      expect(await h.queue.galleryProgress('logo-1')).toBe(0);
      runner.renders[1].progress(0.3);
      await waitUntil(async () => (await h.queue.galleryProgress('logo-1')) === 0.3);
      runner.renders[1].progress(0.72);
      await waitUntil(async () => (await h.queue.galleryProgress('logo-1')) === 0.72);
      expect(await h.queue.galleryProgress('logo-2')).toBe(0);
      runner.renders[1].finish();
      await demand;
      // Its slot is freed just after its callers hear of it.
      await waitUntil(async () => (await h.queue.galleryProgress('logo-1')) === 0);
    });

    it('hands a gallery render\u2019s failure to its callers', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const demand = h.queue.renderGallery('logo-1', gallery(1), 'demand');
      await runner.started(1);
      runner.renders[0].fail(new Error('no fonts'));
      await expect(demand).rejects.toThrow('no fonts');
    });

    it('refuses a user past the limit of active jobs and frees a place when one ends; only the owner polls a job', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner, maxActivePerUser: 2 });
      const a = await insertUser(h.db, '13800000001');
      const b = await insertUser(h.db, '13800000002');
      const mine = await queued(h, logo(1), { userId: a });
      await queued(h, logo(2), { userId: a });
      expect(await h.queue.submit(logo(3), { isFirst: false, userId: a, ip: null })).toEqual({ type: 'refused', limit: { by: 'user', limit: 2 } });
      // The same job again is not a new one; another user is not held back.
      expect((await h.queue.submit(logo(2), { isFirst: false, userId: a, ip: null })).type).toBe('queued');
      expect((await h.queue.submit(logo(3), { isFirst: false, userId: b, ip: null })).type).toBe('queued');
      expect(await h.queue.poll(mine.id, b)).toEqual({ type: 'unknown' });
      expect(await h.queue.poll(mine.id, null)).toEqual({ type: 'unknown' });
      await runner.started(1);
      runner.renders[0].finish();
      expect(await h.queue.jobEnded(mine.id, 5000)).toBe(true);
      expect(await h.queue.poll(mine.id, b)).toEqual({ type: 'unknown' });
      expect(await h.queue.poll(mine.id, a)).toMatchObject({ type: 'done' });
      expect((await h.queue.submit(logo(3), { isFirst: false, userId: a, ip: null })).type).toBe('queued');
    });

    it('answers the polls of a job it saw done a moment ago without reading its row again, to its owner only, until a prune forgets it', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const a = await insertUser(h.db, '13800000001');
      const b = await insertUser(h.db, '13800000002');
      const job = await queued(h, logo(1), { userId: a });
      await runner.started(1);
      runner.renders[0].finish();
      expect(await h.queue.jobEnded(job.id, 5000)).toBe(true);
      const done = { type: 'done', id: job.id, kind: 'tl', files: ['logo.png'] };
      expect(await h.queue.poll(job.id, a)).toEqual(done);
      const reads = jest.spyOn(JobRepository.prototype, 'byId');
      try {
        for (let n = 0; n < 5; n += 1) expect(await h.queue.poll(job.id, a)).toEqual(done);
        expect(await h.queue.finishedJob(job.id)).toMatchObject({ id: job.id, files: ['logo.png'] });
        expect(await h.queue.poll(job.id, b)).toEqual({ type: 'unknown' });
        expect(reads).not.toHaveBeenCalled();
        // A week unused: the prune deletes the row and the files, and the next poll hears it at once.
        h.clock.advanceSeconds(8 * 24 * 3600);
        await h.queue.prune();
        expect(await h.queue.poll(job.id, a)).toEqual({ type: 'unknown' });
      } finally {
        reads.mockRestore();
      }
    });

    it('expects a new job\u2019s result after the work ahead, shared among the render slots', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      // TEST_SEEDS: a logo takes 200 ms.
      expect(await h.queue.expectedMs('tl', '1')).toBe(200);
      await queued(h, logo(1));
      await runner.started(1);
      for (let n = 2; n <= 4; n += 1) await queued(h, logo(n));
      // Three queued logos and the running one's 200 ms, one slot.
      expect(await h.queue.expectedMs('tl', '1')).toBe(4 * 200 + 200);
    });

    const CANCELLED = '任务已被管理员取消';

    it('lets an operator cancel a waiting job and a rendering one: their polls say so, and the render stops for the next job', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const running = await queued(h, logo(1));
      const waiting = await queued(h, logo(2));
      const last = await queued(h, logo(3));
      await runner.started(1);
      expect(lineSizeOf(await h.queue.activeByKind())).toEqual({ waiting: 2, running: 1 });

      expect(await h.queue.cancel(waiting.id, CANCELLED)).toBe(true);
      expect(await h.queue.poll(waiting.id, null)).toEqual({ type: 'failed', message: CANCELLED });
      expect(await waitCountOf(h, last.id)).toBe(1);
      expect(await h.queue.cancel(waiting.id, CANCELLED)).toBe(false);
      expect(lineSizeOf(await h.queue.activeByKind())).toEqual({ waiting: 1, running: 1 });

      expect(await h.queue.cancel(running.id, CANCELLED)).toBe(true);
      expect(await h.queue.poll(running.id, null)).toEqual({ type: 'failed', message: CANCELLED });
      await waitUntil(() => runner.renders[0].signal.aborted);
      await runner.started(2);
      expect(runner.renders[1].spec).toEqual(logo(3));
      expect(lineSizeOf(await h.queue.activeByKind())).toEqual({ waiting: 0, running: 1 });
      runner.renders[1].finish();
      expect(await h.queue.jobEnded(last.id, 5000)).toBe(true);
      expect(await h.queue.poll(last.id, null)).toMatchObject({ type: 'done' });
      // Ended jobs and unknown ones are not cancelled.
      expect(await h.queue.cancel(last.id, CANCELLED)).toBe(false);
      expect(await h.queue.cancel('f'.repeat(32), CANCELLED)).toBe(false);
      expect(await h.queue.cancel('../etc', CANCELLED)).toBe(false);
      expect(await rowOf(h, running.id)).toMatchObject({ status: 'failed' });
      expect(runner.renders).toHaveLength(2);
    });

    it('lets an operator retry a failed job: back at the end of the line, its user polls it to its result', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const failing = await queued(h, logo(1));
      await runner.started(1);
      runner.renders[0].fail(new Error('canvas exploded'));
      expect(await h.queue.jobEnded(failing.id, 5000)).toBe(true);
      expect(await h.queue.poll(failing.id, null)).toEqual({ type: 'failed', message: GenerationMessages.renderFailed });
      const other = await queued(h, logo(2));
      await runner.started(2);

      expect(await h.queue.retry(failing.id)).toBe('queued');
      expect(await h.queue.poll(failing.id, null)).toMatchObject({ type: 'waiting', waitCount: 1, running: false });
      expect(await h.queue.retry(failing.id)).toBe('notFailed');
      expect(await h.queue.retry(other.id)).toBe('notFailed');
      expect(await h.queue.retry('f'.repeat(32))).toBe('notFailed');
      runner.renders[1].finish();
      await runner.started(3);
      expect(runner.renders[2].spec).toEqual(logo(1));
      runner.renders[2].finish();
      expect(await h.queue.jobEnded(failing.id, 5000)).toBe(true);
      expect(await h.queue.poll(failing.id, null)).toMatchObject({ type: 'done', files: ['logo.png'] });
    });

    it('retries an operator\u2019s cancelled render only once it has stopped, and then renders it again', async () => {
      const runner = new FakeRunner('manual');
      const h = await open({ runner });
      const job = await queued(h, logo(1));
      await runner.started(1);
      expect(await h.queue.cancel(job.id, CANCELLED)).toBe(true);
      let outcome = await h.queue.retry(job.id);
      while (outcome === 'stopping') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        outcome = await h.queue.retry(job.id);
      }
      expect(outcome).toBe('queued');
      await runner.started(2);
      runner.renders[1].finish();
      expect(await h.queue.jobEnded(job.id, 5000)).toBe(true);
      expect(await h.queue.poll(job.id, null)).toMatchObject({ type: 'done' });
      expect(runner.renders).toHaveLength(2);
    });
  });
}

(adapters[1].available ? describe : describe.skip)('the distributed queue\u2019s sweep', () => {
  it('queues again the jobs BullMQ does not hold: one whose submit met Redis away, and one BullMQ dropped after its worker died', async () => {
    const runner = new FakeRunner('manual');
    const h = await openBullmq({ runner });
    try {
      // Both submits write their rows and join the line, but BullMQ never gets them.
      const lost = jest.spyOn(RenderJobs.prototype, 'add').mockImplementation(async () => undefined);
      const submitted = await h.queue.submit(logo(1), { isFirst: false, userId: null, ip: null });
      const dropped = await h.queue.submit(logo(2), { isFirst: false, userId: null, ip: null });
      lost.mockRestore();
      if (submitted.type !== 'queued' || dropped.type !== 'queued') throw new Error('not queued');
      // A worker claimed the second and died with it; its lease lapses.
      await new JobRepository(h.db.sql, 'postgres').claimById(dropped.id, h.clock.now(), h.clock.now() + 1000);
      h.clock.advance(1001);

      await h.queue.sweep();
      await runner.started(1);
      runner.renders[0].finish();
      await runner.started(2);
      runner.renders[1].finish();
      for (const id of [submitted.id, dropped.id]) expect(await h.queue.jobEnded(id, 5000)).toBe(true);
      const rows = await h.db.sql.selectFrom('render_jobs').select(['id', 'status', 'attempts', 'interruptions']).orderBy('seq').execute();
      expect(rows).toEqual([
        { id: submitted.id, status: 'done', attempts: 1, interruptions: 0 },
        { id: dropped.id, status: 'done', attempts: 2, interruptions: 1 },
      ]);
      expect(runner.renders).toHaveLength(2);
    } finally {
      await h.close();
    }
  });
});
