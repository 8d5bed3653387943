import type {
  BindPhoneAnswer,
  BindPhoneRequest,
  CaptchaAnswer,
  EditPasswordRequest,
  LoginAnswer,
  LoginRequest,
  MergeAccountsRequest,
  QrcodeAnswer,
  QrcodeRequest,
  QrLoginInfoAnswer,
  RegisterRequest,
  SendSmsRequest,
  SmsLoginRequest,
  UpdateUserInfoRequest,
  UserInfo,
  VerifyCaptchaRequest,
} from '../../contract/auth';
import * as http from './http';

/*
 * The public calls opt out of the global error handling: the auth sagas show their own message
 * (the spec's fallback texts such as '短信发送失败') so that a failure never shows two toasts.
 * The personal centre's calls need a login, so they keep it: an expired login (HTTP 401) then
 * ends the session and goes to the login page like every other call of the back office.
 */

/** Who reports a failure: the calling saga ('caller'), or the http layer's handling of spec section 8 ('http'). */
export type FailureReporting = 'caller' | 'http';

/** POST /api/auth/login. Answer code 428 means a passed captcha is needed first. */
export function login(body: LoginRequest): Promise<LoginAnswer> {
  return http.call<LoginAnswer>({ method: 'POST', url: '/api/auth/login', data: body, skipErrorHandler: true });
}

/**
 * POST /api/auth/smsLogin: a code sent to the phone (purpose 'login') instead of the password; it
 * works while the phone's password logins are locked. Says '该手机号尚未注册' only once the code is right.
 */
export function smsLogin(body: SmsLoginRequest): Promise<LoginAnswer> {
  return http.call<LoginAnswer>({ method: 'POST', url: '/api/auth/smsLogin', data: body, skipErrorHandler: true });
}

/** GET /user/info: the user behind the current token. */
export function getUserInfo(): Promise<UserInfo> {
  return http.call<UserInfo>({ method: 'GET', url: '/user/info', skipErrorHandler: true });
}

/** POST /api/auth/logout: revokes the current token on the server. */
export function logout(): Promise<unknown> {
  return http.call<unknown>({ method: 'POST', url: '/api/auth/logout', skipErrorHandler: true });
}

/** POST /api/auth/register */
export function register(body: RegisterRequest): Promise<unknown> {
  return http.call<unknown>({ method: 'POST', url: '/api/auth/register', data: body, skipErrorHandler: true });
}

/** POST /api/auth/editPassword: forgot password (no token) or a logged-in change that may bind the phone. */
export function editPassword(body: EditPasswordRequest, reporting: FailureReporting = 'caller'): Promise<unknown> {
  return http.call<unknown>({ method: 'POST', url: '/api/auth/editPassword', data: body, skipErrorHandler: reporting === 'caller' });
}

/** POST /api/auth/updateUserInfo (needs a login: failures are reported by the http layer). */
export function updateUserInfo(body: UpdateUserInfoRequest): Promise<unknown> {
  return http.call<unknown>({ method: 'POST', url: '/api/auth/updateUserInfo', data: body });
}

/** GET /api/auth/getCaptcha */
export function getCaptcha(): Promise<CaptchaAnswer> {
  return http.call<CaptchaAnswer>({ method: 'GET', url: '/api/auth/getCaptcha', skipErrorHandler: true });
}

/** POST /api/auth/verifyCaptcha */
export function verifyCaptcha(body: VerifyCaptchaRequest): Promise<unknown> {
  return http.call<unknown>({ method: 'POST', url: '/api/auth/verifyCaptcha', data: body, skipErrorHandler: true });
}

/** POST /api/Auth/sendSmsCode (capitalised as the spec writes it). */
export function sendSmsCode(body: SendSmsRequest): Promise<unknown> {
  return http.call<unknown>({ method: 'POST', url: '/api/Auth/sendSmsCode', data: body, skipErrorHandler: true });
}

/**
 * POST /api/wxAuth/wechat/session: after WeChat's web authorization (微信一键登录) brought the
 * browser back, the login it proved; an HttpOnly cookie the server set carries it, once.
 */
export function wechatWebLogin(): Promise<LoginAnswer> {
  return http.call<LoginAnswer>({ method: 'POST', url: '/api/wxAuth/wechat/session', skipErrorHandler: true });
}

/** POST /api/wxAuth/getWechatQrcode. Sending the previous ticket as `qrcode` voids it. */
export function getWechatQrcode(body: QrcodeRequest): Promise<QrcodeAnswer> {
  return http.call<QrcodeAnswer>({ method: 'POST', url: '/api/wxAuth/getWechatQrcode', data: body, skipErrorHandler: true });
}

/** GET /api/wxAuth/wxLoginInfo?qrcode={ticket}: polled every second while the QR code is shown. */
export function getWxLoginInfo(ticket: string): Promise<QrLoginInfoAnswer> {
  return http.call<QrLoginInfoAnswer>({
    method: 'GET',
    url: '/api/wxAuth/wxLoginInfo',
    params: { qrcode: ticket },
    skipErrorHandler: true,
  });
}

/** POST /api/auth/bindPhone (logged in: failures are reported by the http layer). */
export function bindPhone(body: BindPhoneRequest): Promise<BindPhoneAnswer> {
  return http.call<BindPhoneAnswer>({ method: 'POST', url: '/api/auth/bindPhone', data: body });
}

/** POST /api/auth/mergeAccounts: answers the session of the account kept. */
export function mergeAccounts(body: MergeAccountsRequest): Promise<LoginAnswer> {
  return http.call<LoginAnswer>({ method: 'POST', url: '/api/auth/mergeAccounts', data: body });
}
