import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GenerationMessages, type BannerCutsRequest, type LogoCreateRequest, type LogoCreationDurationRequest, type LogoPollingRequest, type TemplatePageRequest, type ZipByFileRequest } from '../../../contract/generation';
import { ok } from '../../http/envelope';
import { currentUser } from '../auth/currentUser';
import * as schemas from './schemas';
import type { GenerationService } from './service';
import { ownHostKeys } from './zip';
import { limitKeyOf } from '../../security/clientAddress';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import type { TemplateGallery } from '../../queue/templateGallery';
import { cacheFor, serveStored } from '../../http/storedRoutes';
import { sendStored } from '../../http/storedFiles';
import type { DataFiles } from '../../storage/dataFiles';
import { CATALOG_URL_PREFIX, GENERATED_URL_PREFIX, ZIPS_URL_PREFIX, catalogRoot, generatedDir, zipsDir } from '../../queue/paths';
import { noLinksOut, staysInside } from '../../http/staticFiles';
import { servePublicStatic } from '../../http/publicStatic';

/** Calls whose parameters all have defaults may come without a body at all. */
async function bodyDefaultsToObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/** Paths of DESIGN.md section 5; logoCreate and logoPolling need a login (HTTP 401 without). */
export function registerGenerationRoutes(app: FastifyInstance, service: GenerationService, options: { publicOrigin: string }): void {
  /** POST /index/common/logo */
  app.post<{ Body: TemplatePageRequest }>('/index/common/logo', { config: { access: 'public' }, schema: schemas.logoListSchema, preValidation: bodyDefaultsToObject }, async (request) =>
    ok(service.logoTemplates(request.body)),
  );

  /** POST /index/common/banner */
  app.post<{ Body: TemplatePageRequest }>('/index/common/banner', { config: { access: 'public' }, schema: schemas.bannerListSchema, preValidation: bodyDefaultsToObject }, async (request) =>
    ok(service.bannerTemplates(request.body)),
  );

  /** POST /index/common/logoCreate */
  app.post<{ Body: LogoCreateRequest }>('/index/common/logoCreate', { schema: schemas.logoCreateSchema, config: { access: 'user' } }, async (request) => {
    return ok(await service.create(request.body, currentUser(request), limitKeyOf(request)));
  });

  /** POST /index/common/logoPolling */
  app.post<{ Body: LogoPollingRequest }>('/index/common/logoPolling', { schema: schemas.logoPollingSchema, config: { access: 'user', recentUser: true } }, async (request) => {
    return ok(await service.poll(request.body.uniqueId, currentUser(request)));
  });

  /** POST /index/common/getKeyArtProvider: public, like the template lists (it names a service, no secret). */
  app.post('/index/common/getKeyArtProvider', { config: { access: 'public' }, schema: schemas.keyArtProviderSchema }, async () => ok(service.keyArtProvider()));

  /** POST /index/common/getLogoCreationDuration */
  app.post<{ Body: Partial<LogoCreationDurationRequest> }>(
    '/index/common/getLogoCreationDuration',
    { config: { access: 'public' }, schema: schemas.durationSchema, preValidation: bodyDefaultsToObject },
    async (request) => ok(await service.duration(request.body)),
  );

  /** POST /index/common/bannerCuts */
  app.post<{ Body: BannerCutsRequest }>('/index/common/bannerCuts', { config: { access: 'public' }, schema: schemas.bannerCutsSchema }, async (request) => {
    return ok(await service.bannerCuts(request.body, ownHostKeys(request.host, options.publicOrigin)));
  });

  /** POST /index/common/createZipUrlByFile */
  app.post<{ Body: ZipByFileRequest }>('/index/common/createZipUrlByFile', { config: { access: 'public' }, schema: schemas.zipSchema }, async (request) => {
    return ok(await service.zip(request.body, limitKeyOf(request), ownHostKeys(request.host, options.publicOrigin)));
  });
}

/**
 * `attachment` with the UTF-8 name (RFC 6266) so that '星河战纪-整屏动画.zip' survives, and an ASCII name for
 * old clients: the name's ASCII part when it has one, 'download' otherwise.
 */
