import type { FastifyInstance } from 'fastify';
import { BuilderMessages, type SiteIdRequest } from '../../../contract/builder';
import type { SiteZipRequest } from '../../../contract/miniSite';
import { bodyDefaultsToObject } from '../../http/bodyDefaults';
import { requestOrigin } from '../../http/requestOrigin';
import { ok } from '../../http/envelope';
import { currentUser } from '../auth/currentUser';
import type { PublishableSites, ShownSites } from './publishableSites';
import * as schemas from './schemas';
import { SitePublishing, publishedOriginFor } from './sitePublishing';

export interface PublishingRouteDeps {
  publishing: SitePublishing;
  builderSites: PublishableSites<number>;
  miniSites: PublishableSites<string> & ShownSites<string>;
  /** PUBLIC_ORIGIN: where phones reach this server ('' for the request's own). */
  publicOrigin: string;
  /** PUBLISH_ORIGIN: where published sites are served ('' for this server's own origin). */
  publishOrigin: string;
}

/**
 * 发布 / 更新发布 / 下线 of builder and mini sites, and a mini site's publish state: each kind of
 * site checks the caller's request its own way (PublishableSites), publishing keeps the copies.
 */
export function registerPublishingRoutes(app: FastifyInstance, deps: PublishingRouteDeps): void {
  const { publishing, builderSites, miniSites, publicOrigin, publishOrigin } = deps;
  const publishedOrigin = publishedOriginFor({ publishOrigin, publicOrigin });

  /** POST /api/webSiteLog/publish: 发布 / 更新发布 from the site's last 生成并下载. */
  app.post<{ Body: SiteIdRequest }>('/api/webSiteLog/publish', { config: { access: 'user' }, preValidation: bodyDefaultsToObject, schema: schemas.builderPublishSchema }, async (request) => {
    const user = currentUser(request);
    const slug = await publishing.publish(await builderSites.toPublish(request.body.id, user), user.id, publicOrigin || requestOrigin(request), publishedOrigin(request));
    return ok(await SitePublishing.answer(slug, publishedOrigin(request)), BuilderMessages.publishSucceeded);
  });

  /** POST /api/webSiteLog/unpublish: 下线. */
  app.post<{ Body: SiteIdRequest }>('/api/webSiteLog/unpublish', { config: { access: 'user' }, preValidation: bodyDefaultsToObject, schema: schemas.builderUnpublishSchema }, async (request) => {
    await publishing.unpublish(await builderSites.toUnpublish(request.body.id, currentUser(request)));
    return ok(null, BuilderMessages.unpublishSucceeded);
  });

  /** POST /index/minisite/publish: 发布 of one of the caller's sites (again: its link and QR code). */
  app.post<{ Body: SiteZipRequest }>('/index/minisite/publish', { schema: schemas.miniSitePublishSchema, config: { access: 'user' } }, async (request) => {
    const user = currentUser(request);
    const slug = await publishing.publish(await miniSites.toPublish(request.body.webSiteDir, user), user.id, publicOrigin || requestOrigin(request), publishedOrigin(request));
    return ok(await SitePublishing.answer(slug, publishedOrigin(request)), BuilderMessages.publishSucceeded);
  });

  /** POST /index/minisite/unpublish: 下线. */
  app.post<{ Body: SiteZipRequest }>('/index/minisite/unpublish', { schema: schemas.miniSiteUnpublishSchema, config: { access: 'user' } }, async (request) => {
    await publishing.unpublish(await miniSites.toUnpublish(request.body.webSiteDir, currentUser(request)));
    return ok(null, BuilderMessages.unpublishSucceeded);
  });

  /** POST /index/minisite/publishState: the site's link and QR code if published, else ''. */
  app.post<{ Body: SiteZipRequest }>('/index/minisite/publishState', { schema: schemas.miniSitePublishStateSchema, config: { access: 'user' } }, async (request) => {
    const slug = await publishing.slugOf(await miniSites.toShow(request.body.webSiteDir, currentUser(request)));
    if (!slug) return ok({ url: '', qrcode: '' });
    const takedown = (await publishing.takedownsOf([slug])).get(slug) ?? null;
    return ok({ ...(await SitePublishing.answer(slug, publishedOrigin(request))), takedown });
  });
}
