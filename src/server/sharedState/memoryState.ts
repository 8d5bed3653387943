import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../clock';
import type { ByteBudget, Lease, SharedState, WindowCounter } from './types';

/** Rate-limit windows kept before expired ones are swept out; past it the oldest go first. */
const MAX_KEYS = 50_000;

class MemoryWindowCounter implements WindowCounter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly now: Clock,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  async take(key: string): Promise<boolean> {
    const at = this.now();
    const recent = (this.events.get(key) ?? []).filter((t) => t > at - this.windowMs);
    const allowed = recent.length < this.limit;
    if (allowed) recent.push(at);
    this.events.set(key, recent);
    return allowed;
  }

  prune(): void {
    const since = this.now() - this.windowMs;
    for (const [key, times] of this.events) {
      const recent = times.filter((t) => t > since);
      if (recent.length) this.events.set(key, recent);
      else this.events.delete(key);
    }
  }
}

class MemoryByteBudget implements ByteBudget {
  private readonly spent = new Map<string, Array<{ at: number; bytes: number }>>();

  constructor(
    private readonly now: Clock,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string): Array<{ at: number; bytes: number }> {
    const since = this.now() - this.windowMs;
    const entries = (this.spent.get(key) ?? []).filter((entry) => entry.at > since);
    this.spent.set(key, entries);
    return entries;
  }

  async hasRoom(key: string): Promise<boolean> {
    return this.recent(key).reduce((sum, entry) => sum + entry.bytes, 0) < this.limit;
  }

  async spend(key: string, bytes: number): Promise<void> {
    this.recent(key).push({ at: this.now(), bytes });
  }

  prune(): void {
    for (const key of [...this.spent.keys()]) if (!this.recent(key).length) this.spent.delete(key);
  }
}

interface Window {
  count: number;
  startedAt: number;
}

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** @fastify/rate-limit's fixed-window counting, on the server's clock so that tests can move time. */
function clockedStore(now: Clock): FastifyRateLimitStoreCtor {
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
 * One process's shared state: counters in maps, locks in a set. Generation limits protect render
 * capacity, not accounts, so losing them on a restart costs nothing and the hot paths write no rows.
 */
export class MemoryState implements SharedState {
  readonly kind = 'memory';
  readonly rateLimitStore: FastifyRateLimitStoreCtor;
  private readonly counters = new Map<string, MemoryWindowCounter>();
  private readonly budgets = new Map<string, MemoryByteBudget>();
  private readonly held = new Set<string>();
  private readonly periods = new Map<string, number>();
  private readonly values = new Map<string, { value: string; until: number }>();

  constructor(private readonly now: Clock) {
    this.rateLimitStore = clockedStore(now);
  }

  // One counter per name, as in Redis, however many times it is asked for.
  windowCounter(name: string, { limit, windowMs }: { limit: number; windowMs: number }): WindowCounter {
    let counter = this.counters.get(name);
    if (!counter) {
      counter = new MemoryWindowCounter(this.now, limit, windowMs);
      this.counters.set(name, counter);
    }
    return counter;
  }

  byteBudget(name: string, limit: number, windowMs: number): ByteBudget {
    let budget = this.budgets.get(name);
    if (!budget) {
      budget = new MemoryByteBudget(this.now, limit, windowMs);
      this.budgets.set(name, budget);
    }
    return budget;
  }

  // In one process a holder always releases (or the process is gone, and its locks with it).
  async tryLock(name: string): Promise<Lease | null> {
    if (this.held.has(name)) return null;
    this.held.add(name);
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        this.held.delete(name);
      },
    };
  }

  async claimPeriod(name: string, periodMs: number): Promise<boolean> {
    const at = this.now();
    if ((this.periods.get(name) ?? -Infinity) > at) return false;
    this.periods.set(name, at + periodMs);
    return true;
  }

  async getValue(name: string): Promise<string | null> {
    const entry = this.values.get(name);
    if (!entry) return null;
    if (entry.until > this.now()) return entry.value;
    this.values.delete(name);
    return null;
  }

  async setValue(name: string, value: string, ttlMs: number): Promise<void> {
    this.values.set(name, { value, until: this.now() + ttlMs });
  }

  prune(): void {
    const at = this.now();
    for (const [name, entry] of this.values) if (entry.until <= at) this.values.delete(name);
    // Claims of one-off names (a pushed event's) would otherwise pile up for ever.
    for (const [name, until] of this.periods) if (until <= at) this.periods.delete(name);
    for (const counter of this.counters.values()) counter.prune();
    for (const budget of this.budgets.values()) budget.prune();
  }

  async close(): Promise<void> {}
}
