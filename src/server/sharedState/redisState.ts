/**
 * Shared state in Redis (REDIS_URL): every API server counts into the same windows and takes the
 * same locks. Each counter is one Lua script, so that checking and counting is one atomic step
 * however many servers ask at once. Times are the server's clock (tests move it); keys expire by
 * Redis's own clock, one window after their last event.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { LuaScript } from './luaScript';
import type { Clock } from '../clock';
import type { ByteBudget, Lease, SharedState, WindowCounter } from './types';

/** Drops the window's old events; counts one unless `limit` are left. KEYS: zset; ARGV: now, window, limit, member. */
const TAKE = new LuaScript(`
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`);

/** Whether the bytes in the window (members are "<id>:<bytes>") are under `limit`. KEYS: zset; ARGV: now, window, limit. */
const HAS_ROOM = new LuaScript(`
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local sum = 0
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  sum = sum + tonumber(string.match(member, ':(%d+)$'))
end
if sum < tonumber(ARGV[3]) then return 1 end
return 0`);

/** A fixed window: starts anew once `window` has passed since its start. KEYS: hash; ARGV: now, window. Answers {count, ttl}. */
const INCR_FIXED = new LuaScript(`
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local start = tonumber(redis.call('HGET', KEYS[1], 's'))
if (not start) or start + window <= now then
  start = now
  redis.call('HSET', KEYS[1], 's', ARGV[1], 'c', 0)
end
local count = redis.call('HINCRBY', KEYS[1], 'c', 1)
local ttl = start + window - now
redis.call('PEXPIRE', KEYS[1], ttl)
return {count, ttl}`);

/** Extends the lock while it is still ours. KEYS: lock; ARGV: token, ttl. */
const RENEW = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`);

/** Deletes the lock only if it is still ours (it may have lapsed and been taken). KEYS: lock; ARGV: token. */
const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`);

const uniqueId = (): string => crypto.randomBytes(9).toString('base64url');

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

export class RedisState implements SharedState {
  readonly kind = 'redis';
  readonly rateLimitStore: FastifyRateLimitStoreCtor;

  /** `prefix` starts every key, so that one Redis can hold several deployments (and tests). */
  constructor(
    private readonly redis: Redis,
    private readonly now: Clock,
    private readonly prefix: string,
  ) {
    this.rateLimitStore = this.fixedWindowStore();
  }

  windowCounter(name: string, { limit, windowMs }: { limit: number; windowMs: number }): WindowCounter {
    const { redis, now, prefix } = this;
    return {
      limit,
      windowMs,
      async take(key: string): Promise<boolean> {
        const at = now();
        const taken = await TAKE.run(redis, [`${prefix}count:${name}:${key}`], [at, windowMs, limit, `${at}:${uniqueId()}`]);
        return taken === 1;
      },
    };
  }

  byteBudget(name: string, limit: number, windowMs: number): ByteBudget {
    const { redis, now, prefix } = this;
    const keyOf = (key: string): string => `${prefix}bytes:${name}:${key}`;
    return {
      limit,
      async hasRoom(key: string): Promise<boolean> {
        return (await HAS_ROOM.run(redis, [keyOf(key)], [now(), windowMs, limit])) === 1;
      },
      async spend(key: string, bytes: number): Promise<void> {
        await redis.multi().zadd(keyOf(key), now(), `${uniqueId()}:${Math.max(0, Math.round(bytes))}`).pexpire(keyOf(key), windowMs).exec();
      },
    };
  }

  async tryLock(name: string, ttlMs: number): Promise<Lease | null> {
    const key = `${this.prefix}lock:${name}`;
    const token = uniqueId();
    if ((await this.redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return null;
    // Renewed at a third of its life: a holder stalled for a moment keeps it, a dead one loses it.
    const renewal = setInterval(() => {
      RENEW.run(this.redis, [key], [token, ttlMs]).catch(() => {
        // Redis away for a moment: the next renewal tries again, and the lock lapses if it stays away.
      });
    }, Math.max(100, Math.floor(ttlMs / 3)));
    renewal.unref();
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        await RELEASE.run(this.redis, [key], [token]);
      },
    };
  }

  // Redis's clock, not the server's: the claim must lapse for real if every server stops.
  async claimPeriod(name: string, periodMs: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}period:${name}`, '1', 'PX', periodMs, 'NX')) === 'OK';
  }

  async getValue(name: string): Promise<string | null> {
    return this.redis.get(`${this.prefix}value:${name}`);
  }

  async setValue(name: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.prefix}value:${name}`, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  prune(): void {}

  async close(): Promise<void> {
    await this.redis.quit();
  }

  private fixedWindowStore(): FastifyRateLimitStoreCtor {
    const { redis, now } = this;
    const root = `${this.prefix}route:`;
    // The plugin constructs the root store with its options, which name no key prefix.
    class RedisFixedWindowStore implements FastifyRateLimitStore {
      keyPrefix = root;

      incr(key: string, callback: StoreCallback, timeWindow: number): void {
        INCR_FIXED.run(redis, [`${this.keyPrefix}${key}`], [now(), timeWindow]).then(
          (result) => {
            const [current, ttl] = result as [number, number];
            callback(null, { current, ttl });
          },
          (error: Error) => callback(error),
        );
      }

      // Each route counts apart, as in memory: the key names the method and the path. The plugin
      // hands in its merged settings with the route under routeInfo, not what its types declare.
      child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
        const { method, url } = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
        const store = new RedisFixedWindowStore();
        store.keyPrefix = `${root}${String(method ?? '')}${String(url ?? '')}:`;
        return store;
      }
    }
    return RedisFixedWindowStore;
  }
}
