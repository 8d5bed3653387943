import type { Clock } from '../../clock';

/**
 * A sliding-window counter kept in memory. Generation limits protect render capacity, not
 * accounts, so losing them on a restart costs nothing, and the hot paths write no rows.
 */
export class WindowLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly now: Clock,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one event for `key`; false (and not counted) when the window already holds `limit`. */
  take(key: string): boolean {
    const at = this.now();
    const recent = (this.events.get(key) ?? []).filter((t) => t > at - this.windowMs);
    if (recent.length >= this.limit) {
      this.events.set(key, recent);
      return false;
    }
    recent.push(at);
    this.events.set(key, recent);
    return true;
  }

  /** Forgets keys with no event in the window. */
  prune(): void {
    const since = this.now() - this.windowMs;
    for (const [key, times] of this.events) {
      const recent = times.filter((t) => t > since);
      if (recent.length) this.events.set(key, recent);
      else this.events.delete(key);
    }
  }
}

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Generation limits (DESIGN.md section 8). A generation is one or two create calls (the inquiry,
 * then the confirmed request); an IP may stand for a whole office behind one NAT.
 */
export const GENERATION_RATE_LIMITS = {
  createPerUser: { limit: 60, windowMs: TEN_MINUTES },
  createPerIp: { limit: 200, windowMs: TEN_MINUTES },
  zipPerIp: { limit: 60, windowMs: TEN_MINUTES },
} as const;

export class GenerationLimiters {
  readonly createPerUser: WindowLimiter;
  readonly createPerIp: WindowLimiter;
  readonly zipPerIp: WindowLimiter;

  constructor(now: Clock) {
    const make = ({ limit, windowMs }: { limit: number; windowMs: number }): WindowLimiter => new WindowLimiter(now, limit, windowMs);
    this.createPerUser = make(GENERATION_RATE_LIMITS.createPerUser);
    this.createPerIp = make(GENERATION_RATE_LIMITS.createPerIp);
    this.zipPerIp = make(GENERATION_RATE_LIMITS.zipPerIp);
  }

  prune(): void {
    this.createPerUser.prune();
    this.createPerIp.prune();
    this.zipPerIp.prune();
  }
}
