import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerBrandAssets } from '../http/brandAssets';
import { registerSpa } from '../http/spa';
import { registerAuthRoutes } from '../modules/auth/routes';
import { registerBuilderFiles } from '../modules/builder/files';
import { registerBuilderRoutes } from '../modules/builder/routes';
import { BRAND_ASSETS_DIR, generatedBrandDir } from '../modules/common/brandAssets';
import { registerCommonRoutes } from '../modules/common/routes';
import { registerTutorialFiles } from '../modules/common/tutorials';
import { registerGenerationFiles } from '../modules/generation/files';
import { registerGenerationRoutes } from '../modules/generation/routes';
import { registerSiteFiles } from '../modules/siteFiles/routes';
import { registerUploadFiles } from '../modules/uploads/routes';
import { registerMusicFiles } from '../modules/music/routes';
import { registerMiniSiteRoutes } from '../modules/miniSite/routes';
import { registerPhonePreviewRoute } from '../modules/phonePreview/routes';
import { registerPublishedFiles } from '../modules/publishing/publishedFiles';
import { registerWorksRoutes } from '../modules/works/routes';
import { registerWxAuthRoutes } from '../modules/wxAuth/routes';

export interface RoutesOptions {
  /** How long a request for a gallery picture waits for its render before a 503 (tests). */
  galleryWaitMs?: number;
}

/** The modules' routes and files, and the SPA, whose history fallback answers every other /user/ path. */
export default fp(
  async (app: FastifyInstance, { galleryWaitMs }: RoutesOptions) => {
    const { config, services, dataFiles: files } = app;
    registerAuthRoutes(app, services);
    registerWxAuthRoutes(app, { service: services.qrLogin, provider: services.qrProvider, publicOrigin: config.publicOrigin });
    registerCommonRoutes(app, services.common);
    registerGenerationRoutes(app, services.generation, { publicOrigin: config.publicOrigin });
    await registerMiniSiteRoutes(app, { service: services.miniSite, uploads: services.uploads, limiters: services.miniSiteLimiters, publicOrigin: config.publicOrigin, publishOrigin: config.publishOrigin });
    const { builder } = services;
    await registerBuilderRoutes(app, { ...builder, uploads: services.uploads, publicOrigin: config.publicOrigin, publishOrigin: config.publishOrigin });
    registerWorksRoutes(app, services.works);
    registerPhonePreviewRoute(app, services.phoneLinks);

    await registerBrandAssets(app, [BRAND_ASSETS_DIR, generatedBrandDir(config.dataDir)]);
    await registerGenerationFiles(app, { files, catalog: services.catalog, galleryWaitMs });
    await registerSiteFiles(app, { files, changesInPlace: (dir) => builder.repo.hasDir(dir) });
    await registerUploadFiles(app, files);
    await registerMusicFiles(app, { files, music: services.music });
    await registerBuilderFiles(app);
    await registerPublishedFiles(app, files);
    await registerTutorialFiles(app);
    await registerSpa(app, { clientDir: config.clientDir, productionHost: config.productionHost, reduxDevtools: config.reduxDevtools, wechatWebLogin: services.qrProvider.webLogin });
  },
  { name: 'routes', dependencies: ['config', 'data-files', 'http', 'services'], encapsulate: true },
);
