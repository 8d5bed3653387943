import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chinaDate, chinaDayOf } from '../../http/chinaTime';
import { DailySalts } from './dailySalts';
import { StoredReservationCounts } from './reservationCounts';
import { registerAnalyticsRoutes } from './routes';
import { SiteStatsReader } from './siteStats';
import { SiteViews } from './siteViews';
import { publishedOriginFor } from '../publishing/sitePublishing';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one counter of published pages' views: 内容审核 counts each page served through it. */
    siteViews: SiteViews;
  }
}

/**
 * Launch analytics of published sites, without cookies (SECURITY.md): the views counter that
 * /pub/'s answers feed, the owner's 数据, and the daily salts and visitor hashes deleted once their
 * day is over.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { clock, config, database, housekeeping } = app;
    const salts = new DailySalts(database.sql);
    const views = new SiteViews(database.sql, clock, salts);
    app.decorate('siteViews', views);
    registerAnalyticsRoutes(app, new SiteStatsReader({ sql: database.sql, now: clock, views, reservations: new StoredReservationCounts(database.sql) }), publishedOriginFor(config));
    housekeeping.addSweep('analytics salts', () => salts.prune(chinaDate(chinaDayOf(clock()))));
    app.addHook('onReady', async () => views.start((error) => app.log.warn({ err: error }, 'counting published page views failed')));
    app.addHook('onClose', async () => views.stop());
  },
  { name: 'analytics', dependencies: ['config', 'database', 'housekeeping', 'http', 'auth'] },
);
