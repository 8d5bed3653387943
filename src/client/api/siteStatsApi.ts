import type { SiteStats, SiteStatsRequest } from '../../contract/analytics';
import { call } from './http';

/** GET /api/siteStats?slug&days: a published site's 数据, for its owner. */
export function getSiteStats(request: SiteStatsRequest): Promise<SiteStats> {
  return call<SiteStats>({ method: 'GET', url: '/api/siteStats', params: request });
}
