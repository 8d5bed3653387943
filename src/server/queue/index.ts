/**
 * The render queue QUEUE_BACKEND names: the embedded one (this server's worker threads) by
 * default; with `bullmq`, jobs go through Redis to render workers elsewhere (npm run worker). BullMQ
 * and ioredis are loaded only then, so the default start does not pay for them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { DialectName, Sql } from '../db/connection';
import { deriveKey } from '../security/secrets';
import { connectRedis } from '../sharedState';
import type { SharedState } from '../sharedState/types';
import type { DataFiles } from '../storage/dataFiles';
import { EmbeddedRenderQueue, type EmbeddedQueueOptions } from './embedded/embeddedQueue';
import type { QueueSettings, RenderObserver, RenderQueue } from './renderQueue';
import type { RenderRunner } from './jobRules';
import { WorkerPool } from './workerPool';

/** What tests replace in the render queue: the renderer (a fake) and its time limits. */
export interface GenerationOverrides {
  runner?: RenderRunner;
  queue?: Partial<Pick<EmbeddedQueueOptions, 'timeoutsMs' | 'leaseMs' | 'abortGraceMs' | 'maxAttempts' | 'maxInterruptions' | 'sweepIntervalMs' | 'seeds' | 'quickWaitMs'>>;
  /** How long a logo's zip waits for its brand kit (KIT_WAIT_MS). */
  kitWaitMs?: number;
  /** How long a request for a gallery picture waits for its render before a 503 (GALLERY_WAIT_MS). */
  galleryWaitMs?: number;
}

export interface QueueInputs {
  config: ServerConfig;
  sql: Sql;
  dialect: DialectName;
  now: Clock;
  log: FastifyBaseLogger;
  state: SharedState;
  files: DataFiles;
  generation?: GenerationOverrides;
  /**
   * Told of each render as it ends, where it runs: this server's renders on the embedded queue
   * (the distributed queue's run in the workers).
   */
  observer?: RenderObserver;
}

export async function openRenderQueue({ config, sql, dialect, now, log, state, files, generation, observer }: QueueInputs): Promise<RenderQueue> {
  const { queueBackend, concurrency, inquiryThreshold, unpolledExpirySeconds, cacheScope, maxActivePerUser, maxActivePerIp } = config.generation;
  const settings: QueueSettings = { concurrency, inquiryThreshold, unpolledExpiryMs: unpolledExpirySeconds * 1000, cacheScope, maxActivePerUser, maxActivePerIp };
  // Job ids are result URLs: keyed, so that nobody can work one out from a game's name.
  const identityKey = deriveKey(config.jwtSecret, 'render-job-id');
  if (queueBackend === 'bullmq') {
    const { BullmqRenderQueue } = await import('./bullmq/bullmqQueue');
    const redis = await connectRedis(config.redisUrl);
    const eventsRedis = await connectRedis(config.redisUrl, { blocking: true });
    const { seeds, quickWaitMs, sweepIntervalMs } = generation?.queue ?? {};
    return new BullmqRenderQueue({ ...settings, db: sql, dialect, now, log, files, redis, eventsRedis, redisKeyPrefix: config.redisKeyPrefix, state, identityKey, seeds, quickWaitMs, sweepIntervalMs });
  }
  // Renders run in worker threads, started when the app is ready (plugins/renderQueue.ts) and stopped on close.
  return new EmbeddedRenderQueue({
    ...settings,
    db: sql,
    dialect,
    now,
    log,
    dataDir: config.dataDir,
    files,
    runner: generation?.runner ?? new WorkerPool({ size: concurrency, log }),
    identityKey,
    observer,
    ...generation?.queue,
  });
}
