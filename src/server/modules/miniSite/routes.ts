import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AnswerCode } from '../../../contract/envelope';
import { MiniSiteLimits, MiniSiteMessages, type CreateSiteRequest, type SiteTemplateListRequest, type SiteZipRequest, type TemplateConfigRequest } from '../../../contract/miniSite';
import { BusinessError, fail, invalid, ok, tooMany } from '../../http/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { ownHostKeys } from '../generation/zip';
import type { MiniSiteLimiters } from './rateLimits';
import * as schemas from './schemas';
import type { MiniSiteService } from './service';
import type { UploadOutcome, UploadStore } from './uploads';

/** Room for the multipart framing and a few small fields around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Calls whose parameters all have defaults may come without a body at all. */
async function bodyDefaultsToObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

function tooLarge(reply: FastifyReply): FastifyReply {
  // The client may still be sending: closing the connection stops it, instead of reading it all.
  return reply.code(413).header('connection', 'close').send(fail(413, MiniSiteMessages.uploadTooLarge));
}

/** A declared length past the limit is refused before a byte of the body is read. */
async function refuseLargeBodies(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MiniSiteLimits.uploadMaxBytes + MULTIPART_OVERHEAD_BYTES) return tooLarge(reply);
  return undefined;
}

export interface MiniSiteRouteDeps {
  service: MiniSiteService;
  uploads: UploadStore;
  limiters: MiniSiteLimiters;
  publicOrigin: string;
}

/** Paths of DESIGN.md section 5; createSite and getDownloadZipUrl need a login (HTTP 401 without). */
export async function registerMiniSiteRoutes(app: FastifyInstance, deps: MiniSiteRouteDeps): Promise<void> {
  const { service, uploads, limiters, publicOrigin } = deps;

  /** POST /index/minisite/getTemplateCategory */
  app.post('/index/minisite/getTemplateCategory', { schema: schemas.categoriesSchema }, async () => ok({ data: service.categories() }));

  /** POST /index/minisite/getTemplateList */
  app.post<{ Body: SiteTemplateListRequest }>('/index/minisite/getTemplateList', { schema: schemas.templateListSchema, preValidation: bodyDefaultsToObject }, async (request) =>
    ok(service.templateList(request.body)),
  );

  /** POST /index/minisite/getTemplateConfig */
  app.post<{ Body: TemplateConfigRequest }>('/index/minisite/getTemplateConfig', { schema: schemas.templateConfigSchema, preValidation: bodyDefaultsToObject }, async (request) =>
    ok(service.templateConfig(request.body.templateId)),
  );

  /** POST /index/minisite/getMusicList */
  app.post('/index/minisite/getMusicList', { schema: schemas.musicListSchema }, async () => ok({ data: service.musicList() }));

  /** POST /index/minisite/createSite */
  app.post<{ Body: CreateSiteRequest }>('/index/minisite/createSite', { schema: schemas.createSiteSchema, preHandler: requireUser }, async (request) =>
    ok(await service.createSite(request.body, currentUser(request), request.ip, ownHostKeys(request.host, publicOrigin)), MiniSiteMessages.createSucceeded),
  );

  /** POST /index/minisite/getDownloadZipUrl */
  app.post<{ Body: SiteZipRequest }>('/index/minisite/getDownloadZipUrl', { schema: schemas.siteZipSchema, preHandler: requireUser }, async (request) =>
    ok(service.zip(request.body.webSiteDir, currentUser(request))),
  );

  // Multipart is parsed in this scope only: no other route accepts it.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // The parser stops the file at the limit and marks it truncated; the route answers 413.
      throwFileSizeLimit: false,
      limits: { fileSize: MiniSiteLimits.uploadMaxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    });

    /** POST /index/minisite/upload (multipart, field `image`; anonymous allowed, limited by IP) */
    scope.post('/index/minisite/upload', { schema: schemas.uploadSchema, onRequest: refuseLargeBodies }, async (request, reply) => {
      const user = request.user;
      if (!limiters.uploadPerIp.take(request.ip) || (user && !limiters.uploadPerUser.take(String(user.id))) || !limiters.uploadBytesPerIp.hasRoom(request.ip)) {
        throw tooMany();
      }
      if (!request.isMultipart()) throw invalid(MiniSiteMessages.uploadMissing);
      let outcome: UploadOutcome;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'image') {
          part?.file.resume();
          throw invalid(MiniSiteMessages.uploadMissing);
        }
        outcome = await uploads.save(part.file, () => part.file.truncated);
      } catch (error) {
        if (error instanceof BusinessError) throw error;
        // A body that is not well-formed multipart, or a connection cut mid-file.
        request.log.info({ err: error }, 'upload failed');
        throw new BusinessError(AnswerCode.invalid, MiniSiteMessages.uploadFailed);
      }
      limiters.uploadBytesPerIp.spend(request.ip, outcome.bytes);
      if (outcome.type === 'tooLarge') return tooLarge(reply);
      if (outcome.type === 'refused') throw invalid(outcome.message);
      return ok({ shortUrl: outcome.shortUrl, url: publicOrigin ? `${publicOrigin}${outcome.shortUrl}` : outcome.shortUrl });
    });
  });
}
