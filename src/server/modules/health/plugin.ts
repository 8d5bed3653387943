import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { metricsGate } from './metricsAccess';
import type { DependencyCheck, Readiness } from './readiness';
import { registerHealthRoutes } from './routes';

/** Each dependency's time to answer a readiness probe: well inside a balancer's probe timeout. */
const READINESS_TIMEOUT_MS = 2_000;

/**
 * GET /healthz and /readyz for load balancers, GET /metrics for Prometheus. Readiness pings the
 * database, the shared state, the file store and the render queue; its log says when the answer
 * changes (and why a dependency failed), not at every probe.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config, database, sharedState, dataFiles, renderQueue } = app;
    const checks: DependencyCheck[] = [
      { name: 'database', backend: database.dialect, ping: async () => void (await sql`SELECT 1`.execute(database.sql)) },
      { name: 'sharedState', backend: sharedState.kind, ping: () => sharedState.ping() },
      { name: 'storage', backend: dataFiles.store.kind, ping: () => dataFiles.ping() },
      { name: 'renderQueue', backend: config.generation.queueBackend, ping: () => renderQueue.ping() },
    ];
    let wasReady = true;
    const onReadiness = ({ unreachable, reasons }: Readiness): void => {
      const ready = unreachable.length === 0;
      if (ready === wasReady) return;
      wasReady = ready;
      if (ready) app.log.info('ready again: every dependency answers');
      else app.log.warn({ unreachable, reasons }, `not ready: ${unreachable.join(', ')} not reachable`);
    };
    registerHealthRoutes(app, { checks, timeoutMs: READINESS_TIMEOUT_MS, mayReadMetrics: metricsGate(config.metrics), onReadiness });
  },
  { name: 'health', dependencies: ['config', 'http', 'metrics', 'database', 'shared-state', 'data-files', 'render-queue'] },
);
