import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { connectDataFiles } from '../storage';
import type { DataFiles } from '../storage/dataFiles';

declare module 'fastify' {
  interface FastifyInstance {
    /** DATA_DIR and the file store behind it (itself by default, a bucket with STORAGE_BACKEND=s3). */
    dataFiles: DataFiles;
  }
}

/** With a shared file store, what each server keeps of it in DATA_DIR: made or fetched within this. */
const CACHE_KEEP_MS = 24 * 3600 * 1000;
const CACHED_FOLDERS = ['generated', 'sites', 'uploads', 'zips'] as const;

export default fp(
  async (app: FastifyInstance) => {
    const files = await connectDataFiles(app.config.dataDir, app.config.storage);
    app.decorate('dataFiles', files);
    app.housekeeping.addLocalSweep('file cache', () => files.sweepCache(CACHED_FOLDERS, CACHE_KEEP_MS));
    app.addHook('onClose', async () => files.close());
  },
  { name: 'data-files', dependencies: ['config', 'housekeeping'] },
);
