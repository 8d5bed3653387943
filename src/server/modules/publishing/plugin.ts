import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerPublishedFiles } from './publishedFiles';
import { SitePublishing } from './sitePublishing';

declare module 'fastify' {
  interface FastifyInstance {
    /** The published copies of builder and mini sites, under one limit a user. */
    publishing: SitePublishing;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, database, dataFiles, moderation, storageQuota } = app;
    app.decorate('publishing', new SitePublishing({ sql: database.sql, files: dataFiles, now: clock, limit: config.publishMaxPerUser, guard: moderation, quota: storageQuota, reserveBlocks: app.reserveBlocks, wechatShare: Boolean(config.wechat) }));
    await registerPublishedFiles(app, dataFiles, moderation, config.publicOrigin, Boolean(config.wechat));
  },
  { name: 'publishing', dependencies: ['config', 'database', 'data-files', 'http', 'auth', 'moderation', 'storage-quota', 'site-files'] },
);
