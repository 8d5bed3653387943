import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import { limitKeyOf } from '../security/clientAddress';
import { tooMany } from './envelope';

/** Keys kept before expired windows are swept out; past it the oldest go first. */
const MAX_KEYS = 50_000;

interface Window {
  count: number;
  startedAt: number;
}

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's fixed-window counting, on the server's clock so that tests can move time.
 * One process's memory: several API servers would pass a store shared through Redis instead.
 */
export function clockedStore(now: Clock): FastifyRateLimitStoreCtor {
  return class ClockedStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, Window>();

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const at = now();
      let window = this.windows.get(key);
      if (!window || window.startedAt + timeWindow <= at) {
        this.windows.delete(key);
        if (this.windows.size >= MAX_KEYS) this.sweep(at, timeWindow);
        window = { count: 0, startedAt: at };
        this.windows.set(key, window);
      }
      window.count += 1;
      callback(null, { current: window.count, ttl: window.startedAt + timeWindow - at });
    }

    read(key: string, callback: StoreCallback, timeWindow: number): void {
      const at = now();
      const window = this.windows.get(key);
      const live = window && window.startedAt + timeWindow > at;
      callback(null, live ? { current: window.count, ttl: window.startedAt + timeWindow - at } : { current: 0, ttl: 0 });
    }

    child(): FastifyRateLimitStore {
      return new ClockedStore();
    }

    private sweep(at: number, timeWindow: number): void {
      for (const [key, window] of this.windows) if (window.startedAt + timeWindow <= at) this.windows.delete(key);
      // Insertion order is age order: still too many live keys, the oldest go.
      for (const key of this.windows.keys()) {
        if (this.windows.size < MAX_KEYS) break;
        this.windows.delete(key);
      }
    }
  };
}

/**
 * Route-level rate limits (DESIGN.md section 8) through @fastify/rate-limit: none by default, a
 * route opts in with `perIp(...)` in its config; past the limit the answer is the envelope's 429
 * with Messages.tooManyRequests, like every other refusal. Per-address keys group IPv6 by /64.
 */
export async function registerRateLimits(app: FastifyInstance, now: Clock): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: clockedStore(now),
    keyGenerator: limitKeyOf,
    errorResponseBuilder: () => tooMany(),
  });
}

/** Route config: at most `max` requests per address in `windowSeconds`. */
export function perIp(max: number, windowSeconds: number): { rateLimit: RateLimitOptions } {
  return { rateLimit: { max, timeWindow: windowSeconds * 1000 } };
}

/**
 * A limit by a key the body names (a phone), checked inside a handler once the body is valid:
 * resolves when the request may go on, rejects with the 429 refusal otherwise.
 */
export function limitByKey(app: FastifyInstance, max: number, windowSeconds: number): (request: FastifyRequest, key: string) => Promise<void> {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({ max, timeWindow: windowSeconds * 1000, keyGenerator: (request) => keys.get(request) ?? '' });
  return async (request, key) => {
    keys.set(request, key);
    const outcome = await limiter(request);
    if (!outcome.isAllowed && outcome.isExceeded) throw tooMany();
  };
}
