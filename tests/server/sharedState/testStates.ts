/**
 * The shared states a test runs on: memory always; Redis at TEST_REDIS_URL
 * (`eval "$(config/scripts/testServers.sh start)"` starts one), each suite under a key prefix of its
 * own that is deleted afterwards. Without the URL the Redis tests are reported as skipped, except
 * where WPG_REQUIRE_TEST_SERVERS is set (.ci/run): there a missing server fails them.
 */
import { Redis } from 'ioredis';
import type { Clock } from '../../../src/server/clock';
import { connectSharedState } from '../../../src/server/sharedState';
import { MemoryState } from '../../../src/server/sharedState/memoryState';
import type { SharedState } from '../../../src/server/sharedState/types';
import { describeEach } from '../describeEach';

export const redisUrl = (): string | undefined => process.env.TEST_REDIS_URL || undefined;
const required = (): boolean => !!process.env.WPG_REQUIRE_TEST_SERVERS;

let prefixes = 0;

/** A key prefix no other test uses. */
export function testPrefix(): string {
  prefixes += 1;
  return `wpg-test:${process.pid}:${prefixes}:${Math.random().toString(36).slice(2, 8)}:`;
}

/** Deletes every key under `prefix`. */
export async function deletePrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    for (let cursor = '0', first = true; first || cursor !== '0'; first = false) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    }
  } finally {
    await redis.quit();
  }
}

/**
 * Two API servers' views of the shared state: two connections under one prefix in Redis; in
 * memory the one process's state twice (memory is never shared between processes).
 */
export interface StatePair {
  a: SharedState;
  b: SharedState;
  /** Deletes a key of the pair's (Redis only): what a lapsed expiry would do. */
  deleteKey?(key: string): Promise<void>;
  close(): Promise<void>;
}

interface TestState {
  name: 'memory' | 'redis';
  available: boolean;
  connect(now: Clock): Promise<StatePair>;
}

export function testStates(): TestState[] {
  return [
    {
      name: 'memory',
      available: true,
      connect: async (now) => {
        const state = new MemoryState(now);
        return { a: state, b: state, close: () => state.close() };
      },
    },
    {
      name: 'redis',
      available: !!redisUrl() || required(),
      connect: async (now) => {
        const url = redisUrl();
        if (!url) throw new Error('TEST_REDIS_URL is not set: start the test servers with config/scripts/testServers.sh start');
        const prefix = testPrefix();
        const a = await connectSharedState(url, now, prefix);
        const b = await connectSharedState(url, now, prefix);
        const raw = new Redis(url);
        return {
          a,
          b,
          deleteKey: async (key) => {
            await raw.del(`${prefix}${key}`);
          },
          close: async () => {
            // The tests may have closed one side already (a holder that died).
            await Promise.allSettled([a.close(), b.close(), raw.quit()]);
            await deletePrefix(url, prefix);
          },
        };
      },
    },
  ];
}

/** `describe` once per shared state, with a fresh pair of views for each test. */
export function describeEachState(title: string, body: (pair: () => StatePair, name: TestState['name']) => void, now: Clock): void {
  describeEach(title, testStates().map((state) => ({ name: state.name, available: state.available, open: () => state.connect(now) })), body);
}
