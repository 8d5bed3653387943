import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerBuilderFiles } from '../modules/builder/files';
import { registerBuilderRoutes } from '../modules/builder/routes';
import { registerGenerationFiles } from '../modules/generation/files';
import { registerGenerationRoutes } from '../modules/generation/routes';
import { registerMiniSiteRoutes } from '../modules/miniSite/routes';
import { registerPublishedFiles } from '../modules/publishing/publishedFiles';
import { registerPublishingRoutes } from '../modules/publishing/routes';

export interface RoutesOptions {
  /** How long a request for a gallery picture waits for its render before a 503 (tests). */
  galleryWaitMs?: number;
}

/** The routes and files of generation, the mini sites, the builder and publishing. */
export default fp(
  async (app: FastifyInstance, { galleryWaitMs }: RoutesOptions) => {
    const { config, services, dataFiles: files, uploads, templateGallery } = app;
    registerGenerationRoutes(app, services.generation, { publicOrigin: config.publicOrigin });
    await registerMiniSiteRoutes(app, { service: services.miniSite, uploads, limiters: services.miniSiteLimiters, publicOrigin: config.publicOrigin });
    await registerBuilderRoutes(app, { ...services.builder, uploads, publicOrigin: config.publicOrigin, publishOrigin: config.publishOrigin });
    registerPublishingRoutes(app, { publishing: services.publishing, builderSites: services.builder.service, miniSites: services.miniSite, publicOrigin: config.publicOrigin, publishOrigin: config.publishOrigin });
    await registerGenerationFiles(app, { files, catalog: templateGallery, galleryWaitMs });
    await registerBuilderFiles(app);
    await registerPublishedFiles(app, files);
  },
  { name: 'routes', dependencies: ['config', 'data-files', 'http', 'auth', 'uploads', 'template-gallery', 'services'], encapsulate: true },
);
