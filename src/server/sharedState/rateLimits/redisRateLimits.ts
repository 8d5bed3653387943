/**
 * Limits in Redis (REDIS_URL): every API server counts into the same windows, and the counts
 * outlast a restart of any of them. A key's events are a sorted set scored by time, each member
 * "<name>:<amount>"; checking and counting is one Lua script, one atomic step however many servers
 * ask at once. Times are the server's clock (tests move it); keys expire by Redis's own clock, one
 * window after their last event.
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../clock';
import { LuaScript } from '../luaScript';
import { amountOf, type RateEvent, type RateLimit, type RateLimitStore, type RateWindow } from './rateLimit';

/** Drops the events past the window and sums the rest (Lua, shared by the scripts below). KEYS: zset; ARGV: now, window. */
const TOTAL = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local total = 0
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  total = total + tonumber(string.match(member, ':(%d+)$'))
end`;

/** Counts member ARGV[4] unless the window holds ARGV[3]. */
const TAKE = new LuaScript(`${TOTAL}
if total >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`);

const COUNT = new LuaScript(`${TOTAL}
return total`);

const uniqueId = (): string => crypto.randomBytes(9).toString('base64url');

export class RedisRateLimits implements RateLimitStore {
  /** `prefix` starts every key, so that one Redis can hold several deployments (and tests). */
  constructor(
    private readonly redis: Redis,
    private readonly now: Clock,
    private readonly prefix: string,
  ) {}

  limit(name: string, { limit, windowMs }: RateWindow): RateLimit {
    const { redis, now, prefix } = this;
    const keyOf = (key: string): string => `${prefix}rate:${name}:${key}`;
    // A named member keeps its name (seen again, it moves to its new time); others are unique.
    const memberOf = (at: number, event: RateEvent | undefined): string =>
      `${event && 'member' in event ? `=${event.member}` : `${at}-${uniqueId()}`}:${amountOf(event)}`;
    return {
      limit,
      windowMs,
      async take(key) {
        const at = now();
        return (await TAKE.run(redis, [keyOf(key)], [at, windowMs, limit, memberOf(at, undefined)])) === 1;
      },
      async hit(key, event) {
        const at = now();
        await redis.multi().zadd(keyOf(key), at, memberOf(at, event)).pexpire(keyOf(key), windowMs).exec();
      },
      async count(key) {
        return Number(await COUNT.run(redis, [keyOf(key)], [now(), windowMs]));
      },
      async reset(key) {
        await redis.del(keyOf(key));
      },
    };
  }

  async prune(): Promise<void> {}
}
