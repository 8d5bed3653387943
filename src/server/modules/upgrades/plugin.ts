import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OneOffTasks } from './oneOffTasks';
import { pictureCleaning } from './pictureCleaning';
import { reportLinkLines, reportLinks } from './reportLinks';
import { storedBytesCount } from './storedBytesCount';
import { TaskClaims } from './taskClaims';

declare module 'fastify' {
  interface FastifyInstance {
    /** What an install made before this version needs once (oneOffTasks.ts). */
    upgrades: OneOffTasks;
  }
}

/** A server that dies holding a task leaves it to another this long after its last saved progress. */
const TASK_LEASE_MS = 5 * 60 * 1000;

/**
 * Started once the app is ready, in the background (a start waits for none of it), and asked
 * again each housekeeping round, so that a task a stopped server left unfinished is taken up by
 * whichever server sweeps next.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, database, dataFiles, housekeeping, storageQuota, moderation } = app;
    const upgrades = new OneOffTasks({
      claims: new TaskClaims(database.sql, clock, TASK_LEASE_MS),
      log: app.log,
      tasks: [
        storedBytesCount({ sql: database.sql, files: dataFiles, now: clock }),
        // After the count: the room a picture gives back is taken off the rows the count wrote.
        pictureCleaning({ files: dataFiles, quota: storageQuota, log: app.log }),
        reportLinks({ sql: database.sql, files: dataFiles, guard: moderation, quota: storageQuota, log: app.log, publicOrigin: config.publicOrigin, publishOrigin: config.publishOrigin }),
        reportLinkLines({ sql: database.sql, files: dataFiles, quota: storageQuota }),
      ],
    });
    app.decorate('upgrades', upgrades);
    housekeeping.addSweep('one-off tasks', () => upgrades.kick());
    app.addHook('onReady', async () => upgrades.kick());
    app.addHook('onClose', async () => upgrades.stop());
  },
  { name: 'upgrades', dependencies: ['config', 'database', 'data-files', 'housekeeping', 'storage-quota', 'moderation'] },
);
