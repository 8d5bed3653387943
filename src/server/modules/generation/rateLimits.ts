import type { SharedState, WindowCounter } from '../../sharedState/types';

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
  readonly createPerUser: WindowCounter;
  readonly createPerIp: WindowCounter;
  readonly zipPerIp: WindowCounter;

  constructor(state: SharedState) {
    this.createPerUser = state.windowCounter('generation:createPerUser', GENERATION_RATE_LIMITS.createPerUser);
    this.createPerIp = state.windowCounter('generation:createPerIp', GENERATION_RATE_LIMITS.createPerIp);
    this.zipPerIp = state.windowCounter('generation:zipPerIp', GENERATION_RATE_LIMITS.zipPerIp);
  }
}
