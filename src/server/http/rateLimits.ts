import fastifyRateLimit, { type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitKeyOf } from '../security/clientAddress';
import { tooMany } from './envelope';

/**
 * Route-level rate limits (DESIGN.md section 8) through @fastify/rate-limit: none by default, a
 * route opts in with `perIp(...)` in its config; past the limit the answer is the envelope's 429
 * with Messages.tooManyRequests, like every other refusal. Per-address keys group IPv6 by /64. The
 * store is the shared state's: one process's memory, or Redis that every API server counts into.
 */
export async function registerRateLimits(app: FastifyInstance, store: FastifyRateLimitStoreCtor): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store,
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
 * limit's counts apart where the store is shared (Redis has no route to tell them apart by).
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
