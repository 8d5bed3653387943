import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MusicLibrary } from './musicLibrary';
import { registerMusicFiles } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mini site's background music, synthesised in a worker thread of its own. */
    music: MusicLibrary;
  }
}

/** With CATALOG_PRERENDER, missing tracks are made in the background when the app is ready. */
export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, sharedState, dataFiles, housekeeping } = app;
    const music = new MusicLibrary({ dataDir: config.dataDir, files: dataFiles, log: app.log, now: clock, state: sharedState });
    app.decorate('music', music);
    housekeeping.addSweep('music versions', () => music.removeOldVersions());
    if (config.generation.catalogPrerender) {
      app.addHook('onReady', async () => {
        // Logged by the library when done or failed.
        if (music.missing().length) music.ensureAll().catch(() => {});
      });
    }
    app.addHook('onClose', async () => music.close());
    await registerMusicFiles(app, { files: dataFiles, music });
  },
  { name: 'music', dependencies: ['config', 'shared-state', 'data-files', 'housekeeping', 'http', 'auth'] },
);
