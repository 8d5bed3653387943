import type { OperateLogRequest } from '../../contract/auth';
import type { CheckLoginAnswer, CheckOnlineAnswer, SiteConfig, VideoTutorialAnswer, VideoTutorialRequest } from '../../contract/common';
import { call } from './http';

/**
 * GET /index/index/getSiteConfig: the public site settings of headers and footers. Silent on
 * failure: the cached copy stays and the user has nothing to do about it.
 */
export function getSiteConfig(): Promise<SiteConfig> {
  return call<SiteConfig>({ method: 'GET', url: '/index/index/getSiteConfig', skipErrorHandler: true });
}

/** POST /index/common/checkLogin */
export function checkLogin(): Promise<CheckLoginAnswer> {
  return call<CheckLoginAnswer>({ method: 'POST', url: '/index/common/checkLogin' });
}

/** POST /index/common/checkOnline: whether generation may start (it needs an online session). */
export function checkOnline(): Promise<CheckOnlineAnswer> {
  return call<CheckOnlineAnswer>({ method: 'POST', url: '/index/common/checkOnline' });
}

/** POST /api/Auth/recordOperateLog: visit tracking, which must never show the user an error. */
export function recordOperateLog(payload: OperateLogRequest): Promise<unknown> {
  return call<unknown>({ method: 'POST', url: '/api/Auth/recordOperateLog', data: payload, skipErrorHandler: true });
}

/** POST /index/index/getVideoTutorialUrl */
export function getVideoTutorialUrl(payload: VideoTutorialRequest): Promise<VideoTutorialAnswer> {
  return call<VideoTutorialAnswer>({ method: 'POST', url: '/index/index/getVideoTutorialUrl', data: payload });
}
