/**
 * A render worker's handling of one job: the row claimed, rendered, its files in the store and
 * the row done; a job that expired meanwhile not rendered; a failure recorded with its message; a
 * stop puts it back in its place in line; a job whose worker died is rendered by the next one, up
 * to a bound past which it fails; and a job BullMQ gave up goes back while its row is not over.
 */
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOGO_TEXTS, GenerationMessages } from '../../../../src/contract/generation';
import type { DatabaseConnection } from '../../../../src/server/db/connection';
import { AppMetrics } from '../../../../src/server/metrics/appMetrics';
import { processRenderJob, requeueGivenUp, type JobProcessorDeps } from '../../../../src/server/queue/bullmq/jobProcessor';
import { RenderHeldElsewhere } from '../../../../src/server/queue/bullmq/renderJobs';
import { WaitingIndex } from '../../../../src/server/queue/bullmq/waitingIndex';
import { jobDir } from '../../../../src/server/queue/paths';
import { DurationRepository, RenderDurations } from '../../../../src/server/queue/renderDurations';
import { DEFAULT_RENDER_SECONDS, MAX_RENDER_INTERRUPTIONS, RENDER_TIMEOUT_MS } from '../../../../src/server/queue/jobRules';
import { JobRepository } from '../../../../src/server/queue/repository';
import { RENDER_SEEDS } from '../../../../src/server/queue/renderSeeds';
import type { UserJobSpec } from '../../../../src/server/render/jobSpec';
import { DataFiles } from '../../../../src/server/storage/dataFiles';
import { LocalFileStore } from '../../../../src/server/storage/localStore';
import { connectTestSqlite } from '../../db/testDatabases';
import { createClock } from '../../helpers';
import { deletePrefix, redisUrl, testPrefix } from '../../sharedState/testStates';
import { FakeRunner, settle } from '../kit';

const available = !!redisUrl() || !!process.env.WPG_REQUIRE_TEST_SERVERS;
const logo = (n: number): UserJobSpec => ({ kind: 'tl', logoStyle: 1, texts: { ...DEFAULT_LOGO_TEXTS, logotext: `凤${n}` } });

