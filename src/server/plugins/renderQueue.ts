import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openRenderQueue, type GenerationOverrides } from '../queue';
import type { RenderQueue } from '../queue/renderQueue';

declare module 'fastify' {
  interface FastifyInstance {
    /** Embedded (this server's worker threads), or BullMQ with render workers elsewhere. */
    renderQueue: RenderQueue;
  }
}

export interface RenderQueueOptions {
  /** Replaces the renderer and the time limits (tests). */
  generation?: GenerationOverrides;
}

/**
 * Opened when the app loads; it starts rendering (and recovers what a previous run left) only
 * when the app is ready, after the first housekeeping sweep, and on close puts its running jobs
 * back before the database closes.
 */
export default fp(
  async (app: FastifyInstance, { generation }: RenderQueueOptions) => {
    const { config, clock, database, sharedState, dataFiles } = app;
    const queue = await openRenderQueue({ config, sql: database.sql, dialect: database.dialect, now: clock, log: app.log, state: sharedState, files: dataFiles, generation, observer: app.metrics });
    app.decorate('renderQueue', queue);
    app.metrics.watchQueue(() => queue.activeByKind());
    app.housekeeping.addSweep('render queue', () => queue.prune());
    app.addHook('onReady', async () => queue.start());
    app.addHook('onClose', async () => queue.close());
  },
  { name: 'render-queue', dependencies: ['config', 'database', 'shared-state', 'data-files', 'housekeeping', 'metrics'] },
);
