import type { FastifyInstance } from 'fastify';
import type { DataFiles } from '../storage/dataFiles';
import { StorageKeyError, checkKey } from '../storage/types';
import { sendStored, type SendOptions } from './storedFiles';

export interface StoredRoute extends SendOptions {
  /** The URL space, ending in '/': '/generated/'. */
  urlPrefix: string;
  /** The store's folder it maps to: 'generated'. */
  keyPrefix: string;
  /** A path ending in '/' names this file of the folder ('index.html' for sites). */
  index?: string;
}

/**
 * A URL space answered from the shared file store (STORAGE_BACKEND=s3), as the static routes
 * answer it from DATA_DIR by default: the same URLs, the same headers, 404 for what is not there.
 */
export function serveStored(scope: FastifyInstance, files: DataFiles, route: StoredRoute): void {
  scope.get<{ Params: { '*': string } }>(`${route.urlPrefix}*`, { config: { access: 'public' } }, async (request, reply) => {
    let rest = request.params['*'];
    if (route.index && (rest === '' || rest.endsWith('/'))) rest += route.index;
    let key: string;
    try {
      key = checkKey(`${route.keyPrefix}/${rest}`);
    } catch (error) {
      if (error instanceof StorageKeyError) return reply.callNotFound();
      throw error;
    }
    if (!(await sendStored(request, reply, files.store, key, route))) return reply.callNotFound();
    return reply;
  });
}

/** Cache-Control for `seconds`, immutable when the URL names its content for good. */
export const cacheFor = (seconds: number, immutable = false): string => `public, max-age=${seconds}${immutable ? ', immutable' : ''}`;
