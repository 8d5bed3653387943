import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deriveKey } from '../../security/secrets';
import { previewPageOf } from './previewPage';
import { ReserveBlockSlot } from './reserveBlocks';
import { registerSiteFiles } from './routes';
import { SiteZipService } from './siteZip';

declare module 'fastify' {
  interface FastifyInstance {
    /** A made site's folder as a zip to download. */
    siteZips: SiteZipService;
    /** The 预约 block of a site's published copy and zip: the campaigns' module provides it. */
    reserveBlocks: ReserveBlockSlot;
    /** A site folder's page as its previews show it (the 预约 block in preview mode), or null: the file as it is. */
    sitePreviewPage: (dir: string) => Promise<string | null>;
    /** Areas whose site folders change in place add a test here: such a folder is answered `no-cache`. */
    siteFoldersInPlace: Set<(dir: string) => Promise<boolean>>;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, dataFiles } = app;
    const reserveBlocks = new ReserveBlockSlot();
    app.decorate('reserveBlocks', reserveBlocks);
    app.decorate('siteZips', new SiteZipService({ dataDir: config.dataDir, now: clock, key: deriveKey(config.jwtSecret, 'zip-key'), files: dataFiles, reserveBlocks }));
    const inPlace = new Set<(dir: string) => Promise<boolean>>();
    app.decorate('siteFoldersInPlace', inPlace);
    const changesInPlace = async (dir: string): Promise<boolean> => {
      for (const changes of inPlace) if (await changes(dir)) return true;
      return false;
    };
    const previewPage = (dir: string): Promise<string | null> => previewPageOf(dataFiles, reserveBlocks, dir);
    app.decorate('sitePreviewPage', previewPage);
    await registerSiteFiles(app, { files: dataFiles, changesInPlace, previewPage });
  },
  { name: 'site-files', dependencies: ['config', 'data-files', 'http', 'auth'] },
);
