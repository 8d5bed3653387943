/**
 * Shared state in Redis (REDIS_URL): every API server counts into the same rate limits
 * (rateLimits/redisRateLimits.ts), takes the same locks and reads the same values.
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { LuaScript } from './luaScript';
import type { Clock } from '../clock';
import { RedisRateLimits } from './rateLimits/redisRateLimits';
import type { Lease, SharedState } from './types';

/** Extends the lock while it is still ours. KEYS: lock; ARGV: token, ttl. */
const RENEW = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`);

/** Deletes the lock only if it is still ours (it may have lapsed and been taken). KEYS: lock; ARGV: token. */
const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`);

const uniqueId = (): string => crypto.randomBytes(9).toString('base64url');

export class RedisState implements SharedState {
  readonly kind = 'redis';
  readonly rateLimits: RedisRateLimits;

  /** `prefix` starts every key, so that one Redis can hold several deployments (and tests). */
  constructor(
    private readonly redis: Redis,
    now: Clock,
    private readonly prefix: string,
  ) {
    this.rateLimits = new RedisRateLimits(redis, now, prefix);
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

  /** Fails at once while the connection is down: a command would wait in ioredis's queue for the reconnection. */
  async ping(): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error(`the connection is ${this.redis.status}`);
    await this.redis.ping();
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
}
