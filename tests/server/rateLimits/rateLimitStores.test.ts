/**
 * One rate limit, every store: memory (one server alone), the database (what must outlast a restart
 * without Redis) on SQLite and PostgreSQL, and Redis (every server's). Each counts over a sliding
 * window per key, refuses past the limit, counts a named member once and an amount by its weight,
 * and forgets a key when told.
 */
import { Redis } from 'ioredis';
import { RedisRateLimits } from '../../../src/server/sharedState/rateLimits/redisRateLimits';
import { MemoryRateLimits } from '../../../src/server/sharedState/rateLimits/memoryRateLimits';
import type { RateLimitStore } from '../../../src/server/sharedState/rateLimits/rateLimit';
import { SqlRateLimits } from '../../../src/server/sharedState/rateLimits/sqlRateLimits';
import { describeEach } from '../describeEach';
import { testDatabases } from '../db/testDatabases';
import { createClock } from '../helpers';
import { deletePrefix, redisUrl, testPrefix } from '../sharedState/testStates';

const clock = createClock();

interface OpenStore {
  store: RateLimitStore;
  close(): Promise<void>;
}

const stores = [
  { name: 'memory', available: true, open: async (): Promise<OpenStore> => ({ store: new MemoryRateLimits(clock.now), close: async () => undefined }) },
  ...testDatabases().map((database) => ({
    name: database.name,
    available: database.available,
    open: async (): Promise<OpenStore> => {
      const connection = await database.connect();
      return { store: new SqlRateLimits(connection.sql, clock.now), close: () => connection.close() };
    },
  })),
  {
    name: 'redis',
    available: !!redisUrl() || !!process.env.WPG_REQUIRE_TEST_SERVERS,
    open: async (): Promise<OpenStore> => {
      const url = redisUrl() ?? '';
      const prefix = testPrefix();
      const redis = new Redis(url);
      return {
        store: new RedisRateLimits(redis, clock.now, prefix),
        close: async () => {
          await redis.quit();
          await deletePrefix(url, prefix);
        },
      };
    },
  },
];

describeEach('a rate limit', stores, (opened) => {
  const store = (): RateLimitStore => opened().store;

  it('refuses past the limit in a sliding window, per key, and counts again as events leave it', async () => {
    const limit = store().limit('test:sliding', { limit: 2, windowMs: 1000 });
    expect(await limit.take('u1')).toBe(true);
    clock.advance(400);
    expect(await limit.take('u1')).toBe(true);
    expect(await limit.take('u1')).toBe(false);
    expect(await limit.count('u1')).toBe(2);
    expect(await limit.take('u2')).toBe(true);
    // The first event leaves the window at 1000 ms; the second stays until 1400.
    clock.advance(600);
    expect(await limit.count('u1')).toBe(1);
    expect(await limit.take('u1')).toBe(true);
    expect(await limit.take('u1')).toBe(false);
    clock.advance(400);
    expect(await limit.take('u1')).toBe(true);
  });

  it('keeps limits of different names apart, and forgets a key on reset', async () => {
    const first = store().limit('test:first', { limit: 1, windowMs: 1000 });
    const second = store().limit('test:second', { limit: 1, windowMs: 1000 });
    expect(await first.take('k')).toBe(true);
    expect(await first.take('k')).toBe(false);
    expect(await second.take('k')).toBe(true);
    await first.reset('k');
    expect(await first.take('k')).toBe(true);
    expect(await second.take('k')).toBe(false);
  });

  it('counts what happened past the limit, a named member once, and an amount by its weight', async () => {
    const failures = store().limit('test:hits', { limit: 2, windowMs: 60_000 });
    for (let i = 0; i < 3; i += 1) await failures.hit('phone');
    expect(await failures.count('phone')).toBe(3);
    const addresses = store().limit('test:members', { limit: 10, windowMs: 60_000 });
    for (const address of ['10.0.0.1', '10.0.0.1', '2001:db8::1', '10.0.0.2']) await addresses.hit('phone', { member: address });
    expect(await addresses.count('phone')).toBe(3);
    // A member seen again moves to its new time: it stays after the first sighting leaves.
    clock.advance(50_000);
    await addresses.hit('phone', { member: '10.0.0.1' });
    clock.advance(20_000);
    expect(await addresses.count('phone')).toBe(1);
    const bytes = store().limit('test:bytes', { limit: 100, windowMs: 1000 });
    await bytes.hit('ip', { amount: 60 });
    expect(await bytes.take('ip')).toBe(true);
    await bytes.hit('ip', { amount: 40 });
    expect(await bytes.count('ip')).toBe(101);
    expect(await bytes.take('ip')).toBe(false);
    clock.advance(1001);
    expect(await bytes.count('ip')).toBe(0);
  });

  it('forgets events past every window when pruned', async () => {
    const limit = store().limit('test:prune', { limit: 5, windowMs: 60_000 });
    await limit.hit('x');
    clock.advance(2 * 24 * 3600 * 1000 + 1);
    await limit.hit('x');
    await store().prune();
    expect(await limit.count('x')).toBe(1);
  });
});
