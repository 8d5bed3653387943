import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { noLinksOut } from './staticFiles';
import { servePublicStatic } from './publicStatic';

/** /static/brand/: the shipped brand images, then the ones made at run time (first folder wins). */
export async function registerBrandAssets(app: FastifyInstance, folders: string[]): Promise<void> {
  for (const folder of folders) fs.mkdirSync(folder, { recursive: true });
  await servePublicStatic(app, {
    root: folders,
    prefix: '/static/brand/',
    // The SPA's registration decorates reply.sendFile; only one registration may.
    decorateReply: false,
    index: false,
    allowedPath: noLinksOut(),
    // Brand images change rarely and keep their names: a month, revalidated after that.
    maxAge: '30d',
  });
}
