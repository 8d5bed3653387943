import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerStorageQuotaRoutes } from './routes';
import { StorageQuota } from './storageQuota';

declare module 'fastify' {
  interface FastifyInstance {
    /** USER_STORAGE_QUOTA_MB: what each user keeps, checked by the writes that would add to it. */
    storageQuota: StorageQuota;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, database, dataFiles, housekeeping } = app;
    const quota = new StorageQuota({ sql: database.sql, files: dataFiles, now: clock, quotaBytes: config.userStorageQuotaMb * 1024 * 1024 });
    app.decorate('storageQuota', quota);
    // After the uploads' sweep (registered before), so their rows go in the same round; a mini site's
    // sweep (after) forgets its sites itself, and the previews it deletes go the next round.
    housekeeping.addSweep('storage quota', () => quota.sweep());
    registerStorageQuotaRoutes(app, quota);
  },
  { name: 'storage-quota', dependencies: ['config', 'database', 'data-files', 'housekeeping', 'http', 'auth'] },
);
