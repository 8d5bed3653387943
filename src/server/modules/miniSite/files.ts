import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { SITE_TEMPLATE_ASSETS_DIR, SITE_TEMPLATE_ASSETS_URL_PREFIX } from '../../render/site/assets';
import type { MusicLibrary } from './music';
import { MUSIC_URL_PREFIX, SITES_URL_PREFIX, UPLOADS_URL_PREFIX, musicRoot, sitesDir, uploadsDir } from './paths';
import { noLinksOut } from '../../http/staticFiles';
import { cacheFor, serveStored } from '../../http/storedRoutes';
import type { DataFiles } from '../../storage/dataFiles';

const DAY = 24 * 3600;

/**
 * A created site is a user's page on our origin. It gets a policy of its own: its scripts and
 * styles from its own folder (the renderer writes no inline script), no plugins, no forms, no
 * <base>, nothing fetched from elsewhere, and framing by our own pages only (the SPA's preview
 * page shows it in an iframe).
 */
export const SITE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Uploads are pictures and nothing else: opened on their own, they can run nothing. */
export const UPLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * /sites/<dir>/ (created sites), /uploads/ (pictures), /site-templates/ (template pictures and
 * default images) and /generated/catalog/music/ (background music, made on first request when
 * missing). Every answer keeps the security headers registered on the root (nosniff among them);
 * the site and upload scopes replace the Content-Security-Policy with their own.
 */
export async function registerMiniSiteFiles(
  app: FastifyInstance,
  options: {
    files: DataFiles;
    music: MusicLibrary;
    /** Folders whose files change in place (the builder's previews): answered `no-cache`, so a browser asks again. */
    changesInPlace?: (dir: string) => Promise<boolean>;
  },
): Promise<void> {
  const { files, music, changesInPlace } = options;
  const { dataDir } = files;
  for (const dir of [sitesDir(dataDir), uploadsDir(dataDir), musicRoot(dataDir)]) fs.mkdirSync(dir, { recursive: true });

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', SITE_CONTENT_SECURITY_POLICY).header('x-frame-options', 'SAMEORIGIN');
    });
    if (changesInPlace) {
      scope.addHook('onSend', async (request, reply) => {
        const dir = request.url.slice(SITES_URL_PREFIX.length).split(/[/?#]/)[0];
        // After the static plugin's headers: its cache time is for folders that never change.
        if (dir && (await changesInPlace(dir))) reply.header('cache-control', 'no-cache');
      });
    }
    // A mini site's folder never changes once made (a new site gets a new folder); it lives 14 days.
    // The renderer writes .br and .gz copies of the page and script: sent to browsers that take them.
    if (files.shared) {
      serveStored(scope, files, { urlPrefix: SITES_URL_PREFIX, keyPrefix: 'sites', index: 'index.html', cacheControl: cacheFor(DAY), preCompressed: true });
      return;
    }
    await scope.register(fastifyStatic, {
      root: sitesDir(dataDir),
      prefix: SITES_URL_PREFIX,
      decorateReply: false,
      index: ['index.html'],
      allowedPath: noLinksOut('index.html'),
      redirect: false,
      maxAge: '1d',
      preCompressed: true,
    });
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', UPLOAD_CONTENT_SECURITY_POLICY);
    });
    // Server-made names, never reused, deleted after 14 days.
    if (files.shared) {
      serveStored(scope, files, { urlPrefix: UPLOADS_URL_PREFIX, keyPrefix: 'uploads', cacheControl: cacheFor(14 * DAY, true) });
      return;
    }
    await scope.register(fastifyStatic, {
      root: uploadsDir(dataDir),
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      index: false,
      allowedPath: noLinksOut(),
      maxAge: '14d',
      immutable: true,
    });
  });

  await app.register(fastifyStatic, {
    root: SITE_TEMPLATE_ASSETS_DIR,
    prefix: SITE_TEMPLATE_ASSETS_URL_PREFIX,
    decorateReply: false,
    index: false,
    allowedPath: noLinksOut(),
    // Shipped with the code and changed only by a new release: a month, revalidated after that.
    maxAge: '30d',
  });

  // Its own context, so that the on-demand hook runs for music URLs only. More specific than
  // /generated/catalog/ (the gallery's), so the router sends music requests here.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      await music.ensureForPath(request.url.split('?')[0]);
    });
    if (files.shared) serveStored(scope, files, { urlPrefix: MUSIC_URL_PREFIX, keyPrefix: 'catalog/music', cacheControl: cacheFor(365 * DAY, true) });
    else await scope.register(fastifyStatic, { root: musicRoot(dataDir), prefix: MUSIC_URL_PREFIX, decorateReply: false, index: false, maxAge: '365d', immutable: true, allowedPath: noLinksOut() });
  });
}
