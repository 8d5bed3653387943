/** Shapes of the authentication and QR-login calls (spec section 7, "Authentication and common"). */

export interface UserInfo {
  id: number;
  name: string;
  /** Empty for an account made by QR login that has not bound a phone yet. */
  mobile: string;
  openid: string;
  /** True for the people who run the service: the SPA shows them the way to the console (运营后台). */
  operator?: boolean;
}

/** POST /api/auth/login */
export interface LoginRequest {
  username: string;
  password: string;
  /** Required once the phone or IP has failed 3 times: a captcha that passed verifyCaptcha. */
  captchaId?: string;
}
export interface LoginAnswer {
  token: string;
  userInfo: UserInfo;
}

/**
 * POST /api/auth/smsLogin (ours): login with a code sent to the phone (purpose 'login'), which
 * works while password logins of the phone are stopped by an attack. Answers LoginAnswer.
 */
export interface SmsLoginRequest {
  mobile: string;
  verifyCode: string;
}

/** POST /api/auth/register */
export interface RegisterRequest {
  mobile: string;
  password: string;
  verifyCode: string;
  invite?: string;
}

/** POST /api/auth/editPassword: forgot password (no token), or a logged-in change / phone binding. */
export interface EditPasswordRequest {
  mobile: string;
  password: string;
  verifyCode: string;
  openid?: string;
}

/** POST /api/auth/updateUserInfo */
export interface UpdateUserInfoRequest {
  name: string;
  mobile?: string;
  token?: string;
}

/** GET /api/auth/getCaptcha */
export interface CaptchaAnswer {
  captchaId: string;
  /** An image URL (data: URL of an SVG). */
  img: string;
}

/** POST /api/auth/verifyCaptcha */
export interface VerifyCaptchaRequest {
  captchaId: string;
  code: string;
}

/**
 * The kinds of SMS message the providers have a template for (one approved template each, by
 * setting). A code's own purpose (SmsCodePurpose) is sent with one of these.
 */
export type SmsPurpose = 'register' | 'resetPassword' | 'login';
export const SMS_PURPOSES: readonly SmsPurpose[] = ['register', 'resetPassword', 'login'];

/**
 * What an SMS code is for: it is bound to the phone and this purpose, so a code sent to log in
 * cannot bind, and the other way round. 'bind' proves a phone for a WeChat account (个人中心, 发布).
 */
export type SmsCodePurpose = SmsPurpose | 'bind';
export const SMS_CODE_PURPOSES: readonly SmsCodePurpose[] = [...SMS_PURPOSES, 'bind'];

/**
 * The template a code's message uses. A bind code says the same as a login code ("your code is …,
 * valid 5 minutes"), so it reuses the login template: an operator gets no fourth template approved.
 */
export function smsTemplateOf(purpose: SmsCodePurpose): SmsPurpose {
  return purpose === 'bind' ? 'login' : purpose;
}

/** POST /api/Auth/sendSmsCode */
export interface SendSmsRequest {
  iphone: string;
  captchaId: string;
  purpose: SmsCodePurpose;
}

/** POST /api/auth/bindPhone (ours, logged in): a WeChat account binds the phone the code was sent to (purpose 'bind'). */
export interface BindPhoneRequest {
  mobile: string;
  verifyCode: string;
}

/** One of the two accounts the user chooses between, as the choice shows it. */
export interface AccountSummary {
  name: string;
  /** How one logs in to it today. */
  wechat: boolean;
  phone: boolean;
  password: boolean;
  builderSites: number;
  miniSites: number;
  publishedSites: number;
  works: number;
  createdAt: number;
}

/**
 * 'bound': the phone had no account and is now the caller's. 'choose': the phone has an account
 * of its own; the code stays valid for POST /api/auth/mergeAccounts, where the user says which
 * account to keep.
 */
export type BindPhoneAnswer = { status: 'bound'; userInfo: UserInfo } | { status: 'choose'; current: AccountSummary; phone: AccountSummary };

/** Which account lives on: the one logged in now (WeChat) or the phone's. */
export type KeptAccount = 'current' | 'phone';
export const KEPT_ACCOUNTS: readonly KeptAccount[] = ['current', 'phone'];

/** POST /api/auth/mergeAccounts (ours, logged in): the same phone and code as bindPhone, and the choice. Answers LoginAnswer of the kept account. */
export interface MergeAccountsRequest {
  mobile: string;
  verifyCode: string;
  keep: KeptAccount;
}

/** POST /api/Auth/recordOperateLog */
export interface OperateLogRequest {
  path: string;
  query: string;
  remark: string;
}

/** POST /api/wxAuth/getWechatQrcode */
export interface QrcodeRequest {
  /** The previous ticket, if the client is refreshing an expired code (it is voided). */
  qrcode?: string;
  host: string;
}
export interface QrcodeAnswer {
  /** The QR image as a data: URL. */
  qrcode: string;
  ticket: string;
  expiresIn: number;
  /**
   * What the code encodes, with the local provider only: our own scan page, which the login pane
   * shows under the code to open or copy (a phone cannot open a `localhost` code). A messaging
   * app's code is for its app alone and is not shown.
   */
  scanUrl?: string;
}

export type QrStatus = 'waiting' | 'scanned' | 'confirmed' | 'expired';

/** GET /api/wxAuth/wxLoginInfo?qrcode={ticket} */
export interface QrLoginInfoAnswer {
  status: QrStatus;
  token?: string;
  userInfo?: UserInfo;
}
