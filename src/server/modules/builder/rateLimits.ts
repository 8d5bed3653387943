import type { Clock } from '../../clock';
import { WindowLimiter } from '../generation/rateLimits';

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Builder limits (DESIGN.md section 8), per user: every change renders the preview (a few hundred
 * milliseconds of the site render thread), a completion renders and zips, a banner is a queue job.
 * Auto-save sends at most one save a second while the user types, and saves that arrive during a
 * render share the next one, so the save limit only stops scripts.
 */
export const BUILDER_RATE_LIMITS = {
  createSitePerUser: { limit: 30, windowMs: TEN_MINUTES },
  changePerUser: { limit: 1200, windowMs: TEN_MINUTES },
  completePerUser: { limit: 30, windowMs: TEN_MINUTES },
  uploadPerUser: { limit: 60, windowMs: TEN_MINUTES },
  bannerPerUser: { limit: 60, windowMs: TEN_MINUTES },
  bannerPerIp: { limit: 200, windowMs: TEN_MINUTES },
} as const;

export class BuilderLimiters {
  readonly createSitePerUser: WindowLimiter;
  readonly changePerUser: WindowLimiter;
  readonly completePerUser: WindowLimiter;
  readonly uploadPerUser: WindowLimiter;
  readonly bannerPerUser: WindowLimiter;
  readonly bannerPerIp: WindowLimiter;

  constructor(now: Clock) {
    const make = ({ limit, windowMs }: { limit: number; windowMs: number }): WindowLimiter => new WindowLimiter(now, limit, windowMs);
    const limits = BUILDER_RATE_LIMITS;
    this.createSitePerUser = make(limits.createSitePerUser);
    this.changePerUser = make(limits.changePerUser);
    this.completePerUser = make(limits.completePerUser);
    this.uploadPerUser = make(limits.uploadPerUser);
    this.bannerPerUser = make(limits.bannerPerUser);
    this.bannerPerIp = make(limits.bannerPerIp);
  }

  prune(): void {
    for (const limiter of [this.createSitePerUser, this.changePerUser, this.completePerUser, this.uploadPerUser, this.bannerPerUser, this.bannerPerIp]) limiter.prune();
  }
}
