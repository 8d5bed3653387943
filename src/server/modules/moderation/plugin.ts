import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PublishedModeration } from './publishedModeration';

declare module 'fastify' {
  interface FastifyInstance {
    /** 内容审核 of published pages as they are published and served (publishing asks it). */
    moderation: PublishedModeration;
  }
}

/**
 * What 内容审核 does to published pages: registered before publishing, which asks it on every
 * publish and every /pub/ answer. The console's and the public's calls are in routesPlugin.ts.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    // With PUBLISH_ORIGIN the pages' origin serves /pub/ only: their 举报 link leads to the app's.
    const moderation = new PublishedModeration({ sql: database.sql, publishOrigin: config.publishOrigin, visits: app.siteViews });
    app.decorate('moderation', moderation);
  },
  { name: 'moderation', dependencies: ['config', 'database', 'analytics'] },
);
