import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bannerArtDescriptor } from '../../render/aiBanner/config';
import { registerBuilderFiles } from './files';
import { registerBuilderRoutes } from './routes';
import { createBuilder, type BuilderFilesInUse } from './wiring';

declare module 'fastify' {
  interface FastifyInstance {
    /** 网页生成: sites composed from components, their versions, previews and completion. */
    builder: ReturnType<typeof createBuilder>;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { config, clock: now, database, sharedState: state, dataFiles, renderQueue: queue, templateGallery: catalog, uploads, music, siteZips: zips, phoneLinks, publishing, works, siteRenderers, housekeeping, storageQuota } = app;
    const builder = createBuilder({
      dataDir: config.dataDir,
      sql: database.sql,
      now,
      log: app.log,
      state,
      dataFiles,
      queue,
      catalog,
      uploads,
      music,
      zips,
      render: siteRenderers.renderBuilt,
      bannerArt: bannerArtDescriptor(config.bannerArt),
      versionsPerSite: config.builderVersionsPerSite,
      phoneLinks,
      publishing,
      works,
      quota: storageQuota,
    });
    app.decorate('builder', builder);

    // What builder sites render from (their uploads and generated banners) is kept as long as the sites are.
    let inUse: BuilderFilesInUse | null = null;
    housekeeping.addKeeper('builder files', async () => {
      inUse = await builder.filesInUse();
      // Marked as used before the queue's sweep, which deletes results unused for a week.
      await queue.touch(inUse.jobIds);
    });
    app.uploadsInUse.add((name) => inUse?.uploads.has(name) ?? true);
    // The previews are rendered again into the same folder.
    app.siteFoldersInPlace.add((dir) => builder.repo.hasDir(dir));

    await registerBuilderRoutes(app, { ...builder, uploads, publicOrigin: config.publicOrigin, publishOrigin: config.publishOrigin });
    await registerBuilderFiles(app);
  },
  {
    name: 'builder',
    dependencies: ['config', 'database', 'shared-state', 'data-files', 'render-queue', 'housekeeping', 'template-gallery', 'uploads', 'music', 'site-files', 'phone-preview', 'publishing', 'works', 'site-renderers', 'storage-quota', 'http', 'auth'],
  },
);