export function attachmentHeader(fileName: string): string {
  const extension = path.extname(fileName);
  const asciiStem = path.basename(fileName, extension).replace(/[^\x20-\x7e]|["\\%]/g, '').trim();
  return `attachment; filename="${asciiStem || 'download'}${extension}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const ZIP_KEY = /^[0-9a-f]{32}$/;

/**
 * How long a request for a gallery picture not rendered yet waits for it before it is answered 503
 * (templateGallery.ts pictureWithin): a logo's pictures are usually done by then, a banner's preview video
 * not always.
 */
export const GALLERY_WAIT_MS = 3000;
/** What a 503 for a picture being rendered tells the browser to wait before it asks again. */
const GALLERY_RETRY_AFTER_SECONDS = 2;

/**
 * GET /zips/<key>/<name>.zip: the one zip in the key's folder. The key (128 random bits) finds it;
 * the name is only for people and browsers, so however a name is percent-encoded (`&`, `#`, `%`,
 * Chinese...) the download works, and the file is sent under its real name.
 */
async function registerZipDownloads(app: FastifyInstance, root: string, files: DataFiles): Promise<void> {
  // Downloaded once, right after it is made, and deleted a day after it was last asked for.
  const cacheControl = 'private, max-age=3600';
  if (files.shared) {
    app.get<{ Params: { key: string; '*': string } }>(`${ZIPS_URL_PREFIX}:key/*`, { config: { access: 'public' } }, async (request, reply) => {
      const { key } = request.params;
      const zip = ZIP_KEY.test(key) ? (await files.store.list(`zips/${key}/`)).find((name) => name.endsWith('.zip')) : undefined;
      if (!zip || !(await sendStored(request, reply, files.store, zip, { cacheControl, disposition: attachmentHeader(zip.split('/').pop() ?? 'download.zip') }))) return reply.callNotFound();
      return reply;
    });
    return;
  }
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root, serve: false });
    scope.get<{ Params: { key: string; '*': string } }>(`${ZIPS_URL_PREFIX}:key/*`, { config: { access: 'public' } }, async (request, reply) => {
      const { key } = request.params;
      const dir = path.join(root, key);
      const zip = ZIP_KEY.test(key) && fs.existsSync(dir) ? fs.readdirSync(dir).find((name) => name.endsWith('.zip')) : undefined;
      if (!zip || !staysInside(root, `${key}/${zip}`)) return reply.callNotFound();
      return reply
        .header('content-disposition', attachmentHeader(zip))
        .header('cache-control', cacheControl)
        .sendFile(`${key}/${zip}`, { cacheControl: false });
    });
  });
}

/**
 * Results hold the user's texts (a brand kit's guide page and SVG logo name the game): opened on
 * their own, they show pictures and run nothing, in an opaque origin of their own.
 */
export const RESULT_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * /generated/<job id>/... (results), /generated/catalog/<version>/... (gallery pictures, rendered
 * on first request when missing) and /zips/<key>/<name>.zip. Result and gallery URLs name their
 * content for good (job identity and renderer version are in the path), so browsers keep them a
 * year; nosniff comes with the security headers every answer carries.
 */
export async function registerGenerationFiles(app: FastifyInstance, options: { files: DataFiles; catalog: TemplateGallery; galleryWaitMs?: number }): Promise<void> {
  const { files, catalog, galleryWaitMs = GALLERY_WAIT_MS } = options;
  const { dataDir } = files;
  for (const dir of [generatedDir(dataDir), catalogRoot(dataDir), zipsDir(dataDir)]) fs.mkdirSync(dir, { recursive: true });
  const forever = { decorateReply: false, index: false, maxAge: '365d', immutable: true, allowedPath: noLinksOut() } as const;
  const year = cacheFor(365 * 24 * 3600, true);

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', RESULT_CONTENT_SECURITY_POLICY);
    });
    if (files.shared) serveStored(scope, files, { urlPrefix: GENERATED_URL_PREFIX, keyPrefix: 'generated', cacheControl: year });
    else await servePublicStatic(scope, { ...forever, root: generatedDir(dataDir), prefix: GENERATED_URL_PREFIX });
  });

  // Its own context, so that the on-demand hook runs for gallery URLs only.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if ((await catalog.pictureWithin(request.url.split('?')[0], galleryWaitMs)) !== 'rendering') return;
      // Come back soon, and keep nothing: the picture is a moment away (the SPA's pictures ask again).
      return reply
        .code(503)
        .header('retry-after', String(GALLERY_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(GenerationMessages.galleryPictureRendering);
    });
    if (files.shared) serveStored(scope, files, { urlPrefix: CATALOG_URL_PREFIX, keyPrefix: 'catalog', cacheControl: year });
    else await servePublicStatic(scope, { ...forever, root: catalogRoot(dataDir), prefix: CATALOG_URL_PREFIX });
  });

  await registerZipDownloads(app, zipsDir(dataDir), files);
}
