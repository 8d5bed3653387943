/**
 * How many renders the workers run at once, for the waits the API servers announce: each worker
 * process says every few seconds that it is alive and how many render slots it has; one that stops
 * saying so (killed) drops out after its time.
 */
import type { Redis } from 'ioredis';
import { LuaScript } from '../../sharedState/luaScript';

/** Sums the slots of the workers alive at ARGV[1], forgetting the others. KEYS: alive (zset of expiries), slots (hash). */
const COUNT = new LuaScript(`
local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
for _, id in ipairs(dead) do redis.call('HDEL', KEYS[2], id) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
local total = 0
for _, count in ipairs(redis.call('HVALS', KEYS[2])) do total = total + tonumber(count) end
return total`);

export class RenderSlots {
  private readonly alive: string;
  private readonly slots: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.alive = `${prefix}renders:workers`;
    this.slots = `${prefix}renders:worker-slots`;
  }

  /** Worker `workerId` is alive with `slots` render slots until `until`. */
  async announce(workerId: string, slots: number, until: number): Promise<void> {
    await this.redis.multi().zadd(this.alive, until, workerId).hset(this.slots, workerId, slots).exec();
  }

  /** A worker stops: its slots go at once. */
  async withdraw(workerId: string): Promise<void> {
    await this.redis.multi().zrem(this.alive, workerId).hdel(this.slots, workerId).exec();
  }

  /** Render slots of the workers alive at `at`. */
  async total(at: number): Promise<number> {
    return Number(await COUNT.run(this.redis, [this.alive, this.slots], [at]));
  }
}
