import { readMeta } from '../../app/pageMeta';

/** WeChat's own browser names itself in the user agent; a QR code on its screen cannot be scanned. */
export function isWechatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** Whether the server's QR provider is a WeChat service account (wechat-mp writes the meta tag). */
export function wechatLoginConfigured(doc?: Document): boolean {
  if (typeof document === 'undefined' && !doc) return false;
  return readMeta('wechat-web-login', doc) === '1';
}

/**
 * Whether the login offers 微信一键登录 instead of a QR code: inside WeChat's browser, when the
 * server's QR provider can log in there (wechat-mp writes the meta tag).
 */
export function wechatOneClickOffered(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent, doc?: Document): boolean {
  return isWechatBrowser(userAgent) && wechatLoginConfigured(doc);
}

/** The server route that starts WeChat's web authorization and comes back to `redirect` (an SPA path). */
export function wechatAuthorizeUrl(redirect?: string): string {
  return redirect ? `/api/wxAuth/wechat/authorize?redirect=${encodeURIComponent(redirect)}` : '/api/wxAuth/wechat/authorize';
}
