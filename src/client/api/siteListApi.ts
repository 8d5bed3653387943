import type { PublishAnswer, RestoreVersionAnswer, RestoreVersionRequest, SiteIdRequest, SiteListAnswer, SiteListRequest, SiteVersionsAnswer, ZipUrlAnswer } from '../../contract/builder';
import { call } from './http';

/*
 * Both calls keep the global answer handling (spec section 8): a failed list or a refused zip is
 * told by the http layer (and a 401 ends the session there), so the saga adds no second message.
 */

/** GET /api/webSiteLog/getSiteList?page&page_size&name: one page of the user's builder sites. */
export function getSiteList(query: SiteListRequest): Promise<SiteListAnswer> {
  // An empty name is no filter: left out, so the address stays the plain page query.
  const params: SiteListRequest = query.name ? query : { page: query.page, page_size: query.page_size };
  return call<SiteListAnswer>({ method: 'GET', url: '/api/webSiteLog/getSiteList', params });
}

/** GET /api/webSiteLog/getFilePath?id: the zip of a completed site. */
export function getFilePath(query: SiteIdRequest): Promise<ZipUrlAnswer> {
  return call<ZipUrlAnswer>({ method: 'GET', url: '/api/webSiteLog/getFilePath', params: query });
}

/** GET /api/webSiteLog/getVersions?id: the kept versions of one of the user's sites, newest first. */
export function getVersions(query: SiteIdRequest): Promise<SiteVersionsAnswer> {
  return call<SiteVersionsAnswer>({ method: 'GET', url: '/api/webSiteLog/getVersions', params: query });
}

/** POST /api/webSiteLog/restoreVersion: a version becomes the draft; answers the versions after. */
export function restoreVersion(body: RestoreVersionRequest): Promise<RestoreVersionAnswer> {
  return call<RestoreVersionAnswer>({ method: 'POST', url: '/api/webSiteLog/restoreVersion', data: body });
}

/** POST /api/webSiteLog/publish: 发布 or 更新发布 from the site's last 生成并下载; answers the link and its QR code. */
export function publishSite(body: SiteIdRequest): Promise<PublishAnswer> {
  return call<PublishAnswer>({ method: 'POST', url: '/api/webSiteLog/publish', data: body });
}

/** POST /api/webSiteLog/unpublish: 下线. */
export function unpublishSite(body: SiteIdRequest): Promise<null> {
  return call<null>({ method: 'POST', url: '/api/webSiteLog/unpublish', data: body });
}

/** POST /api/webSiteLog/deleteSite: 删除 of an unpublished site, its versions and files. */
export function deleteSite(body: SiteIdRequest): Promise<null> {
  return call<null>({ method: 'POST', url: '/api/webSiteLog/deleteSite', data: body });
}

/** POST /api/publish/requestReview: the owner of a page an operator took down asks for it back (申请复审). */
export function requestReview(slug: string): Promise<null> {
  return call<null>({ method: 'POST', url: '/api/publish/requestReview', data: { slug } });
}
