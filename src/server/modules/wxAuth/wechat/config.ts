/**
 * The WeChat Official Account (service account) settings of QR_LOGIN_PROVIDER=wechat-mp, read from
 * the environment. Each check names the variable, so that a start with a bad one stops with a line
 * the operator can act on.
 */

export interface WechatConfig {
  /** WECHAT_APP_ID: the account's AppID (wx + 16 hex digits). */
  appId: string;
  /** WECHAT_APP_SECRET: its AppSecret (32 hex digits). Never logged. */
  appSecret: string;
  /** WECHAT_TOKEN: the Token entered in the console's server settings; signs every push. */
  token: string;
  /** WECHAT_ENCODING_AES_KEY: 43 characters, for compatible and safe mode; '' for plaintext mode only. */
  encodingAesKey: string;
  /** WECHAT_API_BASE: where /cgi-bin and /sns live (the real API by default; tests point it at a fake). */
  apiBase: string;
  /** WECHAT_OPEN_BASE: where /connect/oauth2/authorize lives. */
  openBase: string;
}

export const WECHAT_API_BASE = 'https://api.weixin.qq.com';
export const WECHAT_OPEN_BASE = 'https://open.weixin.qq.com';

export class WechatConfigError extends Error {
  override name = 'WechatConfigError';
}

type Env = Record<string, string | undefined>;

function required(env: Env, name: string, pattern: RegExp, what: string): string {
  const value = env[name] ?? '';
  if (!value) throw new WechatConfigError(`QR_LOGIN_PROVIDER=wechat-mp needs ${name}: ${what}.`);
  // The value itself is not repeated: the secret and the token must not reach a log.
  if (!pattern.test(value)) throw new WechatConfigError(`${name} is malformed: it must be ${what}.`);
  return value;
}

function baseUrl(env: Env, name: string, fallback: string): string {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WechatConfigError(`${name} must be an http(s) URL such as ${fallback} (got "${value}").`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new WechatConfigError(`${name} must be an http(s) URL without a query, such as ${fallback} (got "${value}").`);
  }
  return value.replace(/\/+$/, '');
}

export function readWechatConfig(env: Env): WechatConfig {
  const encodingAesKey = env.WECHAT_ENCODING_AES_KEY ?? '';
  if (encodingAesKey && !/^[A-Za-z0-9]{43}$/.test(encodingAesKey)) {
    throw new WechatConfigError('WECHAT_ENCODING_AES_KEY is malformed: it must be the 43 letters and digits of the console\u2019s EncodingAESKey.');
  }
  return {
    appId: required(env, 'WECHAT_APP_ID', /^wx[0-9a-f]{16}$/, 'the account\u2019s AppID, "wx" and 16 hex digits'),
    appSecret: required(env, 'WECHAT_APP_SECRET', /^[0-9a-zA-Z]{32}$/, 'the account\u2019s AppSecret, 32 letters and digits'),
    token: required(env, 'WECHAT_TOKEN', /^[A-Za-z0-9]{3,32}$/, 'the Token of the console\u2019s server settings, 3 to 32 letters and digits'),
    encodingAesKey,
    apiBase: baseUrl(env, 'WECHAT_API_BASE', WECHAT_API_BASE),
    openBase: baseUrl(env, 'WECHAT_OPEN_BASE', WECHAT_OPEN_BASE),
  };
}
