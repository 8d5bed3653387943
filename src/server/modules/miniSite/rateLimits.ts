import type { RateLimit, RateLimitStore } from '../../sharedState/rateLimits/rateLimit';

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
  /** 手机预览 links (each a QR code drawn). */
  phonePreviewPerUser: { limit: 60, windowMs: TEN_MINUTES },
  /** 发布 / 下线 (each copies or deletes a site). */
  publishPerUser: { limit: 30, windowMs: TEN_MINUTES },
} as const;

/** Bytes per address: whether any are left before an upload, spent once its size is known. */
export interface ByteBudget {
  hasRoom(key: string): Promise<boolean>;
  spend(key: string, bytes: number): Promise<void>;
}

function byteBudget(limit: RateLimit): ByteBudget {
  return {
    hasRoom: async (key) => (await limit.count(key)) < limit.limit,
    spend: (key, bytes) => limit.hit(key, { amount: bytes }),
  };
}

export class MiniSiteLimiters {
  readonly uploadPerIp: RateLimit;
  readonly uploadPerUser: RateLimit;
  readonly uploadBytesPerIp: ByteBudget;
  readonly createPerUser: RateLimit;
  readonly createPerIp: RateLimit;
  readonly zipPerUser: RateLimit;
  readonly phonePreviewPerUser: RateLimit;
  readonly publishPerUser: RateLimit;

  constructor(store: RateLimitStore) {
    const limits = MINI_SITE_RATE_LIMITS;
    this.uploadPerIp = store.limit('miniSite:uploadPerIp', limits.uploadPerIp);
    this.uploadPerUser = store.limit('miniSite:uploadPerUser', limits.uploadPerUser);
    this.uploadBytesPerIp = byteBudget(store.limit('miniSite:uploadBytesPerIp', { limit: limits.uploadBytesPerIpPerDay, windowMs: DAY }));
    this.createPerUser = store.limit('miniSite:createPerUser', limits.createPerUser);
    this.createPerIp = store.limit('miniSite:createPerIp', limits.createPerIp);
    this.zipPerUser = store.limit('miniSite:zipPerUser', limits.zipPerUser);
    this.phonePreviewPerUser = store.limit('miniSite:phonePreviewPerUser', limits.phonePreviewPerUser);
    this.publishPerUser = store.limit('miniSite:publishPerUser', limits.publishPerUser);
  }
}
