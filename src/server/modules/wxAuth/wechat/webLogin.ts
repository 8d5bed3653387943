/**
 * 微信一键登录: inside WeChat's own browser a QR code cannot be scanned, so the page logs in through
 * the service account's web authorization (snsapi_base). Three routes, all for a visitor who is
 * not logged in (nobody needs a token; what admits each step is a cookie the previous step set):
 * - GET  /api/wxAuth/wechat/authorize?redirect=/path  -> WeChat's authorize page, with a `state`
 *   bound to this browser by a signed HttpOnly cookie;
 * - GET  /api/wxAuth/wechat/authorized?code&state     -> (state checked) code -> openid -> the same
 *   account as a scan, confirmed on a fresh login ticket held in another such cookie; then back to
 *   the SPA's login page, which finishes the login;
 * - POST /api/wxAuth/wechat/session                   -> the SPA takes the token, once.
 * The token never travels in a URL: a leaked link logs nobody in.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginAnswer } from '../../../../contract/auth';
import { AnswerCode } from '../../../../contract/envelope';
import { Messages } from '../../../../contract/messages';
import { Security } from '../../../../contract/limits';
import { BusinessError, ok } from '../../../http/envelope';
import { perIp } from '../../../http/rateLimits';
import { randomToken, safeEqual } from '../../../security/secrets';
import { object, responses, str } from '../../../http/schemaKit';
import { userInfoSchema } from '../../auth/schemas';
import { resultPage, sendHtml } from '../scanPages';
import type { QrLoginService } from '../service';
import { WechatApiError, type WechatApi, type WechatIdentity } from './api';
import type { WechatConfig } from './config';

export const AUTHORIZE_PATH = '/api/wxAuth/wechat/authorize';
export const AUTHORIZED_PATH = '/api/wxAuth/wechat/authorized';
export const SESSION_PATH = '/api/wxAuth/wechat/session';
export const STATE_COOKIE = 'wx_oauth_state';
export const LOGIN_COOKIE = 'wx_oauth_login';
const COOKIE_PATH = '/api/wxAuth/wechat';
/** WeChat's authorize page and the way back: minutes, not more. */
const STATE_SECONDS = 600;
const UNIONID_TIMEOUT_MS = 2000;

export interface WebLoginDeps {
  config: WechatConfig;
  api: WechatApi;
  service: QrLoginService;
  /** PUBLIC_ORIGIN, or '' for the request's own. */
  publicOrigin: string;
  log: FastifyBaseLogger;
}

/** The SPA's login page (its router's basename is /user). */
export const LOGIN_PAGE = '/user/auth/login';

/**
 * A path of the SPA to come back to (as its `redirect` query has them, without the basename);
 * anything else (another origin, `//host`, `/\host`) becomes '', the SPA's default.
 */
