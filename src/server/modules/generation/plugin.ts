import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { bannerArtDescriptor, type BannerArtDescriptor } from '../../render/aiBanner/config';
import { deriveKey } from '../../security/secrets';
import { GenerationLimiters } from './rateLimits';
import { ResultExtras } from './resultExtras';
import { registerGenerationFiles, registerGenerationRoutes } from './routes';
import { GenerationService } from './service';
import { ZipService } from './zip';

declare module 'fastify' {
  interface FastifyInstance {
    /** A finished job's extras (brand kit, banner cuts, video), made after its result. */
    resultExtras: ResultExtras;
  }
}

export interface GenerationOptions {
  /** How long a logo's zip waits for its brand kit (KIT_WAIT_MS by default; tests). */
  kitWaitMs?: number;
  /** How long a request for a gallery picture waits for its render before a 503 (tests). */
  galleryWaitMs?: number;
}

/** The AI service AI生成主视觉 offers, or null: the painter drawn here is no AI and is never offered as one. */
function keyArtAiOf(config: ServerConfig): BannerArtDescriptor | null {
  return config.bannerArt.provider === 'generative' ? null : bannerArtDescriptor(config.bannerArt);
}

/** Logos and banners: their templates, jobs, results, extras and zips. */
export default fp(
  async (app: FastifyInstance, { kitWaitMs, galleryWaitMs }: GenerationOptions) => {
    const { config, clock, sharedState, dataFiles: files, renderQueue: queue, templateGallery: catalog, works, uploads, housekeeping } = app;
    const extras = new ResultExtras({ dataDir: config.dataDir, files, queue, log: app.log });
    const zips = new ZipService({ dataDir: config.dataDir, files, queue, now: clock, key: deriveKey(config.jwtSecret, 'zip-key'), extras, kitWaitMs });
    const service = new GenerationService({ queue, catalog, zips, limiters: new GenerationLimiters(sharedState.rateLimits), works, extras, uploads, keyArtAi: keyArtAiOf(config) });
    app.decorate('resultExtras', extras);
    housekeeping.addSweep('zips', () => zips.prune());
    app.addHook('onClose', async () => {
      // The extras wait for their renders, which the queue's close ends.
      await queue.close();
      await extras.close();
    });
    registerGenerationRoutes(app, service, { publicOrigin: config.publicOrigin });
    await registerGenerationFiles(app, { files, catalog, galleryWaitMs });
  },
  { name: 'generation', dependencies: ['config', 'shared-state', 'data-files', 'render-queue', 'housekeeping', 'template-gallery', 'works', 'uploads', 'http', 'auth'] },
);
