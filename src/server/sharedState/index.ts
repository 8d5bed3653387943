import type { Redis } from 'ioredis';
import type { Clock } from '../clock';
import { StartupError } from '../startupError';
import { MemoryState } from './memoryState';
import type { SharedState } from './types';

export class RedisUnavailable extends StartupError {
  override name = 'RedisUnavailable';
}

/**
 * The shared state REDIS_URL names, or this process's memory without it. ioredis is loaded only
 * when configured, so the default start does not pay for it; an unreachable Redis stops the start.
 */
export async function connectSharedState(redisUrl: string, now: Clock, prefix = 'wpg:'): Promise<SharedState> {
  if (!redisUrl) return new MemoryState(now);
  const [redis, { RedisState }] = await Promise.all([connectRedis(redisUrl), import('./redisState')]);
  return new RedisState(redis, now, prefix);
}

/**
 * A connection to REDIS_URL, connected: an unreachable Redis stops the start with RedisUnavailable.
 * A request fails after a few tries instead of waiting for ever while Redis is away, except on a
 * `blocking` connection (BullMQ's waits for events, which must retry for ever); once Redis has been
 * reached, a lost connection is tried again.
 */
export async function connectRedis(redisUrl: string, options: { blocking?: boolean } = {}): Promise<Redis> {
  const { Redis } = await import('ioredis');
  let connected = false;
  let lastError: unknown = null;
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: options.blocking ? null : 3,
    connectTimeout: 5000,
    retryStrategy: (times) => (connected ? Math.min(times * 100, 2000) : null),
  });
  // Commands report their own failures; an unhandled 'error' event would end the process.
  redis.on('error', (error: unknown) => {
    lastError = error;
  });
  try {
    await redis.connect();
    connected = true;
  } catch (error) {
    redis.disconnect();
    const url = new URL(redisUrl);
    const reason = lastError ?? error;
    throw new RedisUnavailable(`Could not connect to Redis at ${url.hostname}:${url.port || 6379} (REDIS_URL): ${reason instanceof Error ? reason.message : String(reason)}`, { cause: reason });
  }
  return redis;
}

export type { SharedState } from './types';
