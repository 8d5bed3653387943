import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BuiltSiteRenderer } from '../modules/builder/previews';
import type { SiteRenderer } from '../modules/miniSite/service';
import { SiteRenderThread } from '../modules/miniSite/siteRenderThread';

declare module 'fastify' {
  interface FastifyInstance {
    /** The static-site renderers: the mini site's and the builder's composed site. */
    siteRenderers: { render: SiteRenderer; renderBuilt: BuiltSiteRenderer };
  }
}

export interface SiteRenderersOptions {
  /** Replaces the mini site's renderer (tests: to make it fail, or count calls). */
  miniSite?: { render?: SiteRenderer };
  /** Replaces the builder's composed-site renderer (tests). */
  builder?: { render?: BuiltSiteRenderer };
}

/**
 * Sites render in a worker thread of their own, ended when the app closes. With CATALOG_PRERENDER
 * it is warmed when the app is ready (unless the caller handed in renderers), so that the first
 * preview after a start is as quick as the next.
 */
export default fp(
  async (app: FastifyInstance, { miniSite, builder }: SiteRenderersOptions) => {
    const thread = new SiteRenderThread(app.log);
    app.decorate('siteRenderers', { render: miniSite?.render ?? thread.render, renderBuilt: builder?.render ?? thread.renderBuilt });
    if (app.config.generation.catalogPrerender && !miniSite?.render && !builder?.render) {
      app.addHook('onReady', async () => {
        const started = Date.now();
        thread.warm().then(
          () => app.log.info({ ms: Date.now() - started }, 'site render thread warmed'),
          (error: unknown) => app.log.warn({ err: error }, 'site render thread not warmed'),
        );
      });
    }
    app.addHook('onClose', async () => thread.close());
  },
  { name: 'site-renderers', dependencies: ['config'] },
);
