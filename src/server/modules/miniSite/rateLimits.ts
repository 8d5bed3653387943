import type { Clock } from '../../clock';
import { WindowLimiter } from '../generation/rateLimits';

const TEN_MINUTES = 10 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Mini-site limits (DESIGN.md section 8). Uploads are open to visitors (the config page is public),
 * so they are limited by IP in count and in bytes a day: at most 2 GB a day from one address,
 * whatever the sizes. Creating a site copies a banner video and renders a page: per user and IP.
 */
export const MINI_SITE_RATE_LIMITS = {
  uploadPerIp: { limit: 40, windowMs: TEN_MINUTES },
  uploadPerUser: { limit: 40, windowMs: TEN_MINUTES },
  uploadBytesPerIpPerDay: 2 * 1024 * 1024 * 1024,
  createPerUser: { limit: 20, windowMs: TEN_MINUTES },
  createPerIp: { limit: 60, windowMs: TEN_MINUTES },
  zipPerUser: { limit: 60, windowMs: TEN_MINUTES },
} as const;

/** Bytes per key over a sliding day: the size of each upload is known only once it is in. */
export class ByteBudget {
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

  /** Whether `key` has any budget left. */
  hasRoom(key: string): boolean {
    return this.recent(key).reduce((sum, entry) => sum + entry.bytes, 0) < this.limit;
  }

  spend(key: string, bytes: number): void {
    this.recent(key).push({ at: this.now(), bytes });
  }

  prune(): void {
    for (const key of [...this.spent.keys()]) if (!this.recent(key).length) this.spent.delete(key);
  }
}

export class MiniSiteLimiters {
  readonly uploadPerIp: WindowLimiter;
  readonly uploadPerUser: WindowLimiter;
  readonly uploadBytesPerIp: ByteBudget;
  readonly createPerUser: WindowLimiter;
  readonly createPerIp: WindowLimiter;
  readonly zipPerUser: WindowLimiter;

  constructor(now: Clock) {
    const make = ({ limit, windowMs }: { limit: number; windowMs: number }): WindowLimiter => new WindowLimiter(now, limit, windowMs);
    const limits = MINI_SITE_RATE_LIMITS;
    this.uploadPerIp = make(limits.uploadPerIp);
    this.uploadPerUser = make(limits.uploadPerUser);
    this.uploadBytesPerIp = new ByteBudget(now, limits.uploadBytesPerIpPerDay, DAY);
    this.createPerUser = make(limits.createPerUser);
    this.createPerIp = make(limits.createPerIp);
    this.zipPerUser = make(limits.zipPerUser);
  }

  prune(): void {
    for (const limiter of [this.uploadPerIp, this.uploadPerUser, this.createPerUser, this.createPerIp, this.zipPerUser]) limiter.prune();
    this.uploadBytesPerIp.prune();
  }
}
