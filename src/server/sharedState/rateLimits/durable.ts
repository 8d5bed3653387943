import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import type { SharedState } from '../types';
import type { RateLimitStore } from './rateLimit';
import { SqlRateLimits } from './sqlRateLimits';

/**
 * Where the limits that must outlast a restart count (login locks, the SMS codes of a day): Redis
 * when configured, where every server counts and nothing is written to the database; otherwise
 * the database. The others count in the shared state itself (memory alone, Redis with it).
 */
export function durableRateLimits(state: SharedState, sql: Sql, now: Clock): RateLimitStore {
  return state.kind === 'redis' ? state.rateLimits : new SqlRateLimits(sql, now);
}
