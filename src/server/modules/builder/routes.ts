import type { FastifyInstance } from 'fastify';
import {
  BuilderLimits,
  BuilderMessages,
  COMPONENT_LIST_PATHS,
  COMPONENT_TYPES,
  type CompleteWebRequest,
  type GenerateBannerRequest,
  type GetWebUrlRequest,
  type RestoreVersionRequest,
  type SaveConfigRequest,
  type SetAllConfigLogoRequest,
  type SetBannerPreviewRequest,
  type SetWebMusicRequest,
  type SiteIdRequest,
  type SiteListRequest,
} from '../../../contract/builder';
import { SiteDeletionMessages } from '../../../contract/siteDeletion';
import { bodyDefaultsToObject } from '../../http/bodyDefaults';
import { invalid, ok, tooMany } from '../../http/envelope';
import { currentUser } from '../auth/currentUser';
import { receiveUpload, refuseLargeBodies, registerUploadScope, tooLargeReply } from '../uploads/receiveUpload';
import type { UploadStore } from '../uploads/uploadStore';
import { BANNER_STATUS_PATH, type BannerService } from './banner';
import type { SiteCompletion } from './completion';
import type { SiteLogos } from './siteLogos';
import type { SiteDeletion } from './siteDeletion';
import type { ComponentCatalogue } from './components';
import type { BuilderLimiters } from './rateLimits';
import * as schemas from './schemas';
import type { BuilderService } from './service';
import { siteList } from './siteList';
import { BUILDER_UPLOAD_POLICY, siteFileUpload } from './siteUpload';
import type { BuilderRepository } from './repository';
import { publishedOriginFor, type SitePublishing } from '../publishing/sitePublishing';
import { limitKeyOf } from '../../security/clientAddress';
import { requestOrigin } from '../../http/requestOrigin';
import type { StorageQuota } from '../storageQuota/storageQuota';
import { chargeUpload } from '../storageQuota/chargeUpload';

/** opt_ids as an array of ids or a comma-separated string; null (no filter) when absent or empty. */
export function optIds(raw: unknown): number[] | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const parts: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  const ids = parts.map((part) => Number(typeof part === 'string' ? part.trim() : part)).filter((id) => Number.isInteger(id) && id > 0);
  return parts.length ? ids.slice(0, 200) : null;
}

export interface BuilderRouteDeps {
  service: BuilderService;
  completion: SiteCompletion;
  banners: BannerService;
  logos: SiteLogos;
  deletion: SiteDeletion;
  catalogue: ComponentCatalogue;
  repo: BuilderRepository;
  uploads: UploadStore;
  limiters: BuilderLimiters;
  /** PUBLIC_ORIGIN: where phones reach this server ('' for the request's own). */
  publicOrigin: string;
  publishing: SitePublishing;
  /** PUBLISH_ORIGIN: where published sites are served ('' for this server's own origin). */
  publishOrigin: string;
  quota: StorageQuota;
}

/**
 * The builder's calls (spec section 7, "Builder"), every one behind the login (HTTP 401 without):
 * the builder and the back office are logged-in screens, the picker lists included.
 */
