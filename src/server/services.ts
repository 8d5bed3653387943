import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from './config';
import { createBuilder } from './modules/builder/wiring';
import type { BuiltSiteRenderer } from './modules/builder/previews';
import { GenerationLimiters } from './modules/generation/rateLimits';
import { GenerationService } from './modules/generation/service';
import { KIT_WAIT_MS, ZipService } from './modules/generation/zip';
import { MiniSiteLimiters } from './modules/miniSite/rateLimits';
import { MiniSiteRepository } from './modules/miniSite/repository';
import { MiniSiteService, type SiteRenderer } from './modules/miniSite/service';
import { SiteRenderThread } from './modules/miniSite/siteRenderThread';
import { bannerArtDescriptor, type BannerArtDescriptor } from './render/aiBanner/config';
import { deriveKey } from './security/secrets';
import { SitePublishing } from './modules/publishing/sitePublishing';
import { ResultExtras } from './modules/generation/resultExtras';

/** What tests replace in the builder: the composed-site renderer (to make it fail, or count calls). */
export interface BuilderOverrides {
  render?: BuiltSiteRenderer;
}

/** What tests replace in the mini site: the static-site renderer (to make it fail, or count calls). */
export interface MiniSiteOverrides {
  render?: SiteRenderer;
}

export interface ServicesOptions {
  /** How long a logo's zip waits for its brand kit; KIT_WAIT_MS by default. */
  kitWaitMs?: number;
  miniSite?: MiniSiteOverrides;
  builder?: BuilderOverrides;
}

/** The AI service AI生成主视觉 offers, or null: the painter drawn here is no AI and is never offered as one. */
function keyArtAiOf(config: ServerConfig): BannerArtDescriptor | null {
  return config.bannerArt.provider === 'generative' ? null : bannerArtDescriptor(config.bannerArt);
}

/** Generation, the mini sites, the builder and publishing, on the areas they use. */
function createServices(app: FastifyInstance, { kitWaitMs, miniSite, builder }: ServicesOptions) {
  const { config, clock: now, database, sharedState: state, dataFiles: files, renderQueue, templateGallery: catalog, works, uploads, music, phoneLinks, siteZips } = app;
  const { sql } = database;
  const log = app.log;
  const resultExtras = new ResultExtras({ dataDir: config.dataDir, files, queue: renderQueue, log });
  const zips = new ZipService({ dataDir: config.dataDir, files, queue: renderQueue, now, key: deriveKey(config.jwtSecret, 'zip-key'), extras: resultExtras, kitWaitMs });
  const generationLimiters = new GenerationLimiters(state.rateLimits);
  const miniSiteLimiters = new MiniSiteLimiters(state.rateLimits);
  // Sites render in a worker thread (closed with the app); tests may hand in a renderer of their own.
  const siteRenderThread = new SiteRenderThread(log);
  // Builder and mini sites share one limit of published sites a user.
  const publishing = new SitePublishing({ sql, files, now, limit: config.publishMaxPerUser });
  return {
    publishing,
    zips,
    resultExtras,
    generationLimiters,
    generation: new GenerationService({ queue: renderQueue, catalog, zips, limiters: generationLimiters, works, extras: resultExtras, uploads, keyArtAi: keyArtAiOf(config) }),
    miniSiteLimiters,
    siteRenderThread,
    miniSite: new MiniSiteService({
      dataDir: config.dataDir,
      files,
      now,
      log,
      queue: renderQueue,
      sites: new MiniSiteRepository(sql, now),
      uploads,
      music,
      zips: siteZips,
      limiters: miniSiteLimiters,
      render: miniSite?.render ?? siteRenderThread.render,
      phoneLinks,
      extras: resultExtras,
      extrasWaitMs: kitWaitMs ?? KIT_WAIT_MS,
    }),
    builder: createBuilder({
      dataDir: config.dataDir,
      sql,
      now,
      log,
      state,
      dataFiles: files,
      queue: renderQueue,
      catalog,
      uploads,
      music,
      zips: siteZips,
      render: builder?.render ?? siteRenderThread.renderBuilt,
      bannerArt: bannerArtDescriptor(config.bannerArt),
      versionsPerSite: config.builderVersionsPerSite,
      phoneLinks,
      publishing,
      works,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Generation's, the mini sites', the builder's and publishing's services (tests reach them here too). */
    services: Services;
  }
}

/**
 * The services of generation, the mini sites, the builder and publishing, with what each deletes
 * in housekeeping and the site render thread, warmed when the app is ready and ended on close.
 */
export default fp(
  async (app: FastifyInstance, options: ServicesOptions) => {
    const { config, renderQueue, housekeeping } = app;
    const services = createServices(app, options);
    app.decorate('services', services);

    // What builder sites render from (their uploads and generated banners) is kept as long as the sites are.
    let builderFiles: Awaited<ReturnType<typeof services.builder.filesInUse>> | null = null;
    housekeeping.addKeeper('builder files', async () => {
      builderFiles = await services.builder.filesInUse();
      // Marked as used before the queue's sweep, which deletes results unused for a week.
      await renderQueue.touch(builderFiles.jobIds);
    });
    app.uploadsInUse.add((name) => builderFiles?.uploads.has(name) ?? true);
    app.siteFoldersInPlace.add((dir) => services.builder.repo.hasDir(dir));
    housekeeping.addSweep('zips', () => services.zips.prune());
    housekeeping.addSweep('mini sites', () => services.miniSite.prune());

    // Sites render in their own thread (unless the caller handed in renderers): warmed now, the
    // first preview after a start is as quick as the next.
    if (config.generation.catalogPrerender && !options.miniSite?.render && !options.builder?.render) {
      app.addHook('onReady', async () => {
        const started = Date.now();
        services.siteRenderThread.warm().then(
          () => app.log.info({ ms: Date.now() - started }, 'site render thread warmed'),
          (error: unknown) => app.log.warn({ err: error }, 'site render thread not warmed'),
        );
      });
    }
    app.addHook('onClose', async () => {
      // The extras wait for their renders, which the queue's close ends.
      await renderQueue.close();
      await services.resultExtras.close();
    });
    app.addHook('onClose', async () => services.siteRenderThread.close());
  },
  {
    name: 'services',
    dependencies: ['config', 'database', 'shared-state', 'data-files', 'render-queue', 'housekeeping', 'template-gallery', 'works', 'uploads', 'music', 'phone-preview', 'site-files'],
  },
);
