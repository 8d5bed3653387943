import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { SITE_TEMPLATE_ASSETS_DIR, SITE_TEMPLATE_ASSETS_URL_PREFIX } from '../../render/site/assets';
import { SITES_URL_PREFIX, sitesDir } from './paths';
import { noLinksOut } from '../../http/staticFiles';
import { cacheFor, serveStored } from '../../http/storedRoutes';
import type { DataFiles } from '../../storage/dataFiles';
import { userPageHeaders } from './contentPolicy';
import { servePublicStatic } from '../../http/publicStatic';
import { previewPageFolder, sendPreviewPage } from './previewPage';

const DAY = 24 * 3600;

/**
 * /sites/<dir>/ (created sites: mini sites and the builder's previews) and /site-templates/
 * (template pictures and default images). Every answer keeps the security headers registered on
 * the root (nosniff among them); the sites' scope replaces the Content-Security-Policy with the
 * user pages' own (sandboxed: contentPolicy.ts).
 */
export async function registerSiteFiles(
  app: FastifyInstance,
  options: {
    files: DataFiles;
    /** Folders whose files change in place (the builder's previews): answered `no-cache`, so a browser asks again. */
    changesInPlace?: (dir: string) => Promise<boolean>;
    /** A folder's page as its preview shows it, when that differs from the file (previewPage.ts). */
    previewPage?: (dir: string) => Promise<string | null>;
  },
): Promise<void> {
  const { files, changesInPlace, previewPage } = options;
  const { dataDir } = files;
  fs.mkdirSync(sitesDir(dataDir), { recursive: true });

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      userPageHeaders(reply, request.url);
      reply.header('x-frame-options', 'SAMEORIGIN');
    });
    if (previewPage) {
      scope.addHook('onRequest', async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return;
        const dir = previewPageFolder(request.url);
        const page = dir && (await previewPage(dir));
        if (!page) return;
        return sendPreviewPage(request, reply, page);
      });
    }
    scope.addHook('onSend', async (request, reply) => {
      if (reply.getHeader('cache-control') === 'no-store') return;
      // After the static plugin's headers: its cache time is for folders that never change. A
      // folder's page is asked again each time (answered 304 while it is the same): what its
      // preview shows also follows the site's 预约 settings.
      if (previewPageFolder(request.url)) {
        reply.header('cache-control', 'no-cache');
        return;
      }
      const dir = request.url.slice(SITES_URL_PREFIX.length).split(/[/?#]/)[0];
      if (dir && changesInPlace && (await changesInPlace(dir))) reply.header('cache-control', 'no-cache');
    });
    // A mini site's folder never changes once made (a new site gets a new folder); it lives 14 days.
    // The renderer writes .br and .gz copies of the page and script: sent to browsers that take them.
    if (files.shared) {
      serveStored(scope, files, { urlPrefix: SITES_URL_PREFIX, keyPrefix: 'sites', index: 'index.html', cacheControl: cacheFor(DAY), preCompressed: true });
      return;
    }
    await servePublicStatic(scope, {
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

  await servePublicStatic(app, {
    root: SITE_TEMPLATE_ASSETS_DIR,
    prefix: SITE_TEMPLATE_ASSETS_URL_PREFIX,
    decorateReply: false,
    index: false,
    allowedPath: noLinksOut(),
    // Shipped with the code and changed only by a new release: a month, revalidated after that.
    maxAge: '30d',
  });
}
