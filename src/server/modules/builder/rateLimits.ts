import type { RateLimit, RateLimitStore } from '../../sharedState/rateLimits/rateLimit';

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
  /** 手机预览 links (each a QR code drawn): a person opens a few. */
  phonePreviewPerUser: { limit: 60, windowMs: TEN_MINUTES },
} as const;

export class BuilderLimiters {
  readonly createSitePerUser: RateLimit;
  readonly changePerUser: RateLimit;
  readonly completePerUser: RateLimit;
  readonly uploadPerUser: RateLimit;
  readonly bannerPerUser: RateLimit;
  readonly bannerPerIp: RateLimit;
  readonly phonePreviewPerUser: RateLimit;

  constructor(store: RateLimitStore) {
    const limits = BUILDER_RATE_LIMITS;
    this.createSitePerUser = store.limit('builder:createSitePerUser', limits.createSitePerUser);
    this.changePerUser = store.limit('builder:changePerUser', limits.changePerUser);
    this.completePerUser = store.limit('builder:completePerUser', limits.completePerUser);
    this.uploadPerUser = store.limit('builder:uploadPerUser', limits.uploadPerUser);
    this.bannerPerUser = store.limit('builder:bannerPerUser', limits.bannerPerUser);
    this.bannerPerIp = store.limit('builder:bannerPerIp', limits.bannerPerIp);
    this.phonePreviewPerUser = store.limit('builder:phonePreviewPerUser', limits.phonePreviewPerUser);
  }
}
