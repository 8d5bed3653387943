import type { RateLimitStore } from './rateLimits/rateLimit';

/** A held lock; released once, by its holder. */
export interface Lease {
  release(): Promise<void>;
}

/**
 * What API servers must see alike when there are several of them: rate counters and locks. One
 * process keeps them in memory (the default); with REDIS_URL they live in Redis, so that a limit
 * counts every server's requests together and a lock is held once across servers.
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** Where rate limits count: this process's memory, or Redis. */
  readonly rateLimits: RateLimitStore;
  /**
   * Takes lock `name`, or answers null when someone holds it. A holder that dies frees it after
   * `ttlMs`; while the holder lives the lock is renewed, however long its work takes.
   */
  tryLock(name: string, ttlMs: number): Promise<Lease | null>;
  /**
   * True for the first caller of `name` in each `periodMs` (across servers with Redis): one
   * housekeeping sweep a period however many servers run the timer.
   */
  claimPeriod(name: string, periodMs: number): Promise<boolean>;
  /** The value stored under `name`, or null when there is none or it has lapsed. */
  getValue(name: string): Promise<string | null>;
  /** Stores `value` under `name` for `ttlMs` (a credential every server reuses, such as an access token). */
  setValue(name: string, value: string, ttlMs: number): Promise<void>;
  /** Resolves when the state can be read and written (readiness); rejects saying why not. */
  ping(): Promise<void>;
  /** Forgets counters with nothing in their window (memory; Redis expires keys itself). */
  prune(): void;
  close(): Promise<void>;
}

const LOCK_RETRY_MS = 50;
const LOCK_RETRY_MAX_MS = 500;

/**
 * Runs `work` holding lock `name`, waiting for it while someone else holds it (retrying at a
 * growing interval). A holder that dies frees the lock after `ttlMs`, so the wait is bounded.
 */
export async function withLock<T>(state: SharedState, name: string, ttlMs: number, work: () => Promise<T>): Promise<T> {
  let lease = await state.tryLock(name, ttlMs);
  for (let wait = LOCK_RETRY_MS; !lease; wait = Math.min(wait * 2, LOCK_RETRY_MAX_MS)) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    lease = await state.tryLock(name, ttlMs);
  }
  try {
    return await work();
  } finally {
    await lease.release();
  }
}
