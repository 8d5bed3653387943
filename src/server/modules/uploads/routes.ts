import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { noLinksOut } from '../../http/staticFiles';
import { cacheFor, serveStored } from '../../http/storedRoutes';
import type { DataFiles } from '../../storage/dataFiles';
import { UPLOADS_URL_PREFIX, uploadsDir } from './paths';
import { servePublicStatic } from '../../http/publicStatic';

const DAY = 24 * 3600;

/** Uploads are pictures and nothing else: opened on their own, they can run nothing. */
export const UPLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * /uploads/ (pictures). Every answer keeps the security headers registered on the root (nosniff
 * among them); this scope replaces the Content-Security-Policy with its own.
 */
export async function registerUploadFiles(app: FastifyInstance, files: DataFiles): Promise<void> {
  fs.mkdirSync(uploadsDir(files.dataDir), { recursive: true });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', UPLOAD_CONTENT_SECURITY_POLICY);
    });
    // Server-made names, never reused, deleted after 14 days.
    if (files.shared) {
      serveStored(scope, files, { urlPrefix: UPLOADS_URL_PREFIX, keyPrefix: 'uploads', cacheControl: cacheFor(14 * DAY, true) });
      return;
    }
    await servePublicStatic(scope, {
      root: uploadsDir(files.dataDir),
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      index: false,
      allowedPath: noLinksOut(),
      maxAge: '14d',
      immutable: true,
    });
  });
}