export async function registerBuilderRoutes(app: FastifyInstance, deps: BuilderRouteDeps): Promise<void> {
  const { service, completion, banners, logos, deletion, catalogue, repo, uploads, limiters, publicOrigin, publishing, publishOrigin, quota } = deps;
  const publishedOrigin = publishedOriginFor({ publishOrigin, publicOrigin });
  const guarded = { config: { access: 'user' }, preValidation: bodyDefaultsToObject } as const;

  /** POST /api/createWeb/getWebUrl */
  app.post<{ Body: GetWebUrlRequest }>('/api/createWeb/getWebUrl', { ...guarded, schema: schemas.getWebUrlSchema }, async (request) =>
    ok(await service.getWebUrl(request.body, currentUser(request))),
  );

  /** POST /api/createWeb/getSelectConfig */
  app.post<{ Body: SiteIdRequest }>('/api/createWeb/getSelectConfig', { ...guarded, schema: schemas.siteIdSchema }, async (request) =>
    ok(await service.selectConfig(request.body.id, currentUser(request))),
  );

  /** POST /api/CreateWeb/saveConfig */
  app.post<{ Body: SaveConfigRequest }>('/api/CreateWeb/saveConfig', { ...guarded, schema: schemas.saveConfigSchema }, async (request) =>
    ok(await service.saveConfig(request.body, currentUser(request))),
  );

  /** POST /api/CreateWeb/completeWeb */
  app.post<{ Body: CompleteWebRequest }>('/api/CreateWeb/completeWeb', { ...guarded, schema: schemas.completeWebSchema }, async (request) =>
    ok(await completion.complete(request.body, currentUser(request), publicOrigin || requestOrigin(request)), BuilderMessages.completeSucceeded),
  );

  /** POST /api/createWeb/generateBanner */
  app.post<{ Body: GenerateBannerRequest }>('/api/createWeb/generateBanner', { ...guarded, schema: schemas.generateBannerSchema }, async (request) =>
    ok(await banners.generate(request.body, currentUser(request), limitKeyOf(request))),
  );

  /** POST /api/createWeb/siteLogo: the site's own logo before a banner is generated (SiteLogos). */
  app.post<{ Body: SiteIdRequest }>('/api/createWeb/siteLogo', { ...guarded, schema: schemas.siteIdSchema }, async (request) =>
    ok(await logos.follow(request.body.id, currentUser(request), limitKeyOf(request))),
  );

  /** GET /api/createWeb/bannerStatus?taskId= */
  app.get<{ Querystring: { taskId: string } }>(BANNER_STATUS_PATH, { config: { access: 'user', recentUser: true }, schema: schemas.bannerStatusSchema }, async (request) =>
    ok(await banners.status(request.query.taskId, currentUser(request))),
  );

  /** POST /api/createWeb/setBannerPreview */
  app.post<{ Body: SetBannerPreviewRequest }>('/api/createWeb/setBannerPreview', { ...guarded, schema: schemas.setBannerPreviewSchema }, async (request) =>
    ok(await banners.setBannerPreview(request.body, currentUser(request))),
  );

  /** POST /api/createWeb/setAllConfigLogo */
  app.post<{ Body: SetAllConfigLogoRequest }>('/api/createWeb/setAllConfigLogo', { ...guarded, schema: schemas.setAllConfigLogoSchema }, async (request) =>
    ok(await banners.setAllConfigLogo(request.body, currentUser(request))),
  );

  /** POST /api/createWeb/phonePreview: 手机预览's link and QR code. */
  app.post<{ Body: SiteIdRequest }>('/api/createWeb/phonePreview', { ...guarded, schema: schemas.phonePreviewSchema }, async (request) =>
    ok(await service.phonePreview(request.body.id, currentUser(request), publicOrigin || requestOrigin(request))),
  );

  /** POST /api/createWeb/setWebMusic */
  app.post<{ Body: SetWebMusicRequest }>('/api/createWeb/setWebMusic', { ...guarded, schema: schemas.setWebMusicSchema }, async (request) =>
    ok(await service.setWebMusic(request.body, currentUser(request))),
  );

  for (const type of COMPONENT_TYPES) {
    /** POST /api/template/get<Type>List */
    app.post<{ Body: { page: number; opt_ids?: unknown } }>(COMPONENT_LIST_PATHS[type], { ...guarded, schema: schemas.componentListSchema }, async (request) =>
      ok(catalogue.page(type, request.body.page, optIds(request.body.opt_ids))),
    );
  }

  /** GET /api/webSiteLog/getSiteList?page&page_size&name */
  app.get<{ Querystring: SiteListRequest }>('/api/webSiteLog/getSiteList', { config: { access: 'user' }, schema: schemas.siteListSchema }, async (request) =>
    ok(await siteList(repo, publishing, currentUser(request).id, request.query, publishedOrigin(request))),
  );

  /** GET /api/webSiteLog/getFilePath?id */
  app.get<{ Querystring: SiteIdRequest }>('/api/webSiteLog/getFilePath', { config: { access: 'user' }, schema: schemas.filePathSchema }, async (request) =>
    ok(await completion.filePath(request.query.id, currentUser(request), publicOrigin || requestOrigin(request))),
  );

  /** GET /api/webSiteLog/getVersions?id: the site's kept versions (历史版本), newest first. */
  app.get<{ Querystring: SiteIdRequest }>('/api/webSiteLog/getVersions', { config: { access: 'user' }, schema: schemas.versionsSchema }, async (request) =>
    ok(await service.versions(request.query.id, currentUser(request))),
  );

  /** POST /api/webSiteLog/restoreVersion: a version becomes the draft; answers the versions as they are after. */
  app.post<{ Body: RestoreVersionRequest }>('/api/webSiteLog/restoreVersion', { ...guarded, schema: schemas.restoreVersionSchema }, async (request) =>
    ok(await service.restoreVersion(request.body, currentUser(request))),
  );

  /** POST /api/webSiteLog/deleteSite: 删除 of an unpublished site, with its versions and files (SiteDeletion). */
  app.post<{ Body: SiteIdRequest }>('/api/webSiteLog/deleteSite', { ...guarded, schema: schemas.deleteSiteSchema }, async (request) => {
    await deletion.delete(request.body.id, currentUser(request));
    return ok(null, SiteDeletionMessages.succeeded);
  });

  await registerUploadScope(app, BuilderLimits.uploadMaxBytes, (scope) => {
    /** POST /api/Upload/siteFileUpload (multipart: `image`, and `id`, `type`, `data` naming the field) */
    scope.post(
      '/api/Upload/siteFileUpload',
      // The length check runs before the login check: a refusal of a huge body must not read it.
      { schema: schemas.siteFileUploadSchema, onRequest: refuseLargeBodies(BuilderLimits.uploadMaxBytes, BuilderMessages.uploadTooLarge), config: { access: 'user' } },
      async (request, reply) => {
        const user = currentUser(request);
        if (!(await limiters.uploadPerUser.take(String(user.id)))) throw tooMany();
        // At the quota the picture is not even read; under it, one that would pass it is refused once its size is known.
        await quota.assertRoom(user.id);
        const { outcome, fields } = await receiveUpload(request, uploads, BUILDER_UPLOAD_POLICY, BuilderMessages.uploadFailed);
        if (outcome.type === 'tooLarge') return tooLargeReply(reply, BuilderMessages.uploadTooLarge);
        if (outcome.type === 'refused') throw invalid(outcome.message);
        const answer = await siteFileUpload(service, uploads, user, fields, outcome.shortUrl);
        await chargeUpload(quota, uploads, user.id, outcome);
        return ok(answer);
      },
    );
  });
}
