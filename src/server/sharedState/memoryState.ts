import type { Clock } from '../clock';
import { MemoryRateLimits } from './rateLimits/memoryRateLimits';
import type { Lease, SharedState } from './types';

/**
 * One process's shared state: counters in maps, locks in a set. Generation limits protect render
 * capacity, not accounts, so losing them on a restart costs nothing and the hot paths write no rows.
 */
export class MemoryState implements SharedState {
  readonly kind = 'memory';
  readonly rateLimits: MemoryRateLimits;
  private readonly held = new Set<string>();
  private readonly periods = new Map<string, number>();
  private readonly values = new Map<string, { value: string; until: number }>();

  constructor(private readonly now: Clock) {
    this.rateLimits = new MemoryRateLimits(now);
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

  // This process's memory: here as long as the process is.
  async ping(): Promise<void> {}

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
    this.rateLimits.sweep();
  }

  async close(): Promise<void> {}
}
