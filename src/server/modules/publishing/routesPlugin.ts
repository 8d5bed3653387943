import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerPublishingRoutes } from './routes';

/** 发布, 下线 and the publish state, for the kinds of site that answer for their own sites. */
export default fp(
  async (app: FastifyInstance) => {
    const { config, publishing, builder, miniSites } = app;
    registerPublishingRoutes(app, { publishing, builderSites: builder.service, miniSites, publicOrigin: config.publicOrigin, publishOrigin: config.publishOrigin });
  },
  { name: 'publishing-routes', dependencies: ['config', 'publishing', 'builder', 'mini-site', 'http', 'auth'] },
);
