/**
 * `npm run worker`: a render worker process for the distributed queue. No HTTP: it takes render
 * jobs from BullMQ, renders them in its worker threads (RENDER_CONCURRENCY at once, the same
 * per-kind timeouts as the embedded queue), puts the files in the bucket and the outcome in the
 * database. SIGTERM or SIGINT puts the jobs under way back in their places and stops; a second
 * signal stops at once (the jobs then go to another worker when their locks lapse).
 */
import Fastify from 'fastify';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { connectDatabase } from './db/connection';
import { buildWorkerMetricsServer } from './modules/health/workerMetrics';
import { AppMetrics } from './metrics/appMetrics';
import { processJob, requeueGivenUp } from './queue/bullmq/jobProcessor';
import { RenderJobs, RenderWorker } from './queue/bullmq/renderJobs';
import { RenderSlots } from './queue/bullmq/renderSlots';
import { WaitingIndex } from './queue/bullmq/waitingIndex';
import { RENDER_SEEDS } from './queue/renderSeeds';
import { DurationRepository, RenderDurations } from './queue/renderDurations';
import { DEFAULT_RENDER_SECONDS, RENDER_TIMEOUT_MS } from './queue/jobRules';
import { JobRepository } from './queue/repository';
import { WorkerPool } from './queue/workerPool';
import { systemClock } from './clock';
import { StartupError } from './startupError';
import { connectDataFiles } from './storage';

/** After an abort, how long a render may take to stop before it is given up (as in the embedded queue). */
const ABORT_GRACE_MS = 5_000;

/** What a worker needs that an API server alone does not, checked before anything starts. */
export function workerConfigProblem(config: ServerConfig, env: Record<string, string | undefined>): string | null {
  const missing = [!config.databaseUrl && 'DATABASE_URL (the PostgreSQL the API servers use)', !config.redisUrl && 'REDIS_URL (the Redis the API servers use)', config.storage.backend !== 's3' && 'STORAGE_BACKEND=s3 with the S3_* settings (the bucket the API servers serve from)'].filter(Boolean);
  if (missing.length) return `npm run worker renders for API servers on other machines and needs ${missing.join(', ')}.`;
  const metricsPort = env.WORKER_METRICS_PORT;
  if (metricsPort !== undefined && metricsPort !== '' && (!/^\d+$/.test(metricsPort) || Number(metricsPort) > 65535)) return `WORKER_METRICS_PORT must be a port from 0 to 65535 (got "${metricsPort}").`;
  const lock = env.WORKER_LOCK_SECONDS;
  if (lock !== undefined && lock !== '' && (!/^\d+$/.test(lock) || Number(lock) < 2 || Number(lock) > 600)) return `WORKER_LOCK_SECONDS must be an integer from 2 to 600 (got "${lock}").`;
  return null;
}

async function start(): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  const problem = workerConfigProblem(config, process.env);
  if (problem) {
    console.error(`Configuration error: ${problem}`);
    process.exit(1);
  }
  // Fastify's logger (pino) without a server: the same JSON lines as the API servers'.
  const log = Fastify({ logger: { level: 'info' } }).log;
  const database = await connectDatabase(config);
  const files = await connectDataFiles(config.dataDir, config.storage);
  const { Redis } = await import('ioredis');
  // BullMQ's connections wait for Redis for ever rather than fail a command.
  const commands = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const blocking = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const metrics = new AppMetrics();
  const metricsServer = process.env.WORKER_METRICS_PORT ? buildWorkerMetricsServer(config, metrics) : null;
  if (metricsServer) {
    const address = await metricsServer.listen({ port: Number(process.env.WORKER_METRICS_PORT), host: config.host });
    log.info(`Render worker metrics on ${address}/metrics`);
  }
  // While Redis restarts, each failed reconnection is an 'error' event: logged once per outage, not printed each time.
  let redisAway = false;
  for (const connection of [commands, blocking]) {
    connection.on('error', (error: unknown) => {
      if (redisAway) return;
      redisAway = true;
      log.warn({ err: error }, 'Redis is unavailable: waiting for it');
    });
    connection.on('ready', () => {
      if (redisAway) log.info('Redis is back');
      redisAway = false;
    });
  }
  const durations = new RenderDurations(RENDER_SEEDS, DEFAULT_RENDER_SECONDS, new DurationRepository(database.sql));
  // A worker only records render times: the database away for a moment now (a restart) must not stop its start.
  await durations.restore().catch((error: unknown) => log.warn({ err: error }, 'render times not read: the database is unavailable'));
  const concurrency = config.generation.concurrency;
  const pool = new WorkerPool({ size: concurrency, log });
  pool.warm();
  const lockMs = Number(process.env.WORKER_LOCK_SECONDS || 30) * 1000;
  const deps = {
    repo: new JobRepository(database.sql, database.dialect),
    index: new WaitingIndex(commands, config.redisKeyPrefix),
    runner: pool,
    files,
    durations,
    now: systemClock,
    log,
    timeoutsMs: RENDER_TIMEOUT_MS,
    abortGraceMs: ABORT_GRACE_MS,
    observer: metrics,
    // A job's row stays with this worker as long as its BullMQ lock would.
    leaseMs: lockMs,
  };
  // Where a job BullMQ gave up goes back while its row says it is not over.
  const jobs = new RenderJobs(commands, config.redisKeyPrefix);
  const worker = new RenderWorker({ slots: { registry: new RenderSlots(commands, config.redisKeyPrefix), now: systemClock }, connection: blocking, redisKeyPrefix: config.redisKeyPrefix, concurrency, lockMs, render: (data, signal, hold, onProgress) => processJob(deps, data, signal, hold, onProgress),
    onGivenUp: (data, reason) => {
      log.warn({ job: data, reason }, 'render job given up by the queue: its row decides whether it goes back');
      requeueGivenUp(deps, jobs, data).catch((error: unknown) => log.error({ err: error, job: data }, 'a given-up job could not be put back'));
    },
  });
  log.info(`Render worker started: ${concurrency} renders at once, jobs of a worker that dies go to another after ${lockMs / 1000} s`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) {
      log.warn(`${signal} received again: stopping at once`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal} received: putting ${worker.active} job(s) back and stopping`);
    (async () => {
      await worker.close();
      await jobs.close();
      await metricsServer?.close();
      await pool.close();
      await Promise.all([commands.quit(), blocking.quit()]);
      files.close();
      await database.close();
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'render worker stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (require.main === module) {
  start().catch((error: unknown) => {
    console.error(error instanceof StartupError ? error.message : error);
    process.exit(1);
  });
}
