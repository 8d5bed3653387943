/**
 * `BENCH_ONLY=scale npm run bench`: the distributed mode beside the embedded one (issue 14).
 * - Jobs per second through the queue with a renderer that does nothing (writes one tiny file):
 *   embedded; BullMQ with 1 and 4 workers (in this process, each on its own Redis connections).
 * - Polls per second and poll p99 with 10,000 queued jobs, through HTTP: BullMQ (the line in Redis).
 *   The embedded figure is `BENCH_ONLY=queue`.
 * - API requests per second and p99 (the logo style list) with one API server, and with one and two
 *   behind the round-robin proxy, each server its own process.
 * Needs the test servers (`eval "$(config/scripts/testServers.sh start)"`); without them the
 * distributed rows say so.
 */
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRoundRobinProxy } from '../../config/scripts/roundRobinProxy';
import { DEFAULT_LOGO_TEXTS } from '../../src/contract/generation';
import { buildApp } from '../../src/server/app';
import { systemClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { connectPostgres, connectSqlite, type DatabaseConnection } from '../../src/server/db/connection';
import { BullmqRenderQueue } from '../../src/server/queue/bullmq/bullmqQueue';
import { processJob, requeueGivenUp, type JobProcessorDeps } from '../../src/server/queue/bullmq/jobProcessor';
import { RenderJobs, RenderWorker } from '../../src/server/queue/bullmq/renderJobs';
import { RenderSlots } from '../../src/server/queue/bullmq/renderSlots';
import { WaitingIndex } from '../../src/server/queue/bullmq/waitingIndex';
import { EmbeddedRenderQueue } from '../../src/server/queue/embedded/embeddedQueue';
import { DurationRepository, RenderDurations } from '../../src/server/queue/renderDurations';
import type { RenderQueue } from '../../src/server/queue/renderQueue';
import { RENDER_SEEDS } from '../../src/server/queue/renderSeeds';
import { DEFAULT_RENDER_SECONDS, RENDER_TIMEOUT_MS, jobIdentity, jobScope, type RenderRunner } from '../../src/server/queue/jobRules';
import { JobRepository } from '../../src/server/queue/repository';
import type { UserJobSpec } from '../../src/server/render/jobSpec';
import { deriveKey } from '../../src/server/security/secrets';
import { MemoryState } from '../../src/server/sharedState/memoryState';
import { TokenService } from '../../src/server/security/tokens';
import { DataFiles } from '../../src/server/storage/dataFiles';
import { LocalFileStore } from '../../src/server/storage/localStore';
import { deletePrefix } from '../server/sharedState/testStates';
import { describeLoad, runLoad } from './apiThroughput';

type Row = [label: string, measured: string, budget: string];

export const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const THROUGHPUT_JOBS = 2_000;
const QUEUED = 10_000;
/** Renders at once per worker (and in the embedded queue) with the no-op renderer. */
const SLOTS = 4;
const log = Fastify({ logger: false }).log;
const repoRoot = path.resolve(__dirname, '../..');

const specOf = (n: number): UserJobSpec => ({ kind: 'tl', logoStyle: 1 + (n % 26), texts: { ...DEFAULT_LOGO_TEXTS, logotext: `鹏${n}` } });

/** Writes the one file a logo has, at once: what is left is the queue's own work. */
const noopRunner: RenderRunner = {
  run: async (_spec, outDir) => {
    fs.writeFileSync(path.join(outDir, 'logo.png'), 'x');
    return { files: ['logo.png'] };
  },
  close: async () => undefined,
};

export const servers = (): { databaseUrl: string; redisUrl: string; s3Endpoint: string; s3Bucket: string } | null => {
  const { TEST_DATABASE_URL, TEST_REDIS_URL, TEST_S3_ENDPOINT, TEST_S3_BUCKET } = process.env;
  return TEST_DATABASE_URL && TEST_REDIS_URL && TEST_S3_ENDPOINT && TEST_S3_BUCKET ? { databaseUrl: TEST_DATABASE_URL, redisUrl: TEST_REDIS_URL, s3Endpoint: TEST_S3_ENDPOINT, s3Bucket: TEST_S3_BUCKET } : null;
};

/** A schema of the bench's own on the test PostgreSQL, dropped by `drop`. */
export async function benchSchema(databaseUrl: string): Promise<{ db: DatabaseConnection; url: string; drop(): Promise<void> }> {
  const schema = `bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const db = await connectPostgres(databaseUrl, { schema, poolSize: 8 });
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db.sql);
      await db.close();
    },
  };
}

const settings = { concurrency: SLOTS, inquiryThreshold: 1_000_000, unpolledExpiryMs: 3_600_000, cacheScope: 'shared' as const, maxActivePerUser: 1_000_000, maxActivePerIp: 1_000_000 };

/** Submits THROUGHPUT_JOBS one after another (as one API server's requests are) and waits for the last to end. */
async function throughput(queue: RenderQueue): Promise<string> {
  const started = process.hrtime.bigint();
  const seconds = (): number => Number(process.hrtime.bigint() - started) / 1e9;
  const ids: string[] = [];
  for (let n = 0; n < THROUGHPUT_JOBS; n += 1) {
    const outcome = await queue.submit(specOf(n), { isFirst: false, userId: null, ip: null });
    if (outcome.type === 'queued') ids.push(outcome.id);
  }
  const submitted = seconds();
  for (const id of ids) if (!(await queue.jobEnded(id, 600_000))) throw new Error(`job ${id} did not end`);
  return `${(THROUGHPUT_JOBS / seconds()).toFixed(0)} jobs/s submitted and done (submits alone ${(THROUGHPUT_JOBS / submitted).toFixed(0)}/s) over ${THROUGHPUT_JOBS.toLocaleString('en')} jobs`;
}

async function embeddedThroughput(): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-scale-'));
  const database = connectSqlite(dataDir);
  const queue = new EmbeddedRenderQueue({ ...settings, db: database.sql, dialect: 'sqlite', now: systemClock, log, dataDir, runner: noopRunner, identityKey: deriveKey(SECRET, 'render-job-id') });
  try {
    await queue.start();
    return [`queue throughput, embedded (SQLite, ${SLOTS} slots, no-op renderer)`, await throughput(queue), 'beside BullMQ below'];
  } finally {
    await queue.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bullmqThroughput(workerCount: number): Promise<Row> {
  const label = `queue throughput, BullMQ, ${workerCount} worker${workerCount > 1 ? 's' : ''} x ${SLOTS} slots (PostgreSQL, Redis, no-op renderer)`;
  const found = servers();
  if (!found) return [label, 'not measured: start the test servers', ''];
  const schema = await benchSchema(found.databaseUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-scale-'));
  const prefix = `wpg-bench:${process.pid}:${workerCount}:`;
  const files = new DataFiles(dataDir, new LocalFileStore(dataDir));
  const connections: Redis[] = [];
  const connect = (): Redis => {
    const connection = new Redis(found.redisUrl, { maxRetriesPerRequest: null });
    connections.push(connection);
    return connection;
  };
  const queue = new BullmqRenderQueue({ ...settings, db: schema.db.sql, dialect: 'postgres', now: systemClock, log, files, redis: new Redis(found.redisUrl), eventsRedis: new Redis(found.redisUrl, { maxRetriesPerRequest: null }), redisKeyPrefix: prefix, state: new MemoryState(systemClock), identityKey: deriveKey(SECRET, 'render-job-id') });
  const workers: RenderWorker[] = [];
  const requeues: RenderJobs[] = [];
  try {
    await queue.start();
    for (let i = 0; i < workerCount; i += 1) {
      const commands = connect();
      const deps: JobProcessorDeps = {
        repo: new JobRepository(schema.db.sql, 'postgres'),
        index: new WaitingIndex(commands, prefix),
        runner: noopRunner,
        files,
        durations: new RenderDurations(RENDER_SEEDS, DEFAULT_RENDER_SECONDS, new DurationRepository(schema.db.sql)),
        now: systemClock,
        log,
        timeoutsMs: RENDER_TIMEOUT_MS,
        abortGraceMs: 5_000,
      };
      const givenUpJobs = new RenderJobs(commands, prefix);
      requeues.push(givenUpJobs);
      workers.push(
        new RenderWorker({ connection: connect(), redisKeyPrefix: prefix, concurrency: SLOTS, lockMs: 30_000, render: (data, signal) => processJob(deps, data, signal), onGivenUp: (data) => void requeueGivenUp(deps, givenUpJobs, data), slots: { registry: new RenderSlots(commands, prefix), now: systemClock } }),
      );
    }
    return [label, await throughput(queue), 'beside the embedded queue'];
  } finally {
    await Promise.allSettled(workers.map((worker) => worker.close()));
    await Promise.allSettled(requeues.map((jobs) => jobs.close()));
    await queue.close();
    await Promise.allSettled(connections.map((connection) => connection.quit()));
    await deletePrefix(found.redisUrl, prefix);
    await schema.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The environment of an API server on the distributed mode, against the test servers. */
export function distributedEnv(found: NonNullable<ReturnType<typeof servers>>, databaseUrl: string, prefix: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: found.redisUrl,
    REDIS_KEY_PREFIX: prefix,
    JWT_SECRET: SECRET,
    QUEUE_BACKEND: 'bullmq',
    STORAGE_BACKEND: 's3',
    S3_ENDPOINT: found.s3Endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: found.s3Bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    S3_PREFIX: `${prefix.replace(/[^a-z0-9-]/gi, '-')}/`,
    CATALOG_PRERENDER: '0',
    NODE_ENV: 'test',
  };
}

/** A renderer that never finishes: the jobs stay where they are while polls are measured. */
const stuckRunner: RenderRunner = {
  run: (_spec, _outDir, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
  close: async () => undefined,
};

/**
 * Polls of the last of QUEUED jobs through HTTP, on PostgreSQL: with the distributed queue (the
 * line in Redis), and with the embedded one on the same database, which tells the line's share of
 * the cost from the database's (every poll reads the user's row to check the token is not revoked).
 */
async function pollsOnPostgres(mode: 'bullmq' | 'embedded', seconds: number): Promise<Row> {
  const label = `wait count, ${QUEUED.toLocaleString('en')} queued, ${mode === 'bullmq' ? 'BullMQ' : 'embedded queue on PostgreSQL'} (POST /index/common/logoPolling)`;
  const found = servers();
  if (!found) return [label, 'not measured: start the test servers', ''];
  const schema = await benchSchema(found.databaseUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-scale-'));
  const prefix = `wpg-bench:${process.pid}:polls-${mode}:`;
  const env = mode === 'bullmq' ? distributedEnv(found, schema.url, prefix) : { DATABASE_URL: schema.url, JWT_SECRET: SECRET, CATALOG_PRERENDER: '0', NODE_ENV: 'test' };
  const redis = new Redis(found.redisUrl);
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    // Jobs queued as the servers queue them (a row, and a place in the line) with nothing to render them.
    const at = Date.now();
    const user = await schema.db.sql.insertInto('users').values({ name: 'bench', mobile: '13800000000', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const key = deriveKey(SECRET, 'render-job-id');
    const index = new WaitingIndex(redis, prefix);
    const repo = new JobRepository(schema.db.sql, 'postgres');
    let lastId = '';
    for (let n = 0; n < QUEUED; n += 1) {
      lastId = jobIdentity(specOf(n), key, jobScope('user', user.id));
      const seq = await repo.enqueue(lastId, specOf(n), { userId: user.id, ip: null }, at);
      if (mode === 'bullmq') await index.add(lastId, seq ?? 0, { work: 'tl\u00001', owner: String(user.id), expectedDoneAt: at + 60_000, polledAt: at });
    }
    app = await buildApp(loadConfig({ ...process.env, ...env, DATA_DIR: dataDir }), { logger: false, generation: { runner: stuckRunner } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const token = await new TokenService(SECRET, systemClock).sign({ userId: user.id, version: 0 });
    const body = JSON.stringify({ uniqueId: lastId });
    const result = await runLoad({ port, path: '/index/common/logoPolling', method: 'POST', body, headers: { authorization: `Bearer ${token}` }, connections: 100, seconds });
    const answer = await fetch(`http://127.0.0.1:${port}/index/common/logoPolling`, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    const waitCount = ((await answer.json()) as { data: { waitCount: number } }).data.waitCount;
    return [label, `${describeLoad(result, 'polls/s')}, waitCount ${waitCount}`, '>= 5,000 polls/s, p99 <= 50 ms (the embedded budget)'];
  } finally {
    await app?.close();
    await redis.quit();
    await deletePrefix(found.redisUrl, prefix);
    await schema.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** An API server as its own process (node with tsx, as npm start runs it); resolves once it answers. */
async function startServerProcess(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-scale-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: repoRoot, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }, stdio: 'ignore' });
  child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  for (const deadline = Date.now() + 60_000; ; ) {
    const up = await fetch(`http://127.0.0.1:${port}/index/index/getSiteConfig`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`API server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A proxy in front of `backends`: nginx as README "Scale out" sets it up when installed, else npm run proxy. */
async function startProxy(backends: string[]): Promise<{ name: string; port: number; close(): Promise<void> }> {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) {
    const proxy = await startRoundRobinProxy(backends);
    return { name: 'npm run proxy', port: Number(new URL(proxy.url).port), close: () => proxy.close() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-bench-nginx-'));
  const port = 18090;
  const upstreams = backends.map((backend) => `server ${new URL(backend).host};`).join(' ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream wpg { ${upstreams} keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 51m;
    location / {
      proxy_pass http://wpg;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const child = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  for (const deadline = Date.now() + 10_000; ; ) {
    const up = await fetch(`http://127.0.0.1:${port}/index/index/getSiteConfig`).then((response) => response.ok, () => false);
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name: 'nginx',
    port,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function apiBehindProxy(seconds: number): Promise<Row[]> {
  const found = servers();
  const label = (what: string): string => `logo styles (POST /index/common/logo), ${what}`;
  if (!found) return [[label('1 and 2 API servers behind the proxy'), 'not measured: start the test servers', '']];
  const schema = await benchSchema(found.databaseUrl);
  const prefix = `wpg-bench:${process.pid}:api:`;
  const env = distributedEnv(found, schema.url, prefix);
  const children: ChildProcess[] = [];
  const rows: Row[] = [];
  const target = { path: '/index/common/logo', method: 'POST', body: '{"per_page":12,"page":1}', connections: 100, seconds };
  try {
    // One at a time: the first migrates the schema.
    children.push(await startServerProcess(env, 18081));
    children.push(await startServerProcess(env, 18082));
    rows.push([label('1 API server, direct'), describeLoad(await runLoad({ ...target, port: 18081 })), '>= 5,000 req/s, p99 <= 50 ms (100 connections)']);
    for (const backends of [['http://127.0.0.1:18081'], ['http://127.0.0.1:18081', 'http://127.0.0.1:18082']]) {
      const proxy = await startProxy(backends);
      try {
        const result = await runLoad({ ...target, port: proxy.port });
        rows.push([label(`${backends.length} API server${backends.length > 1 ? 's' : ''} behind ${proxy.name}`), describeLoad(result), 'two above one']);
      } finally {
        await proxy.close();
      }
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await deletePrefix(found.redisUrl, prefix);
    await schema.drop();
  }
  return rows;
}

export async function benchScaleOut(seconds: number): Promise<Row[]> {
  return [await embeddedThroughput(), await bullmqThroughput(1), await bullmqThroughput(4), await pollsOnPostgres('embedded', seconds), await pollsOnPostgres('bullmq', seconds), ...(await apiBehindProxy(seconds))];
}

if (require.main === module) {
  benchScaleOut(Number(process.env.BENCH_SECONDS ?? 5)).then(
    (rows) => {
      for (const [label, measured, budget] of rows) console.info(`${label}  ${measured}   budget: ${budget}`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