(available ? describe : describe.skip)('a render worker\u2019s job', () => {
  let connection: DatabaseConnection;
  let redis: Redis;
  let prefix: string;
  let repo: JobRepository;
  let index: WaitingIndex;
  let runner: FakeRunner;
  let deps: JobProcessorDeps;
  let dataDir: string;
  const clock = createClock();

  beforeEach(async () => {
    connection = await connectTestSqlite();
    redis = new Redis(redisUrl() ?? '');
    prefix = testPrefix();
    repo = new JobRepository(connection.sql, 'sqlite');
    index = new WaitingIndex(redis, prefix);
    runner = new FakeRunner('manual');
    dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'wpg-worker-job-'));
    deps = {
      repo,
      index,
      runner,
      files: new DataFiles(dataDir, new LocalFileStore(dataDir)),
      durations: new RenderDurations(RENDER_SEEDS, DEFAULT_RENDER_SECONDS, new DurationRepository(connection.sql)),
      now: clock.now,
      log: Fastify({ logger: false }).log,
      timeoutsMs: RENDER_TIMEOUT_MS,
      abortGraceMs: 50,
    };
  });

  afterEach(async () => {
    await connection.close();
    await redis.quit();
    await deletePrefix(redisUrl() ?? '', prefix);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A job queued by an API server: its row and its place in line. */
  const queue = async (id: string, spec: UserJobSpec): Promise<number> => {
    const seq = await repo.enqueue(id, spec, { userId: null, ip: null }, clock.now());
    if (seq === null) throw new Error('not queued');
    await index.add(id, seq);
    return seq;
  };

  it('renders a queued job, puts its files in place and marks its row done', async () => {
    await queue('a'.repeat(32), logo(1));
    await queue('b'.repeat(32), logo(2));
    const processing = processRenderJob(deps, 'a'.repeat(32), new AbortController().signal);
    await runner.started(1);
    expect(await index.placeOf('a'.repeat(32))).toEqual({ state: 'running', ahead: 0 });
    expect(await index.placeOf('b'.repeat(32))).toEqual({ state: 'waiting', ahead: 1 });
    runner.renders[0].finish();
    await processing;
    expect(await repo.byId('a'.repeat(32))).toMatchObject({ status: 'done', files: JSON.stringify(['logo.png']) });
    expect(fs.existsSync(path.join(jobDir(dataDir, 'a'.repeat(32)), 'logo.png'))).toBe(true);
    expect(await index.placeOf('a'.repeat(32))).toEqual({ state: 'absent' });
    expect(await index.placeOf('b'.repeat(32))).toEqual({ state: 'waiting', ahead: 0 });
  });

  it('renders nothing for a job that expired while it waited', async () => {
    await queue('c'.repeat(32), logo(3));
    await repo.expire('c'.repeat(32), clock.now());
    await processRenderJob(deps, 'c'.repeat(32), new AbortController().signal);
    expect(runner.renders).toHaveLength(0);
    expect(await index.placeOf('c'.repeat(32))).toEqual({ state: 'absent' });
  });

  it('leaves a job to the worker whose lease on it holds, and takes it over once the lease lapses', async () => {
    const id = 'j'.repeat(32);
    await queue(id, logo(10));
    // Another worker claimed it and renews its lease (it lost BullMQ's lock while Redis was away).
    await repo.claimById(id, clock.now(), clock.now() + 30_000);
    await expect(processRenderJob({ ...deps, leaseMs: 30_000 }, id, new AbortController().signal)).rejects.toBeInstanceOf(RenderHeldElsewhere);
    expect(runner.renders).toHaveLength(0);
    expect(await repo.byId(id)).toMatchObject({ status: 'running', attempts: 1 });
    // That worker died: once its lease lapses, this one renders the job.
    clock.advance(30_001);
    const processing = processRenderJob({ ...deps, leaseMs: 30_000 }, id, new AbortController().signal);
    await runner.started(1);
    runner.renders[0].finish();
    await processing;
    expect(await repo.byId(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('waits for the database and the bucket to come back instead of failing a finished render', async () => {
    const id = 'k'.repeat(32);
    await queue(id, logo(11));
    let refusals = 2;
    const publish = deps.files.publish.bind(deps.files);
    const files = Object.assign(Object.create(deps.files) as DataFiles, {
      publish: async (localPath: string) => {
        if (refusals > 0) {
          refusals -= 1;
          throw Object.assign(new Error('Service is unable to handle request.'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
        }
        return publish(localPath);
      },
    });
    const processing = processRenderJob({ ...deps, files }, id, new AbortController().signal);
    await runner.started(1);
    runner.renders[0].finish();
    await processing;
    expect(refusals).toBe(0);
    expect(await repo.byId(id)).toMatchObject({ status: 'done', error: '' });
  });

  it('records a failure with the message the user will read', async () => {
    await queue('d'.repeat(32), logo(4));
    const processing = processRenderJob(deps, 'd'.repeat(32), new AbortController().signal);
    await runner.started(1);
    runner.renders[0].fail(new Error('canvas exploded'));
    await processing;
    expect(await repo.byId('d'.repeat(32))).toMatchObject({ status: 'failed', error: GenerationMessages.renderFailed });
    expect(await index.placeOf('d'.repeat(32))).toEqual({ state: 'absent' });
  });

  it("tells the worker's metrics each render's time by kind and style, and each failure, but not a stop", async () => {
    const metrics = new AppMetrics();
    deps.observer = metrics;
    await queue('g'.repeat(32), logo(7));
    await queue('h'.repeat(32), logo(8));
    await queue('i'.repeat(32), logo(9));
    const done = processRenderJob(deps, 'g'.repeat(32), new AbortController().signal);
    await runner.started(1);
    clock.advance(300);
    runner.renders[0].finish();
    await done;
    const failed = processRenderJob(deps, 'h'.repeat(32), new AbortController().signal);
    await runner.started(2);
    runner.renders[1].fail(new Error('canvas exploded'));
    await failed;
    const stop = new AbortController();
    const stopped = processRenderJob(deps, 'i'.repeat(32), stop.signal).catch(() => undefined);
    await runner.started(3);
    stop.abort();
    await stopped;
    const text = await metrics.exposition();
    expect(text).toContain('wpg_render_duration_seconds_count{kind="tl",style="1"} 1');
    expect(text).toContain('wpg_render_duration_seconds_sum{kind="tl",style="1"} 0.3');
    expect(text).toContain('wpg_render_failures_total{kind="tl",reason="error"} 1');
  });

  it('puts the job back in its place when the worker stops, the attempt not counted', async () => {
    const first = await queue('e'.repeat(32), logo(5));
    await queue('f'.repeat(32), logo(6));
    const stop = new AbortController();
    const processing = processRenderJob(deps, 'e'.repeat(32), stop.signal);
    await runner.started(1);
    stop.abort();
    await expect(processing).rejects.toMatchObject({ why: 'shutdown' });
    expect(await repo.byId('e'.repeat(32))).toMatchObject({ status: 'queued', seq: first, attempts: 0 });
    expect(await index.placeOf('e'.repeat(32))).toEqual({ state: 'waiting', ahead: 0 });
    expect(await index.placeOf('f'.repeat(32))).toEqual({ state: 'waiting', ahead: 1 });
  });

  it('renders to its end once a job whose worker died with it', async () => {
    await queue('g'.repeat(32), logo(7));
    // The first worker claimed it and died: its row says running, the line counts it running.
    await repo.claimById('g'.repeat(32), clock.now());
    await index.start('g'.repeat(32));
    const processing = processRenderJob(deps, 'g'.repeat(32), new AbortController().signal);
    await runner.started(1);
    runner.renders[0].finish();
    await processing;
    await settle();
    expect(await repo.byId('g'.repeat(32))).toMatchObject({ status: 'done', attempts: 2, interruptions: 1 });
    expect(await index.size()).toEqual({ waiting: 0, running: 0 });
  });

  /** Workers that each claimed job `id` and died with it, one after another (each took the last one's over). */
  const claimedAndDied = async (id: string, times: number): Promise<void> => {
    for (let n = 0; n < times; n += 1) {
      if (!(await repo.claimById(id, clock.now(), clock.now() + 1000, MAX_RENDER_INTERRUPTIONS))) throw new Error('not claimed');
      clock.advance(1001);
    }
  };

  it('takes over a job whose render died with its worker as often as the bound allows', async () => {
    const id = 'm'.repeat(32);
    await queue(id, logo(12));
    await claimedAndDied(id, MAX_RENDER_INTERRUPTIONS);
    const processing = processRenderJob(deps, id, new AbortController().signal);
    await runner.started(1);
    runner.renders[0].finish();
    await processing;
    expect(await repo.byId(id)).toMatchObject({ status: 'done', attempts: MAX_RENDER_INTERRUPTIONS + 1, interruptions: MAX_RENDER_INTERRUPTIONS });
  });

  it('fails with a clear message, and renders nothing, a job whose render died with its worker once more than that', async () => {
    const id = 'n'.repeat(32);
    await queue(id, logo(13));
    await index.start(id);
    await claimedAndDied(id, MAX_RENDER_INTERRUPTIONS + 1);
    const metrics = new AppMetrics();
    await processRenderJob({ ...deps, observer: metrics }, id, new AbortController().signal);
    expect(runner.renders).toHaveLength(0);
    expect(await repo.byId(id)).toMatchObject({ status: 'failed', error: GenerationMessages.renderInterrupted, lease_until: null });
    expect(await index.placeOf(id)).toEqual({ state: 'absent' });
    expect(await metrics.exposition()).toContain('wpg_render_failures_total{kind="tl",reason="error"} 1');
  });

  it('puts a job BullMQ gave up back on BullMQ while its row says it is not over, and only then', async () => {
    const added: string[] = [];
    const jobs = { add: async (id: string) => void added.push(id) };
    const running = 'o'.repeat(32);
    const done = 'p'.repeat(32);
    await queue(running, logo(14));
    await repo.claimById(running, clock.now(), clock.now() + 1000);
    await queue(done, logo(15));
    const row = await repo.claimById(done, clock.now());
    await repo.finish(done, row?.started_at ?? 0, ['logo.png'], clock.now(), 1, 1, clock.now());
    await requeueGivenUp(deps, jobs, { id: running });
    await requeueGivenUp(deps, jobs, { id: done });
    await requeueGivenUp(deps, jobs, { gallery: 'logo-1', spec: { kind: 'catalog-logo', styleId: 1 } });
    expect(added).toEqual([running]);
    expect(await index.placeOf(done)).toEqual({ state: 'absent' });
    expect(await index.placeOf(running)).toEqual({ state: 'waiting', ahead: 0 });
  });
});
