import type { ByteBudget, SharedState, WindowCounter } from '../../sharedState/types';

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

export class MiniSiteLimiters {
  readonly uploadPerIp: WindowCounter;
  readonly uploadPerUser: WindowCounter;
  readonly uploadBytesPerIp: ByteBudget;
  readonly createPerUser: WindowCounter;
  readonly createPerIp: WindowCounter;
  readonly zipPerUser: WindowCounter;
  readonly phonePreviewPerUser: WindowCounter;
  readonly publishPerUser: WindowCounter;

  constructor(state: SharedState) {
    const limits = MINI_SITE_RATE_LIMITS;
    this.uploadPerIp = state.windowCounter('miniSite:uploadPerIp', limits.uploadPerIp);
    this.uploadPerUser = state.windowCounter('miniSite:uploadPerUser', limits.uploadPerUser);
    this.uploadBytesPerIp = state.byteBudget('miniSite:uploadBytesPerIp', limits.uploadBytesPerIpPerDay, DAY);
    this.createPerUser = state.windowCounter('miniSite:createPerUser', limits.createPerUser);
    this.createPerIp = state.windowCounter('miniSite:createPerIp', limits.createPerIp);
    this.zipPerUser = state.windowCounter('miniSite:zipPerUser', limits.zipPerUser);
    this.phonePreviewPerUser = state.windowCounter('miniSite:phonePreviewPerUser', limits.phonePreviewPerUser);
    this.publishPerUser = state.windowCounter('miniSite:publishPerUser', limits.publishPerUser);
  }
}
