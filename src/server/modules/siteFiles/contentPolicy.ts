import type { FastifyReply } from 'fastify';
import { RESERVE_PREFIX } from '../../../contract/reservations';
import { WECHAT_JS_CONFIG_PATH } from '../../../contract/wechatShare';
import { WECHAT_JS_SDK_ORIGIN } from '../../render/site/wechatShareScript';

/**
 * What a user's page may do in the browser. A created site is a user's page: its scripts and
 * styles from its own folder (the renderer writes no inline script), no plugins, no forms, no
 * <base>, nothing fetched from elsewhere, and framing by our own pages only (the builder's and the
 * mini site's preview frames). Published copies and phone previews are served with it too.
 *
 * `sandbox` gives the page an opaque origin of its own, even when it is served on the app's origin
 * (no PUBLISH_ORIGIN): a script that got into it can read neither the app's localStorage, where the
 * SPA keeps the login token, nor its cookies, nor the SPA through `window.parent`. The page's own
 * script still runs (banner video, music switch, phone menu), and its links to other sites open
 * in new tabs that are not sandboxed (download buttons, trailers). No allow-same-origin, ever: with
 * it a script on the page would be the app again; no allow-forms (form-action 'none').
 */
export const SITE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox',
].join('; ');

/**
 * The policy of published copies, which may carry the 预约 block: their script calls the public
 * 预约 routes (and nothing else of the app) at PUBLIC_ORIGIN, which with PUBLISH_ORIGIN is not the
 * page's own origin. Safe for every published page, block or not: those routes answer any origin
 * without credentials, so a page's script reaches nothing through them that any other website
 * could not. Without PUBLIC_ORIGIN the block calls the origin it was published from, the app's
 * own, which 'self' already allows when pages are served there (with PUBLISH_ORIGIN and no
 * PUBLIC_ORIGIN the block cannot reach the app: README, "Publishing").
 */
export function publishedPagePolicy(publicOrigin: string, wechatShare = false): string {
  let policy = SITE_CONTENT_SECURITY_POLICY;
  // WeChat's share card (modules/wechatShare): its JS-SDK, the one script from elsewhere, and the signing route.
  if (wechatShare) policy = policy.replace("script-src 'self'", `script-src 'self' ${WECHAT_JS_SDK_ORIGIN}`);
  if (!publicOrigin) return policy;
  const routes = [`${publicOrigin}${RESERVE_PREFIX}`, ...(wechatShare ? [`${publicOrigin}${WECHAT_JS_CONFIG_PATH}`] : [])];
  return policy.replace("default-src 'self'", `default-src 'self'; connect-src 'self' ${routes.join(' ')}`);
}

/** Fonts are fetched in CORS mode, even from a page's own folder. */
const FONT_FILE = /\.(?:woff2?|ttf|otf)$/i;

/**
 * The headers of every answer from a user page's folder (/sites/, /pub/, /m/): the policy above,
 * and what the page's opaque origin needs to load its own files from this server, which to the
 * browser is now another origin. Cross-Origin-Resource-Policy: cross-origin, or the browser drops
 * its pictures, script and video (the app's answers say same-origin); and for fonts, which are
 * fetched with CORS, Access-Control-Allow-Origin: *. Both give nothing away: these files are
 * public to whoever holds their address, and no cookie or login is ever part of them.
 */
export function userPageHeaders(reply: FastifyReply, url: string, policy: string = SITE_CONTENT_SECURITY_POLICY): void {
  reply.header('content-security-policy', policy).header('cross-origin-resource-policy', 'cross-origin');
  if (FONT_FILE.test(url.split(/[?#]/)[0])) reply.header('access-control-allow-origin', '*');
}
