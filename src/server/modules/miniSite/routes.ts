import type { FastifyInstance } from 'fastify';
import { requestOrigin } from '../../http/requestOrigin';
import { MiniSiteLimits, MiniSiteMessages, type CreateSiteRequest, type SiteTemplateListRequest, type SiteZipRequest, type TemplateConfigRequest } from '../../../contract/miniSite';
import { bodyDefaultsToObject } from '../../http/bodyDefaults';
import { invalid, ok, tooMany } from '../../http/envelope';
import { currentUser } from '../auth/currentUser';
import { ownHostKeys } from '../generation/zip';
import type { MiniSiteLimiters } from './rateLimits';
import * as schemas from './schemas';
import type { MiniSiteService } from './service';
import { receiveUpload, refuseLargeBodies, registerUploadScope, tooLargeReply } from '../uploads/receiveUpload';
import { MINI_SITE_UPLOAD_POLICY, type UploadStore } from '../uploads/uploadStore';
import { limitKeyOf } from '../../security/clientAddress';
import type { StorageQuota } from '../storageQuota/storageQuota';
import { chargeUpload } from '../storageQuota/chargeUpload';

export interface MiniSiteRouteDeps {
  service: MiniSiteService;
  uploads: UploadStore;
  limiters: MiniSiteLimiters;
  publicOrigin: string;
  /** A logged-in user's upload counts against their quota. */
  quota: StorageQuota;
}

/** Paths of DESIGN.md section 5; createSite and getDownloadZipUrl need a login (HTTP 401 without). */
export async function registerMiniSiteRoutes(app: FastifyInstance, deps: MiniSiteRouteDeps): Promise<void> {
  const { service, uploads, limiters, publicOrigin, quota } = deps;

  /** POST /index/minisite/getTemplateCategory */
  app.post('/index/minisite/getTemplateCategory', { config: { access: 'public' }, schema: schemas.categoriesSchema }, async () => ok({ data: service.categories() }));

  /** POST /index/minisite/getTemplateList */
  app.post<{ Body: SiteTemplateListRequest }>('/index/minisite/getTemplateList', { config: { access: 'public' }, schema: schemas.templateListSchema, preValidation: bodyDefaultsToObject }, async (request) =>
    ok(service.templateList(request.body)),
  );

  /** POST /index/minisite/getTemplateConfig */
  app.post<{ Body: TemplateConfigRequest }>('/index/minisite/getTemplateConfig', { config: { access: 'public' }, schema: schemas.templateConfigSchema, preValidation: bodyDefaultsToObject }, async (request) =>
    ok(await service.templateConfig(request.body.templateId)),
  );

  /** POST /index/minisite/getMusicList */
  app.post('/index/minisite/getMusicList', { config: { access: 'public' }, schema: schemas.musicListSchema }, async () => ok({ data: service.musicList() }));

  /** POST /index/minisite/createSite */
  app.post<{ Body: CreateSiteRequest }>('/index/minisite/createSite', { schema: schemas.createSiteSchema, config: { access: 'user' } }, async (request) =>
    ok(await service.createSite(request.body, currentUser(request), limitKeyOf(request), ownHostKeys(request.host, publicOrigin)), MiniSiteMessages.createSucceeded),
  );

  /** POST /index/minisite/getDownloadZipUrl */
  app.post<{ Body: SiteZipRequest }>('/index/minisite/getDownloadZipUrl', { schema: schemas.siteZipSchema, config: { access: 'user' } }, async (request) =>
    ok(await service.zip(request.body.webSiteDir, currentUser(request), publicOrigin || requestOrigin(request))),
  );

  /** POST /index/minisite/phonePreview: 手机预览 of one of the caller's sites. */
  app.post<{ Body: SiteZipRequest }>('/index/minisite/phonePreview', { schema: schemas.phonePreviewSchema, config: { access: 'user' } }, async (request) =>
    ok(await service.phonePreview(request.body.webSiteDir, currentUser(request), publicOrigin || requestOrigin(request))),
  );

  await registerUploadScope(app, MiniSiteLimits.uploadMaxBytes, (scope) => {
    /** POST /index/minisite/upload (multipart, field `image`; anonymous allowed, limited by IP) */
    scope.post('/index/minisite/upload', { config: { access: 'public' }, schema: schemas.uploadSchema, onRequest: refuseLargeBodies(MiniSiteLimits.uploadMaxBytes, MiniSiteMessages.uploadTooLarge) }, async (request, reply) => {
      const user = request.user;
      const address = limitKeyOf(request);
      if (!(await limiters.uploadPerIp.take(address)) || (user && !(await limiters.uploadPerUser.take(String(user.id)))) || !(await limiters.uploadBytesPerIp.hasRoom(address))) {
        throw tooMany();
      }
      if (user) await quota.assertRoom(user.id);
      const { outcome } = await receiveUpload(request, uploads, MINI_SITE_UPLOAD_POLICY, MiniSiteMessages.uploadFailed);
      await limiters.uploadBytesPerIp.spend(address, outcome.bytes);
      if (outcome.type === 'tooLarge') return tooLargeReply(reply, MiniSiteMessages.uploadTooLarge);
      if (outcome.type === 'refused') throw invalid(outcome.message);
      if (user) await chargeUpload(quota, uploads, user.id, outcome);
      return ok({ shortUrl: outcome.shortUrl, url: publicOrigin ? `${publicOrigin}${outcome.shortUrl}` : outcome.shortUrl });
    });
  });
}
