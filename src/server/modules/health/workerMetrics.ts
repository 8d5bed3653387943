import Fastify, { type FastifyInstance } from 'fastify';
import { AnswerCode } from '../../../contract/envelope';
import { Messages } from '../../../contract/messages';
import type { ServerConfig } from '../../config';
import { fail, ok } from '../../http/envelope';
import { trustProxyOption } from '../../http/serverOptions';
import type { AppMetrics } from '../../metrics/appMetrics';
import { metricsGate } from './metricsAccess';

const NOT_FOUND = fail(AnswerCode.notFound, Messages.notFound);

/**
 * A render worker's own small HTTP server (WORKER_METRICS_PORT): GET /healthz for its supervisor
 * and GET /metrics, its renders' durations and failures and its process's figures, for whoever
 * METRICS_TOKEN or METRICS_ALLOW admits, as on the API servers. Nothing else is served.
 */
export function buildWorkerMetricsServer(config: ServerConfig, metrics: AppMetrics): FastifyInstance {
  const app = Fastify({ logger: false, trustProxy: trustProxyOption(config.trustProxy) });
  const mayRead = metricsGate(config.metrics);
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(null, 'alive');
  });
  app.get('/metrics', async (request, reply) => {
    if (!mayRead(request)) return reply.code(404).send(NOT_FOUND);
    const text = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(NOT_FOUND));
  return app;
}
