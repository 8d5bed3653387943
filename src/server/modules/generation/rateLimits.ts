import type { RateLimit, RateLimitStore } from '../../sharedState/rateLimits/rateLimit';

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
  readonly createPerUser: RateLimit;
  readonly createPerIp: RateLimit;
  readonly zipPerIp: RateLimit;

  constructor(store: RateLimitStore) {
    this.createPerUser = store.limit('generation:createPerUser', GENERATION_RATE_LIMITS.createPerUser);
    this.createPerIp = store.limit('generation:createPerIp', GENERATION_RATE_LIMITS.createPerIp);
    this.zipPerIp = store.limit('generation:zipPerIp', GENERATION_RATE_LIMITS.zipPerIp);
  }
}
