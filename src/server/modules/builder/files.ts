import type { FastifyInstance } from 'fastify';
import { BUILDER_ASSETS_DIR, BUILDER_ASSETS_URL_PREFIX } from '../../render/builder/assets';
import { noLinksOut } from '../../http/staticFiles';
import { servePublicStatic } from '../../http/publicStatic';

/**
 * /builder-assets/: the components' picker pictures and the default pictures of their fields,
 * shipped with the code. Like /site-templates/, cached a month and revalidated after that.
 */
export async function registerBuilderFiles(app: FastifyInstance): Promise<void> {
  await servePublicStatic(app, { root: BUILDER_ASSETS_DIR, prefix: BUILDER_ASSETS_URL_PREFIX, decorateReply: false, index: false, maxAge: '30d', allowedPath: noLinksOut() });
}
