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
  const [{ Redis }, { RedisState }] = await Promise.all([import('ioredis'), import('./redisState')]);
  let connected = false;
  let lastError: unknown = null;
  // A request fails after a few tries instead of waiting for ever while Redis is away; once it has
  // been reached, a lost connection is tried again, but a first connection that fails ends the start.
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
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
  return new RedisState(redis, now, prefix);
}

export type { SharedState } from './types';
