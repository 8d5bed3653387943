import {
  COMPONENT_LIST_PATHS,
  type BannerStatusAnswer,
  type BuilderSite,
  type CompleteWebRequest,
  type ComponentListAnswer,
  type ComponentListRequest,
  type ComponentType,
  type GenerateBannerAnswer,
  type GenerateBannerRequest,
  type GetWebUrlRequest,
  type PhonePreviewAnswer,
  type SaveConfigRequest,
  type SetAllConfigLogoRequest,
  type SetBannerPreviewRequest,
  type SetWebMusicRequest,
  type SiteFileUploadAnswer,
  type SiteIdRequest,
  type ZipUrlAnswer,
} from '../../contract/builder';
import { Limits } from '../../contract/limits';
import { call, postOnUnload } from './http';
import { postFile, type UploadProgress } from './fileUpload';

/*
 * Every builder call opts out of the global error handling: the builder sagas say what failed in
 * the builder's own words (保存失败, 更换banner失败...) or the server's, and an auto-save that
 * fails offline must not toast on every retry.
 */

/** POST /api/createWeb/getWebUrl: a new site (id 0), or a site with one type's template switched. */
export function getWebUrl(body: GetWebUrlRequest): Promise<BuilderSite> {
  return call<BuilderSite>({ method: 'POST', url: '/api/createWeb/getWebUrl', data: body, skipErrorHandler: true });
}

/**
 * POST /api/createWeb/phonePreview: a link to the site's preview for a phone, signed for 30
 * minutes, with its QR code. Not quiet: the http layer says why one is refused, as for mini sites.
 */
export function phonePreview(body: SiteIdRequest): Promise<PhonePreviewAnswer> {
  return call<PhonePreviewAnswer>({ method: 'POST', url: '/api/createWeb/phonePreview', data: body });
}

/** POST /api/createWeb/getSelectConfig: an existing site of the caller's. */
export function getSelectConfig(body: SiteIdRequest): Promise<BuilderSite> {
  return call<BuilderSite>({ method: 'POST', url: '/api/createWeb/getSelectConfig', data: body, skipErrorHandler: true });
}

/** POST /api/CreateWeb/saveConfig as the page goes away: sent with keepalive, its answer unread. */
export function saveConfigOnUnload(body: SaveConfigRequest): boolean {
  return postOnUnload('/api/CreateWeb/saveConfig', body);
}

/** POST /api/CreateWeb/saveConfig: the whole form; answers the site re-rendered. */
export function saveConfig(body: SaveConfigRequest): Promise<BuilderSite> {
  return call<BuilderSite>({ method: 'POST', url: '/api/CreateWeb/saveConfig', data: body, skipErrorHandler: true });
}

/** POST /api/CreateWeb/completeWeb: renders, zips and completes the site; answers the zip's URL. */
export function completeWeb(body: CompleteWebRequest): Promise<ZipUrlAnswer> {
  return call<ZipUrlAnswer>({ method: 'POST', url: '/api/CreateWeb/completeWeb', data: body, timeout: Limits.bannerRequestTimeoutMs, skipErrorHandler: true });
}

/** POST /api/createWeb/generateBanner (spec section 9: 60 s timeout). */
export function generateBanner(body: GenerateBannerRequest): Promise<GenerateBannerAnswer> {
  return call<GenerateBannerAnswer>({ method: 'POST', url: '/api/createWeb/generateBanner', data: body, timeout: Limits.bannerRequestTimeoutMs, skipErrorHandler: true });
}

/** GET callbackUrl (`/api/createWeb/bannerStatus?taskId=`): one poll of a banner job. */
export function getBannerStatus(callbackUrl: string): Promise<BannerStatusAnswer> {
  return call<BannerStatusAnswer>({ method: 'GET', url: callbackUrl, skipErrorHandler: true });
}

/**
 * POST /api/createWeb/siteLogo: the site's own logo before a banner (the user's logo of this game,
 * else one drawn from its name); answers the site. It may wait for a logo through the queue.
 */
export function siteLogo(body: SiteIdRequest): Promise<BuilderSite> {
  return call<BuilderSite>({ method: 'POST', url: '/api/createWeb/siteLogo', data: body, timeout: Limits.bannerRequestTimeoutMs, skipErrorHandler: true });
}

/** POST /api/createWeb/setBannerPreview: the generated banner into the site's banner field. */
export function setBannerPreview(body: SetBannerPreviewRequest): Promise<BuilderSite> {
  return call<BuilderSite>({ method: 'POST', url: '/api/createWeb/setBannerPreview', data: body, skipErrorHandler: true });
}

/** POST /api/createWeb/setAllConfigLogo: the generated logo into every logo field. */
export function setAllConfigLogo(body: SetAllConfigLogoRequest): Promise<BuilderSite> {
  return call<BuilderSite>({ method: 'POST', url: '/api/createWeb/setAllConfigLogo', data: body, skipErrorHandler: true });
}

/** POST /api/createWeb/setWebMusic: musicId 0 turns the music off. */
export function setWebMusic(body: SetWebMusicRequest): Promise<BuilderSite> {
  return call<BuilderSite>({ method: 'POST', url: '/api/createWeb/setWebMusic', data: body, skipErrorHandler: true });
}

/** POST /api/template/get<Type>List: one page of a type's component templates for the picker. */
export function getComponentList(type: ComponentType, body: ComponentListRequest): Promise<ComponentListAnswer> {
  return call<ComponentListAnswer>({ method: 'POST', url: COMPONENT_LIST_PATHS[type], data: body, skipErrorHandler: true });
}

/** Which image field an upload is for: the site, the component type and the field's key. */
export interface SiteFileTarget {
  id: number;
  type: ComponentType;
  key: string;
}

/** POST /api/Upload/siteFileUpload (multipart: `image`, `id`, `type`, `data`), with its progress, until `signal` aborts it. */
export function siteFileUpload(file: Blob, fileName: string, target: SiteFileTarget, onProgress?: UploadProgress, signal?: AbortSignal): Promise<SiteFileUploadAnswer> {
  const form = new FormData();
  form.append('id', String(target.id));
  form.append('type', target.type);
  form.append('data', target.key);
  // The file goes last: a streaming server reads the fields before the bytes.
  form.append('image', file, fileName);
  return postFile<SiteFileUploadAnswer>('/api/Upload/siteFileUpload', form, onProgress, signal);
}
