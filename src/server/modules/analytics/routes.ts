import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteStatsRequest } from '../../../contract/analytics';
import { ok } from '../../http/envelope';
import { currentUser } from '../auth/currentUser';
import * as schemas from './schemas';
import type { SiteStatsReader } from './siteStats';

/** The owner's 数据 of a published site. */
export function registerAnalyticsRoutes(app: FastifyInstance, stats: SiteStatsReader, publishedOrigin: (request: FastifyRequest) => string): void {
  /** GET /api/siteStats?slug&days: another's site answers as a missing one. */
  app.get<{ Querystring: SiteStatsRequest }>('/api/siteStats', { config: { access: 'user' }, schema: schemas.siteStatsSchema }, async (request) =>
    ok(await stats.of(currentUser(request).id, request.query.slug, request.query.days, publishedOrigin(request))),
  );
}
