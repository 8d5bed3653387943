import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppMetrics } from '../metrics/appMetrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters and histograms the areas record into; GET /metrics (modules/health) serves them. */
    metrics: AppMetrics;
  }
}

/** Times every request by its route's pattern (Fastify's `/generated/*`, not the path asked for). */
function timeRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    metrics.httpRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
}

export default fp(
  async (app: FastifyInstance) => {
    const metrics = new AppMetrics((error) => app.log.debug({ err: error }, 'metrics: the render queue could not be read'));
    app.decorate('metrics', metrics);
    timeRequests(app, metrics);
  },
  { name: 'metrics', dependencies: ['config'] },
);
