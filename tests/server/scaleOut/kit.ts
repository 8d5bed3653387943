/**
 * Several API servers as an operator runs them: one PostgreSQL (a schema of this suite's), one
 * Redis (a key prefix of this suite's), one JWT_SECRET, and a DATA_DIR of each server's own.
 * Needs TEST_DATABASE_URL, TEST_REDIS_URL and TEST_S3_ENDPOINT (config/scripts/testServers.sh start); without them
 * the suites are skipped, except where WPG_REQUIRE_TEST_SERVERS is set (.ci/run): there they fail.
 */
import { sql } from 'kysely';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectPostgres, type DatabaseConnection } from '../../../src/server/db/connection';
import { TEST_SECRET, type TestApp, type TestAppOptions, type TestClock, buildTestApp, createClock, get, post } from '../helpers';
import { postgresUrl } from '../db/testDatabases';
import { deletePrefix, redisUrl, testPrefix } from '../sharedState/testStates';
import { S3FileStore } from '../../../src/server/storage/s3Store';
import { bucketEnv, s3Endpoint, testS3Settings } from '../storage/testStores';

export const scaleOutServersAvailable = (): boolean => (!!postgresUrl() && !!redisUrl() && !!s3Endpoint()) || !!process.env.WPG_REQUIRE_TEST_SERVERS;

export interface Cluster {
  servers: TestApp[];
  /** The suite's own connection to the shared database (captcha answers, SMS codes, rows). */
  db: DatabaseConnection;
  /** The environment every server starts with (the database, Redis, the bucket, the secret). */
  env: Record<string, string>;
  /** The one clock every server reads. */
  clock: TestClock;
  /** The bucket's objects (with `s3`), as names under the cluster's prefix. */
  bucket: S3FileStore | null;
  /** Stops server `index` and starts it again on its own data folder: its start runs a housekeeping sweep. */
  restart(index: number): Promise<TestApp>;
  close(): Promise<void>;
}

/** `count` API servers sharing a fresh schema and key prefix, each with its own data folder and one clock. */
export async function startCluster(
  count: number,
  options: Omit<TestAppOptions, 'env' | 'clock'> & {
    env?: Record<string, string>;
    s3?: boolean;
    clock?: TestClock;
    /** Servers of the test's own instead of the shared ones (a test that restarts them). */
    databaseUrl?: string;
    redisUrl?: string;
    /** Where the servers reach the bucket (a proxy in front of it); the cluster's own look goes straight to it. */
    s3Endpoint?: string;
  } = {},
): Promise<Cluster> {
  const databaseUrl = options.databaseUrl ?? postgresUrl();
  const redis = options.redisUrl ?? redisUrl();
  if (!databaseUrl || !redis) throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL are not set: start the test servers with config/scripts/testServers.sh start');
  const schema = `t_cluster_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const prefix = testPrefix();
  const db = await connectPostgres(databaseUrl, { schema, poolSize: 2 });
  const withSchema = new URL(databaseUrl);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  const clock = options.clock ?? createClock();
  const bucket = options.s3 ? testS3Settings() : null;
  const storage: Record<string, string> = bucket ? bucketEnv(bucket, options.s3Endpoint)
    : {};
  const servers: TestApp[] = [];
  const { s3: _s3, clock: _clock, databaseUrl: _databaseUrl, redisUrl: _redisUrl, s3Endpoint: _s3Endpoint, ...buildOptions } = options;
  const env = { DATABASE_URL: withSchema.toString(), REDIS_URL: redis, REDIS_KEY_PREFIX: prefix, ...storage, ...options.env };
  for (let i = 0; i < count; i += 1) servers.push(await buildTestApp({ ...buildOptions, clock, env }));
  const objects = bucket ? new S3FileStore(bucket) : null;
  return {
    servers,
    db,
    env: { ...env, JWT_SECRET: TEST_SECRET },
    clock,
    bucket: objects,
    restart: async (index) => {
      const stopped = servers[index];
      await stopped.app.close();
      // Closed once: the cluster's close leaves it alone even if the start below fails.
      servers.splice(index, 1);
      // This period's sweep was claimed at the first start: the restart's sweep is the next period's.
      await deletePrefix(redis, `${prefix}period:`);
      const started = await buildTestApp({ ...buildOptions, clock, env, dataDir: stopped.dataDir });
      servers.splice(index, 0, started);
      return started;
    },
    close: async () => {
      objects?.close();
      await Promise.all(servers.map((server) => server.close()));
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db.sql);
      await db.close();
      await deletePrefix(redis, prefix);
      if (bucket) {
        const store = new S3FileStore(bucket);
        await store.deletePrefix('');
        store.close();
      }
    },
  };
}

/** A captcha made on `maker` and passed on `checker`; answers its id. */
export async function passedCaptchaAcross(cluster: Cluster, maker: TestApp, checker: TestApp): Promise<string> {
  const { data } = await get<{ captchaId: string }>(maker, '/api/auth/getCaptcha');
  const { answer } = await cluster.db.sql.selectFrom('captchas').select('answer').where('id', '=', data.captchaId).executeTakeFirstOrThrow();
  const verified = await post(checker, '/api/auth/verifyCaptcha', { captchaId: data.captchaId, code: answer });
  if (verified.code !== 200) throw new Error(`Captcha not passed: ${verified.msg}`);
  return data.captchaId;
}

/** Registers `phone` (captcha on one server, SMS on the other) and answers nothing; throws on failure. */
export async function registerAcross(cluster: Cluster, phone: string, password: string): Promise<void> {
  const [a, b] = cluster.servers;
  const captchaId = await passedCaptchaAcross(cluster, a, b);
  const sent = await post(a, '/api/Auth/sendSmsCode', { iphone: phone, captchaId, purpose: 'register' });
  if (sent.code !== 200) throw new Error(`SMS not sent: ${sent.msg}`);
  const { code } = await cluster.db.sql.selectFrom('sms_outbox').select('code').where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const registered = await post(b, '/api/auth/register', { mobile: phone, password, verifyCode: code });
  if (registered.code !== 200) throw new Error(`Register failed: ${registered.msg}`);
}

const repoRoot = path.resolve(__dirname, '../../..');

/** A render worker process (npm run worker) on the cluster's servers, with a DATA_DIR of its own and its log kept for a failing test to show. */
export interface WorkerProcess {
  process: ChildProcess;
  log: string[];
  /** Resolves with its exit code once it has exited. */
  exited(): Promise<number | null>;
  /** Kills it if it still runs and deletes its DATA_DIR. */
  dispose(): void;
}

export function startWorkerProcess(cluster: Cluster, env: Record<string, string> = {}): WorkerProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-worker-'));
  const log: string[] = [];
  // Node itself with tsx as its loader, not the tsx command: a signal reaches the worker, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...cluster.env, DATA_DIR: dataDir, RENDER_CONCURRENCY: '1', WORKER_LOCK_SECONDS: '3', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    process: child,
    log,
    exited: () => (child.exitCode !== null ? Promise.resolve(child.exitCode) : exit),
    dispose: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
