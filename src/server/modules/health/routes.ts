import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AnswerCode } from '../../../contract/envelope';
import { Messages } from '../../../contract/messages';
import { ok } from '../../http/envelope';
import { checkReadiness, type DependencyCheck, type Readiness } from './readiness';

export interface HealthRouteDeps {
  checks: readonly DependencyCheck[];
  /** How long each dependency may take to answer a readiness probe. */
  timeoutMs: number;
  /** May this request read the metrics? */
  mayReadMetrics: (request: FastifyRequest) => boolean;
  /** Told of each readiness outcome (the plugin logs the changes, not every probe). */
  onReadiness: (readiness: Readiness) => void;
}

/**
 * Probes are called every few seconds by load balancers and scrapers: no log line per request
 * (logLevel silent), no rate limit (a 429 would take a healthy server out), never cached.
 */
const PROBE = { logLevel: 'silent' } as const;

export function registerHealthRoutes(app: FastifyInstance, deps: HealthRouteDeps): void {
  // Liveness: the process answers. Nothing else is touched, and it answers under pressure too: a
  // busy server is alive, and killing it would only move its load to the others.
  app.get('/healthz', { ...PROBE, config: { access: 'public', answersUnderPressure: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(null, 'alive');
  });

  // Readiness: may this server be sent traffic? Under pressure it answers 503 like the API (the
  // balancer then sends elsewhere), without touching the dependencies.
  app.get('/readyz', { ...PROBE, config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const readiness = await checkReadiness(deps.checks, deps.timeoutMs);
    deps.onReadiness(readiness);
    const { checked, unreachable } = readiness;
    if (!unreachable.length) return ok({ checked, unreachable }, 'ready');
    return reply.code(503).send({ code: AnswerCode.unavailable, msg: `${Messages.notReady}：${unreachable.join('、')}`, data: { checked, unreachable } });
  });

  // Prometheus's scrape. Refused as an unknown address is (404, or 503 under pressure): whoever
  // may not read it does not learn it exists. It answers its scraper under pressure: that is when
  // its figures matter most.
  app.get('/metrics', { ...PROBE, config: { access: 'public', answersUnderPressure: deps.mayReadMetrics } }, async (request, reply) => {
    if (!deps.mayReadMetrics(request)) return reply.callNotFound();
    const text = await app.metrics.exposition();
    return reply.header('cache-control', 'no-store').type(app.metrics.contentType).send(text);
  });
}
