import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import { noLinksOut } from '../../http/staticFiles';
import { serveStored } from '../../http/storedRoutes';
import type { DataFiles } from '../../storage/dataFiles';
import { publishedPagePolicy, userPageHeaders } from '../siteFiles/contentPolicy';
import { publishedRoot } from './publishedPaths';
import { PUBLISHED_URL_PREFIX } from './sitePublishing';
import { servePublicStatic } from '../../http/publicStatic';

/**
 * With PUBLISH_ORIGIN set, its host answers /pub/ and nothing else, and no other host answers
 * /pub/. Registered before every route, so that the check runs first on all of them.
 */
export function registerPublishHostGate(app: FastifyInstance, publishOrigin: string): void {
  if (!publishOrigin) return;
  const publishHost = new URL(publishOrigin).host;
  app.addHook('onRequest', async (request, reply) => {
    const onPublishHost = request.host === publishHost;
    if (onPublishHost !== request.url.startsWith(PUBLISHED_URL_PREFIX)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}

/** 内容审核's say on each answer of /pub/ (modules/moderation): a page taken down, a view counted. */
export interface PublishedGate {
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  onResponse(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * /pub/<slug>/: published sites, with the sites' sandboxed Content-Security-Policy, which gives
 * each page an opaque origin of its own wherever it is served. Answered `no-cache`: an update
 * replaces the folder in place. With PUBLISH_ORIGIN set they are served on its host only, and that
 * host serves nothing else: a user's page then does not share the app's origin, where the session
 * token lives, even in a browser that ignores the sandbox (README, "Publishing").
 */
export async function registerPublishedFiles(app: FastifyInstance, files: DataFiles, gate: PublishedGate, publicOrigin = '', wechatShare = false): Promise<void> {
  fs.mkdirSync(publishedRoot(files.dataDir), { recursive: true });
  const policy = publishedPagePolicy(publicOrigin, wechatShare);
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      userPageHeaders(reply, request.url, policy);
    });
    scope.addHook('onRequest', gate.onRequest);
    scope.addHook('onResponse', gate.onResponse);
    if (files.shared) {
      serveStored(scope, files, { urlPrefix: PUBLISHED_URL_PREFIX, keyPrefix: 'published', index: 'index.html', cacheControl: 'no-cache', preCompressed: true });
      return;
    }
    await servePublicStatic(scope, {
      root: publishedRoot(files.dataDir),
      prefix: PUBLISHED_URL_PREFIX,
      decorateReply: false,
      index: ['index.html'],
      allowedPath: noLinksOut('index.html'),
      redirect: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (response) => response.setHeader('cache-control', 'no-cache'),
    });
  });
}
