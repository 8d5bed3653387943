import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitStore } from '../sharedState/rateLimits/rateLimit';
import { limitKeyOf } from '../security/clientAddress';
import { tooMany } from './envelope';

/**
 * Route-level rate limits (DESIGN.md section 8) through @fastify/rate-limit: none by default, a
 * route opts in with `perIp(...)` in its config; past the limit the answer is the envelope's 429
 * with Messages.tooManyRequests, like every other refusal. Per-address keys group IPv6 by /64. The
 * counts are kept by the server's rate limits (one process's memory, or Redis that every API server
 * counts into), each route's apart.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimitStore): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: routeStore(limits),
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
 * resolves when the request may go on, rejects with the 429 refusal otherwise. `name` keeps each
 * limit's counts apart.
 */
export function limitByKey(app: FastifyInstance, name: string, max: number, windowSeconds: number): (request: FastifyRequest, key: string) => Promise<void> {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({ max, timeWindow: windowSeconds * 1000, keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}` });
  return async (request, key) => {
    keys.set(request, key);
    const outcome = await limiter(request);
    if (!outcome.isAllowed && outcome.isExceeded) throw tooMany();
  };
}

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** The plugin's store, counting in the server's rate limits: one limit per route (method and path). */
function routeStore(limits: RateLimitStore): FastifyRateLimitStoreCtor {
  return class RouteStore implements FastifyRateLimitStore {
    // The plugin constructs the root store with its own options, which name no route.
    route = '';

    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      // Limits made with createRateLimit (limitByKey) name no route, and their keys name the limit:
      // each size of window gets its own counter, or the first one made would size them all.
      const limit = limits.limit(this.route ? `route:${this.route}` : `keyed:${max}:${timeWindow}`, { limit: max, windowMs: timeWindow });
      limit
        .take(key)
        .then(async (taken) => ({ current: taken ? await limit.count(key) : max + 1, ttl: timeWindow }))
        .then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
    }

    // The plugin hands in its merged settings with the route under routeInfo, not what its types
    // declare; a limit made with createRateLimit has none, and its keys name it instead.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { method, url } = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      const store = new RouteStore();
      store.route = `${String(method ?? '')}${String(url ?? '')}`;
      return store;
    }
  };
}
