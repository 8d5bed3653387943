import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TemplateGallery } from '../queue/templateGallery';

declare module 'fastify' {
  interface FastifyInstance {
    /** The logo and banner templates' pictures, rendered by the queue's gallery lane. */
    templateGallery: TemplateGallery;
  }
}

/** With CATALOG_PRERENDER, the gallery's missing pictures are queued when the app is ready. */
export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, sharedState, dataFiles, renderQueue, housekeeping } = app;
    const gallery = new TemplateGallery({ files: dataFiles, queue: renderQueue, log: app.log, now: clock, state: sharedState });
    app.decorate('templateGallery', gallery);
    housekeeping.addSweep('gallery versions', () => gallery.removeOldVersions());
    if (config.generation.catalogPrerender) {
      app.addHook('onReady', async () => {
        const queued = await gallery.prerenderMissing();
        if (queued) app.log.info(`Rendering ${queued} missing gallery picture sets in the background`);
      });
    }
  },
  { name: 'template-gallery', dependencies: ['config', 'shared-state', 'data-files', 'render-queue', 'housekeeping'] },
);
