import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { noLinksOut } from '../../http/staticFiles';
import { cacheFor, serveStored } from '../../http/storedRoutes';
import type { DataFiles } from '../../storage/dataFiles';
import type { MusicLibrary } from './musicLibrary';
import { MUSIC_URL_PREFIX, musicRoot } from './paths';
import { servePublicStatic } from '../../http/publicStatic';

const DAY = 24 * 3600;

/** /generated/catalog/music/ (background music), made on first request when missing. */
export async function registerMusicFiles(app: FastifyInstance, options: { files: DataFiles; music: MusicLibrary }): Promise<void> {
  const { files, music } = options;
  fs.mkdirSync(musicRoot(files.dataDir), { recursive: true });
  // Its own context, so that the on-demand hook runs for music URLs only. More specific than
  // /generated/catalog/ (the gallery's), so the router sends music requests here.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      await music.ensureForPath(request.url.split('?')[0]);
    });
    if (files.shared) serveStored(scope, files, { urlPrefix: MUSIC_URL_PREFIX, keyPrefix: 'catalog/music', cacheControl: cacheFor(365 * DAY, true) });
    else await servePublicStatic(scope, { root: musicRoot(files.dataDir), prefix: MUSIC_URL_PREFIX, decorateReply: false, index: false, maxAge: '365d', immutable: true, allowedPath: noLinksOut() });
  });
}
