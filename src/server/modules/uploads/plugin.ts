import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerUploadFiles } from './routes';
import { UploadStore } from './uploadStore';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pictures users upload, under server-made names. */
    uploads: UploadStore;
    /** Areas whose records name uploads add a test here; housekeeping keeps what any of them names. */
    uploadsInUse: Set<(name: string) => boolean>;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, dataFiles, housekeeping } = app;
    const uploads = new UploadStore({ dataDir: config.dataDir, now: clock, files: dataFiles });
    const inUse = new Set<(name: string) => boolean>();
    app.decorate('uploads', uploads);
    app.decorate('uploadsInUse', inUse);
    housekeeping.addSweep('uploads', () => uploads.prune((name) => [...inUse].some((uses) => uses(name))));
    await registerUploadFiles(app, dataFiles);
  },
  { name: 'uploads', dependencies: ['config', 'data-files', 'housekeeping', 'http', 'auth'] },
);
