import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KIT_WAIT_MS } from '../generation/zip';
import { MiniSiteLimiters } from './rateLimits';
import { MiniSiteRepository } from './repository';
import { registerMiniSiteRoutes } from './routes';
import { MiniSiteService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** 一键生成小站: sites made from a logo and a banner, kept 14 days unless published. */
    miniSites: MiniSiteService;
  }
}

export interface MiniSiteOptions {
  /** How long a site waits for its logo's extras (KIT_WAIT_MS by default; tests). */
  kitWaitMs?: number;
}

export default fp(
  async (app: FastifyInstance, { kitWaitMs }: MiniSiteOptions) => {
    const { config, clock: now, database, sharedState, dataFiles: files, renderQueue: queue, uploads, music, siteZips: zips, phoneLinks, resultExtras: extras, siteRenderers, housekeeping, storageQuota } = app;
    const limiters = new MiniSiteLimiters(sharedState.rateLimits);
    const service = new MiniSiteService({
      dataDir: config.dataDir,
      files,
      now,
      log: app.log,
      queue,
      sites: new MiniSiteRepository(database.sql, now),
      uploads,
      music,
      zips,
      limiters,
      render: siteRenderers.render,
      phoneLinks,
      extras,
      extrasWaitMs: kitWaitMs ?? KIT_WAIT_MS,
      quota: storageQuota,
    });
    app.decorate('miniSites', service);
    housekeeping.addSweep('mini sites', () => service.prune());
    await registerMiniSiteRoutes(app, { service, uploads, limiters, publicOrigin: config.publicOrigin, quota: storageQuota });
  },
  {
    name: 'mini-site',
    dependencies: ['config', 'database', 'shared-state', 'data-files', 'render-queue', 'housekeeping', 'uploads', 'music', 'site-files', 'phone-preview', 'generation', 'site-renderers', 'storage-quota', 'http', 'auth'],
  },
);
