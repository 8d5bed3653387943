import type { SmsPurpose } from '../../../contract/auth';

/**
 * Where SMS codes go, read from the environment (README.md, "Configuration"). Keys, sign names and
 * template ids come only from here; nothing of them is written to the log or the database.
 */
export type SmsTemplates = Record<SmsPurpose, string> & {
  /** The 预约 gift code's message (礼包码); optional: without it a gift code is only shown on the page. */
  giftCode?: string;
};

/** Whether a 预约's gift code also goes out by SMS: always through a gateway that takes any message, else with its template. */
export function smsSendsGiftCodes(config: SmsConfig): boolean {
  return config.provider === 'local' || config.provider === 'http' || !!config.templates.giftCode;
}

export interface AliyunSmsConfig {
  provider: 'aliyun';
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: SmsTemplates;
  /** ALIYUN_SMS_ENDPOINT as an origin, e.g. https://dysmsapi.aliyuncs.com. */
  endpoint: string;
}

export interface TencentSmsConfig {
  provider: 'tencent';
  secretId: string;
  secretKey: string;
  appId: string;
  signName: string;
  templates: SmsTemplates;
  /** TENCENT_SMS_ENDPOINT as an origin, e.g. https://sms.tencentcloudapi.com. */
  endpoint: string;
}

export type SmsConfig = { provider: 'local' } | { provider: 'http'; url: string; token: string } | AliyunSmsConfig | TencentSmsConfig;

export const SMS_PROVIDERS = ['local', 'http', 'aliyun', 'tencent'] as const;
export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const TENCENT_SMS_DEFAULT_ENDPOINT = 'https://sms.tencentcloudapi.com';

/** A bad SMS setting; config.ts turns it into its ConfigError (one English line naming it). */
export class SmsConfigError extends Error {
  override name = 'SmsConfigError';
}

type Env = Record<string, string | undefined>;

/** Reads one setting the provider needs; `what` says what it is, `pattern` what it must look like. */
function need(env: Env, provider: string, name: string, what: string, pattern: RegExp, shape: string): string {
  const value = env[name] ?? '';
  if (!value) throw new SmsConfigError(`SMS_PROVIDER=${provider} needs ${name}, ${what}.`);
  // The value is never repeated: some of these are secrets, and the line goes to the log.
  if (!pattern.test(value)) throw new SmsConfigError(`${name} must be ${shape}.`);
  return value;
}

/** An http(s) origin; the SDKs call the API at its root, so a path would be silently dropped. */
function endpoint(env: Env, name: string, fallback: string): string {
  const value = env[name] || fallback;
  const bad = new SmsConfigError(`${name} must be an http(s) URL with no path, such as ${fallback}.`);
  if (!/^https?:\/\/[^\s/?#@]+\/?$/.test(value)) throw bad;
  try {
    return new URL(value).origin;
  } catch {
    throw bad;
  }
}

// Keys and names are single tokens: a space or line break is a copy-paste accident, not a key.
const TOKEN = /^[\x21-\x7e]{1,256}$/;
const TOKEN_SHAPE = 'printable characters without spaces';
// A sign name is the text in brackets at the start of every message (【示例科技】), as approved.
const SIGN_NAME = /^[^\s【】[\]]{1,30}$/;
const SIGN_NAME_SHAPE = 'the approved sign name without brackets or spaces, at most 30 characters';

function readAliyun(env: Env): AliyunSmsConfig {
  const template = (name: string, what: string) =>
    need(env, 'aliyun', name, `the template code (SMS_ followed by digits) of the ${what} message`, /^SMS_\d{1,20}$/, 'a template code such as SMS_154950909');
  return {
    provider: 'aliyun',
    accessKeyId: need(env, 'aliyun', 'ALIYUN_SMS_ACCESS_KEY_ID', 'the AccessKey ID of a RAM user allowed to send SMS', /^[A-Za-z0-9]{1,128}$/, 'an AccessKey ID: letters and digits'),
    accessKeySecret: need(env, 'aliyun', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'the secret of that AccessKey', TOKEN, TOKEN_SHAPE),
    signName: need(env, 'aliyun', 'ALIYUN_SMS_SIGN_NAME', 'the approved sign name (签名) the messages carry', SIGN_NAME, SIGN_NAME_SHAPE),
    templates: {
      register: template('ALIYUN_SMS_TEMPLATE_REGISTER', 'registration code'),
      resetPassword: template('ALIYUN_SMS_TEMPLATE_RESET', 'password reset code'),
      login: template('ALIYUN_SMS_TEMPLATE_LOGIN', 'login code'),
      ...(env.ALIYUN_SMS_TEMPLATE_GIFT_CODE ? { giftCode: template('ALIYUN_SMS_TEMPLATE_GIFT_CODE', '预约 gift code') } : {}),
    },
    endpoint: endpoint(env, 'ALIYUN_SMS_ENDPOINT', ALIYUN_SMS_DEFAULT_ENDPOINT),
  };
}

function readTencent(env: Env): TencentSmsConfig {
  const template = (name: string, what: string) =>
    need(env, 'tencent', name, `the template ID (digits) of the ${what} message`, /^\d{1,20}$/, 'a template ID: digits, such as 1110');
  return {
    provider: 'tencent',
    secretId: need(env, 'tencent', 'TENCENT_SMS_SECRET_ID', 'the SecretId of a CAM user allowed to send SMS', /^[A-Za-z0-9]{1,128}$/, 'a SecretId: letters and digits'),
    secretKey: need(env, 'tencent', 'TENCENT_SMS_SECRET_KEY', 'the SecretKey of that SecretId', TOKEN, TOKEN_SHAPE),
    appId: need(env, 'tencent', 'TENCENT_SMS_APP_ID', 'the SmsSdkAppId of the SMS application (digits, e.g. 1400006666)', /^\d{1,20}$/, 'an SmsSdkAppId: digits, such as 1400006666'),
    signName: need(env, 'tencent', 'TENCENT_SMS_SIGN_NAME', 'the approved sign name (签名) the messages carry', SIGN_NAME, SIGN_NAME_SHAPE),
    templates: {
      register: template('TENCENT_SMS_TEMPLATE_REGISTER', 'registration code'),
      resetPassword: template('TENCENT_SMS_TEMPLATE_RESET', 'password reset code'),
      login: template('TENCENT_SMS_TEMPLATE_LOGIN', 'login code'),
      ...(env.TENCENT_SMS_TEMPLATE_GIFT_CODE ? { giftCode: template('TENCENT_SMS_TEMPLATE_GIFT_CODE', '预约 gift code') } : {}),
    },
    endpoint: endpoint(env, 'TENCENT_SMS_ENDPOINT', TENCENT_SMS_DEFAULT_ENDPOINT),
  };
}

export function readSmsConfig(env: Env): SmsConfig {
  const provider = env.SMS_PROVIDER || 'local';
  switch (provider) {
    case 'local':
      return { provider };
    case 'http': {
      const url = env.SMS_HTTP_URL ?? '';
      if (!/^https?:\/\/[^\s]+$/.test(url)) throw new SmsConfigError('SMS_PROVIDER=http needs SMS_HTTP_URL, an http(s) URL of the SMS gateway.');
      const token = env.SMS_HTTP_TOKEN ?? '';
      if (!token) throw new SmsConfigError('SMS_PROVIDER=http needs SMS_HTTP_TOKEN, the bearer token sent to the gateway.');
      return { provider, url, token };
    }
    case 'aliyun':
      return readAliyun(env);
    case 'tencent':
      return readTencent(env);
    default:
      throw new SmsConfigError(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')} (got "${provider}").`);
  }
}