export function safeReturnPath(value: string | undefined): string {
  if (!value || value.length > 512 || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return '';
  return value;
}

/** The login page, told to finish a WeChat web login and where to go next. */
function loginPageUrl(redirect: string): string {
  return `${LOGIN_PAGE}?${new URLSearchParams({ wxLogin: '1', ...(redirect ? { redirect } : {}) }).toString()}`;
}

const BACK_TO_LOGIN = { href: LOGIN_PAGE, label: Messages.backToLogin };

const authorizeSchema = { querystring: object({ redirect: str(512, { default: '' }) }) };
const authorizedSchema = { querystring: object({ code: str(512, { default: '' }), state: str(64, { default: '' }) }) };
const sessionSchema = {
  response: responses(object({ token: { type: 'string' }, userInfo: userInfoSchema }, ['token', 'userInfo'])),
};

export function registerWechatWebLogin(app: FastifyInstance, deps: WebLoginDeps): void {
  const { config, api, service } = deps;
  const cookieOptions = (request: FastifyRequest, maxAge: number) =>
    ({ signed: true, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: COOKIE_PATH, maxAge }) as const;
  const signedCookie = (request: FastifyRequest, name: string): string | null => {
    const raw = request.cookies[name];
    if (!raw) return null;
    const { valid, value } = request.unsignCookie(raw);
    return valid && value ? value : null;
  };

  // Each start is a cookie and a trip to WeChat: as many a minute as QR codes, no more.
  app.get<{ Querystring: { redirect: string } }>(AUTHORIZE_PATH, { schema: authorizeSchema, config: { access: 'public', ...perIp(Security.qrPerIpPerMinute, 60) } }, async (request, reply) => {
    const state = randomToken(16);
    const redirect = safeReturnPath(request.query.redirect);
    // The return path rides in the signed cookie with the state, not through WeChat.
    void reply.setCookie(STATE_COOKIE, `${state}|${redirect}`, cookieOptions(request, STATE_SECONDS));
    const origin = deps.publicOrigin || `${request.protocol}://${request.host}`;
    // WeChat requires these parameters in this order, and the #wechat_redirect fragment.
    const query = new URLSearchParams({ appid: config.appId, redirect_uri: `${origin}${AUTHORIZED_PATH}`, response_type: 'code', scope: 'snsapi_base', state });
    return reply.header('cache-control', 'no-store').redirect(`${config.openBase}/connect/oauth2/authorize?${query.toString()}#wechat_redirect`, 302);
  });

  app.get<{ Querystring: { code: string; state: string } }>(AUTHORIZED_PATH, { schema: authorizedSchema, config: { access: 'public', ...perIp(Security.qrPerIpPerMinute, 60) } }, async (request, reply) => {
    const bound = signedCookie(request, STATE_COOKIE);
    void reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    const separator = bound ? bound.indexOf('|') : -1;
    // Another browser's state, a forged or an old one: this browser did not start this login.
    if (!bound || separator < 0 || !request.query.state || !safeEqual(bound.slice(0, separator), request.query.state)) {
      return sendHtml(reply.code(403), resultPage(Messages.wechatOauthInvalid, '!', BACK_TO_LOGIN));
    }
    const redirect = safeReturnPath(bound.slice(separator + 1));
    if (!request.query.code) return sendHtml(reply.code(400), resultPage(Messages.wechatOauthDenied, '!', BACK_TO_LOGIN));
    let identity: WechatIdentity;
    try {
      identity = await api.oauthIdentity(request.query.code);
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error;
      deps.log.warn({ errcode: error.errcode, reason: error.message }, 'WeChat web authorization failed');
      return sendHtml(reply.code(503), resultPage(Messages.wechatUnavailable, '!', BACK_TO_LOGIN));
    }
    if (!identity.unionid) {
      const unionid = await api.unionidOf(identity.openid, UNIONID_TIMEOUT_MS).catch(() => undefined);
      if (unionid) identity = { ...identity, unionid };
    }
    const ticket = await service.issue();
    if (!(await service.confirm(ticket, identity))) return sendHtml(reply.code(500), resultPage(Messages.requestFailed, '!', BACK_TO_LOGIN));
    void reply.setCookie(LOGIN_COOKIE, ticket, cookieOptions(request, 120));
    return reply.header('cache-control', 'no-store').redirect(loginPageUrl(redirect), 302);
  });

  app.post(SESSION_PATH, { schema: sessionSchema, config: { access: 'public', ...perIp(Security.qrPerIpPerMinute, 60) } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const ticket = signedCookie(request, LOGIN_COOKIE);
    void reply.clearCookie(LOGIN_COOKIE, { path: COOKIE_PATH });
    const answer = ticket ? await service.poll(ticket) : null;
    if (answer?.status !== 'confirmed' || !answer.token || !answer.userInfo) throw new BusinessError(AnswerCode.invalid, Messages.wechatOauthInvalid);
    const login: LoginAnswer = { token: answer.token, userInfo: answer.userInfo };
    app.metrics.loggedIn('wechat_web');
    return ok(login);
  });
}
