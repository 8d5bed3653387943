import type { PhonePreviewAnswer, PublishAnswer } from '../../contract/builder';
import type { TemplatePage, ZipAnswer } from '../../contract/generation';
import type {
  CreateSiteAnswer,
  CreateSiteRequest,
  MusicItem,
  SiteCategory,
  SiteTemplate,
  SiteTemplateListRequest,
  SiteZipRequest,
  TemplateConfigAnswer,
  TemplateConfigRequest,
  UploadAnswer,
} from '../../contract/miniSite';
import { Limits } from '../../contract/limits';
import { postFile, type UploadProgress } from './fileUpload';
import { call } from './http';

/** Rendering a site (after waiting a while for the banner's phone cut) outlasts the usual 10 s. */
export const CREATE_SITE_TIMEOUT_MS = Limits.createSiteTimeoutMs;

/*
 * Every call here opts out of the global error handling: the lists are silent on failure (spec
 * section 7) and the mini-site sagas show the contract's own texts ('网站生成失败，请稍后重试',
 * '图片上传失败'...) or the server's, so one failure gives the user one message.
 */

/** POST /index/minisite/getTemplateCategory: the category bar of the site template list. */
export function getTemplateCategory(): Promise<{ data: SiteCategory[] }> {
  return call<{ data: SiteCategory[] }>({ method: 'POST', url: '/index/minisite/getTemplateCategory', skipErrorHandler: true });
}

/** POST /index/minisite/getTemplateList: one page of site templates; category_id 0 is every category. */
export function getTemplateList(body: SiteTemplateListRequest): Promise<TemplatePage<SiteTemplate>> {
  return call<TemplatePage<SiteTemplate>>({ method: 'POST', url: '/index/minisite/getTemplateList', data: body, skipErrorHandler: true });
}

/** POST /index/minisite/getTemplateConfig: the groups of fields a template is configured with. */
export function getTemplateConfig(body: TemplateConfigRequest): Promise<TemplateConfigAnswer> {
  return call<TemplateConfigAnswer>({ method: 'POST', url: '/index/minisite/getTemplateConfig', data: body, skipErrorHandler: true });
}

/** POST /index/minisite/getMusicList: the background music a music field chooses from. */
export function getMusicList(): Promise<{ data: MusicItem[] }> {
  return call<{ data: MusicItem[] }>({ method: 'POST', url: '/index/minisite/getMusicList', skipErrorHandler: true });
}

/** POST /index/minisite/upload (multipart, field `image`): one picture for an image field, with its progress. */
export function uploadImage(file: Blob, fileName: string, onProgress?: UploadProgress, signal?: AbortSignal): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('image', file, fileName);
  return postFile<UploadAnswer>('/index/minisite/upload', form, onProgress, signal);
}

/** POST /index/minisite/createSite (login required): renders the site and answers where to preview it. */
export function createSite(body: CreateSiteRequest): Promise<CreateSiteAnswer> {
  return call<CreateSiteAnswer>({ method: 'POST', url: '/index/minisite/createSite', data: body, timeout: CREATE_SITE_TIMEOUT_MS, skipErrorHandler: true });
}

/** POST /index/minisite/phonePreview (login required; the creator's site only): 手机预览's signed link and QR code. */
export function phonePreview(body: SiteZipRequest): Promise<PhonePreviewAnswer> {
  return call<PhonePreviewAnswer>({ method: 'POST', url: '/index/minisite/phonePreview', data: body });
}

/** POST /index/minisite/getDownloadZipUrl (login required; the creator's site only): packs the site. */
export function getDownloadZipUrl(body: SiteZipRequest): Promise<ZipAnswer> {
  return call<ZipAnswer>({ method: 'POST', url: '/index/minisite/getDownloadZipUrl', data: body, skipErrorHandler: true });
}

/** POST /index/minisite/publish (the creator's site only): 发布; answers the link and its QR code. */
export function publishSite(body: SiteZipRequest): Promise<PublishAnswer> {
  return call<PublishAnswer>({ method: 'POST', url: '/index/minisite/publish', data: body });
}

/** POST /index/minisite/unpublish: 下线. */
export function unpublishSite(body: SiteZipRequest): Promise<null> {
  return call<null>({ method: 'POST', url: '/index/minisite/unpublish', data: body });
}

/** POST /index/minisite/publishState: the site's link and QR code if published, else ''. */
export function publishState(body: SiteZipRequest): Promise<PublishAnswer> {
  return call<PublishAnswer>({ method: 'POST', url: '/index/minisite/publishState', data: body });
}
