import { Limits } from '../../contract/limits';
import type {
  BannerCutsAnswer,
  BannerCutsRequest,
  BannerTemplate,
  KeyArtProviderAnswer,
  LogoCreateAnswer,
  LogoCreateRequest,
  LogoCreationDurationAnswer,
  LogoCreationDurationRequest,
  LogoPollingAnswer,
  LogoPollingRequest,
  LogoTemplate,
  TemplatePage,
  TemplatePageRequest,
  ZipAnswer,
  ZipByFileRequest,
} from '../../contract/generation';
import { call } from './http';

/*
 * Every call here opts out of the global error handling: the catalogue is silent on failure
 * (spec section 7) and the generation and download sagas show the spec's own texts ('创建logo失败',
 * '轮询失败'...), so the user sees exactly one message for one failure.
 */

/** POST /index/common/logo: one page of logo styles. */
export function getLogoTemplates(body: TemplatePageRequest): Promise<TemplatePage<LogoTemplate>> {
  return call<TemplatePage<LogoTemplate>>({ method: 'POST', url: '/index/common/logo', data: body, skipErrorHandler: true });
}

/** POST /index/common/banner: one page of full-screen banner styles. */
export function getBannerTemplates(body: TemplatePageRequest): Promise<TemplatePage<BannerTemplate>> {
  return call<TemplatePage<BannerTemplate>>({ method: 'POST', url: '/index/common/banner', data: body, skipErrorHandler: true });
}

/** POST /index/common/logoCreate: queues a logo (tl, al) or a banner (fsa). Needs a login (HTTP 401 otherwise). */
export function logoCreate(body: LogoCreateRequest): Promise<LogoCreateAnswer> {
  return call<LogoCreateAnswer>({ method: 'POST', url: '/index/common/logoCreate', data: body, skipErrorHandler: true });
}

/** POST /index/common/logoPolling: the state of one queued job. A failed render answers expired with errorMsg. */
export function logoPolling(body: LogoPollingRequest): Promise<LogoPollingAnswer> {
  return call<LogoPollingAnswer>({ method: 'POST', url: '/index/common/logoPolling', data: body, skipErrorHandler: true });
}

/** POST /index/common/getLogoCreationDuration: the expected seconds from submit to result for a module and its styles. */
export function getLogoCreationDuration(body: LogoCreationDurationRequest): Promise<LogoCreationDurationAnswer> {
  return call<LogoCreationDurationAnswer>({ method: 'POST', url: '/index/common/getLogoCreationDuration', data: body, skipErrorHandler: true });
}

/** POST /index/common/createZipUrlByFile: packs generated files; the zip URL ends in the zip's file name. */
export function createZipUrlByFile(body: ZipByFileRequest): Promise<ZipAnswer> {
  return call<ZipAnswer>({ method: 'POST', url: '/index/common/createZipUrlByFile', data: body, timeout: Limits.zipRequestTimeoutMs, skipErrorHandler: true });
}

/** POST /index/common/bannerCuts: a banner's phone cut and WebM, once made after its MP4 (asking starts them). */
export function bannerCuts(body: BannerCutsRequest): Promise<BannerCutsAnswer> {
  return call<BannerCutsAnswer>({ method: 'POST', url: '/index/common/bannerCuts', data: body, skipErrorHandler: true });
}

/** POST /index/common/getKeyArtProvider: whether AI生成主视觉 is offered, under the AI service's own name. */
export function getKeyArtProvider(): Promise<KeyArtProviderAnswer> {
  return call<KeyArtProviderAnswer>({ method: 'POST', url: '/index/common/getKeyArtProvider', skipErrorHandler: true });
}
