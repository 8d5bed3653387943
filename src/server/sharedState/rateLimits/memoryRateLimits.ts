import type { Clock } from '../../clock';
import { amountOf, type RateEvent, type RateLimit, type RateLimitStore, type RateWindow } from './rateLimit';

/** Keys a limit keeps before the ones with nothing in the window are swept; past it the oldest go. */
const MAX_KEYS = 50_000;

interface Event {
  at: number;
  amount: number;
}

/** One limit's events in this process: key -> member -> event (insertion order is age order). */
class MemoryRateLimit implements RateLimit {
  private readonly keys = new Map<string, Map<string, Event>>();
  private unnamed = 0;

  constructor(
    private readonly now: Clock,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  async take(key: string): Promise<boolean> {
    if (this.total(key) >= this.limit) return false;
    this.add(key, undefined);
    return true;
  }

  async hit(key: string, event?: RateEvent): Promise<void> {
    this.add(key, event);
  }

  async count(key: string): Promise<number> {
    return this.total(key);
  }

  async reset(key: string): Promise<void> {
    this.keys.delete(key);
  }

  sweep(): void {
    for (const key of [...this.keys.keys()]) this.recent(key);
  }

  private add(key: string, event: RateEvent | undefined): void {
    let events = this.recent(key);
    if (!events) {
      if (this.keys.size >= MAX_KEYS) this.makeRoom();
      events = new Map();
      this.keys.set(key, events);
    }
    const member = event && 'member' in event ? `=${event.member}` : `#${(this.unnamed += 1)}`;
    // A member seen again moves to the end with its new time.
    events.delete(member);
    events.set(member, { at: this.now(), amount: amountOf(event) });
  }

  private total(key: string): number {
    let sum = 0;
    for (const event of this.recent(key)?.values() ?? []) sum += event.amount;
    return sum;
  }

  /** The key's events still in the window; a key left with none is forgotten. */
  private recent(key: string): Map<string, Event> | undefined {
    const events = this.keys.get(key);
    if (!events) return undefined;
    const since = this.now() - this.windowMs;
    for (const [member, event] of events) {
      if (event.at > since) break;
      events.delete(member);
    }
    if (events.size) return events;
    this.keys.delete(key);
    return undefined;
  }

  private makeRoom(): void {
    this.sweep();
    for (const key of this.keys.keys()) {
      if (this.keys.size < MAX_KEYS) break;
      this.keys.delete(key);
    }
  }
}

/** Limits counted in this process's memory: lost on a restart, so only those that may be. */
export class MemoryRateLimits implements RateLimitStore {
  private readonly limits = new Map<string, MemoryRateLimit>();

  constructor(private readonly now: Clock) {}

  limit(name: string, { limit, windowMs }: RateWindow): RateLimit {
    let counter = this.limits.get(name);
    if (!counter) {
      counter = new MemoryRateLimit(this.now, limit, windowMs);
      this.limits.set(name, counter);
    }
    return counter;
  }

  sweep(): void {
    for (const limit of this.limits.values()) limit.sweep();
  }

  async prune(): Promise<void> {
    this.sweep();
  }
}
