import crypto from 'node:crypto';
import type { FakeRequest, FakeResponse } from './loopbackServer';
import { SmsGatewayFake } from './smsGatewayFake';

/**
 * A fake of Aliyun SMS (dysmsapi, SendSms 2017-05-25) on loopback, checking what the real gateway
 * checks before it sends:
 * - the V3 request signature (https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature):
 *   `Authorization: ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=...,Signature=<hex>`
 *   recomputed here with the AccessKey's secret over the canonical request (method, path, sorted
 *   query, signed headers, x-acs-content-sha256 of the body); every x-acs-* header and host signed;
 *   x-acs-date within 15 minutes; each x-acs-signature-nonce used once;
 * - x-acs-action SendSms and x-acs-version 2017-05-25;
 * - PhoneNumbers a mainland mobile number, SignName and TemplateCode known to the account,
 *   TemplateParam JSON giving exactly the template's variables.
 * Answers are the documented ones: HTTP 200 {Code: "OK", Message, BizId, RequestId} or a business
 * error code (https://help.aliyun.com/document_detail/101346.html) with HTTP 200, and gateway errors
 * (signature, key, action, version) with HTTP 4xx. Only the V3 signature is understood: it is the one
 * the installed SDK (@alicloud/openapi-core 1.x) sends.
 */

export interface AliyunSmsAccount {
  accessKeyId: string;
  accessKeySecret: string;
  signNames: string[];
  /** Template code -> the variables its text uses. */
  templates: Record<string, string[]>;
}

/** One SendSms the fake received, whatever it answered. */
export interface AliyunSmsReceived {
  action: string | undefined;
  version: string | undefined;
  accessKeyId: string;
  phoneNumbers: string | null;
  signName: string | null;
  templateCode: string | null;
  templateParam: string | null;
  /** The Code the fake answered (OK or the error). */
  answered: string;
}

/** Gateway errors come with an HTTP status; business errors with 200 and the code in the body. */
const GATEWAY_STATUS: Record<string, number> = {
  SignatureDoesNotMatch: 400,
  IncompleteSignature: 400,
  'InvalidAccessKeyId.NotFound': 404,
  'InvalidAccessKeyId.Inactive': 400,
  'InvalidTimeStamp.Expired': 400,
  SignatureNonceUsed: 400,
  'InvalidAction.NotFound': 404,
  InvalidVersion: 400,
  'Throttling.User': 400,
  'Forbidden.RAM': 403,
  MissingParameter: 400,
  ServiceUnavailable: 503,
};

const MESSAGES: Record<string, string> = {
  OK: 'OK',
  'isv.BUSINESS_LIMIT_CONTROL': '触发小时级流控Permits:5',
  'isv.MOBILE_NUMBER_ILLEGAL': '非法手机号',
  'isv.SMS_SIGNATURE_ILLEGAL': '该账号下找不到对应签名',
  'isv.SMS_TEMPLATE_ILLEGAL': '该账号下找不到对应模板',
  'isv.TEMPLATE_MISSING_PARAMETERS': '模板变量缺少对应参数值',
  'isv.INVALID_JSON_PARAM': 'JSON参数不合法，只接受字符串值',
  'isv.AMOUNT_NOT_ENOUGH': '账户余额不足',
  'isp.RAM_PERMISSION_DENY': 'RAM权限DENY',
  SignatureDoesNotMatch: 'Specified signature does not match our calculation.',
  IncompleteSignature: 'The request signature does not conform to Aliyun standards.',
  'InvalidAccessKeyId.NotFound': 'Specified access key is not found.',
};

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
const REQUIRED_SIGNED = ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'];

/** The SDK's own encoding of query values: RFC 3986, so !'()* are escaped too. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256Hex = (data: Buffer | string): string => crypto.createHash('sha256').update(data).digest('hex');

export class AliyunSmsFake extends SmsGatewayFake<AliyunSmsReceived> {
  private readonly usedNonces = new Set<string>();

  constructor(readonly account: AliyunSmsAccount) {
    super('Aliyun SMS');
  }

  private answer(code: string, extra: Record<string, string> = {}): FakeResponse {
    const requestId = crypto.randomUUID().toUpperCase();
    return { status: GATEWAY_STATUS[code] ?? 200, body: { RequestId: requestId, Code: code, Message: MESSAGES[code] ?? code, ...extra } };
  }

  /** null when the request is signed by the account's secret as the V3 method says, else the error code. */
  private signatureProblem(request: FakeRequest, query: URLSearchParams): string | null {
    const authorization = String(request.headers.authorization ?? '');
    const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match) return 'IncompleteSignature';
    const [, accessKeyId, signedList, signature] = match;
    if (accessKeyId !== this.account.accessKeyId) return 'InvalidAccessKeyId.NotFound';
    const signed = signedList.split(';');
    // Every common header present must be signed, and signed headers must be present.
    if (REQUIRED_SIGNED.some((name) => !signed.includes(name) || request.headers[name] === undefined)) return 'IncompleteSignature';
    if (signed.some((name) => request.headers[name] === undefined) || [...signed].sort().join(';') !== signedList) return 'IncompleteSignature';
    if (Object.keys(request.headers).some((name) => name.startsWith('x-acs-') && !signed.includes(name))) return 'IncompleteSignature';
    const date = Date.parse(String(request.headers['x-acs-date']));
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(String(request.headers['x-acs-date'])) || !(Math.abs(Date.now() - date) <= FIFTEEN_MINUTES_MS)) return 'InvalidTimeStamp.Expired';
    if (sha256Hex(request.body) !== request.headers['x-acs-content-sha256']) return 'IncompleteSignature';
    const canonicalQuery = [...query.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${key}=${encode(value)}`)
      .join('&');
    const canonicalHeaders = signed.map((name) => `${name}:${String(request.headers[name]).trim()}\n`).join('');
    const path = request.url.split('?')[0];
    const canonicalRequest = [request.method, path, canonicalQuery, canonicalHeaders, signedList, request.headers['x-acs-content-sha256']].join('\n');
    const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`;
    const expected = crypto.createHmac('sha256', this.account.accessKeySecret).update(stringToSign).digest('hex');
    if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return 'SignatureDoesNotMatch';
    // Checked last, so that a forged request cannot burn a real caller's nonce.
    const nonce = String(request.headers['x-acs-signature-nonce']);
    if (this.usedNonces.has(nonce)) return 'SignatureNonceUsed';
    this.usedNonces.add(nonce);
    return null;
  }

  /** null when the account would send this message, else the business error code. */
  private messageProblem(params: URLSearchParams): string | null {
    const phones = params.get('PhoneNumbers');
    const signName = params.get('SignName');
    const templateCode = params.get('TemplateCode');
    if (!phones || !signName || !templateCode) return 'MissingParameter';
    // Mainland numbers, optionally with 86 / +86 / 0086 in front, several separated by commas.
    if (!phones.split(',').every((phone) => /^(?:\+86|0086|86)?1[3-9]\d{9}$/.test(phone))) return 'isv.MOBILE_NUMBER_ILLEGAL';
    if (!this.account.signNames.includes(signName)) return 'isv.SMS_SIGNATURE_ILLEGAL';
    const variables = this.account.templates[templateCode];
    if (!variables) return 'isv.SMS_TEMPLATE_ILLEGAL';
    let values: unknown;
    try {
      values = JSON.parse(params.get('TemplateParam') ?? '{}');
    } catch {
      return 'isv.INVALID_JSON_PARAM';
    }
    if (typeof values !== 'object' || values === null || Array.isArray(values)) return 'isv.INVALID_JSON_PARAM';
    const given = values as Record<string, unknown>;
    if (variables.some((name) => typeof given[name] !== 'string' || given[name] === '')) return 'isv.TEMPLATE_MISSING_PARAMETERS';
    return null;
  }

  protected handle(request: FakeRequest): FakeResponse {
    this.lastRequest = request;
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    // RPC parameters may come in the query or as a form body; the signature covers both.
    const params = new URLSearchParams(query);
    if (String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      for (const [key, value] of new URLSearchParams(request.body.toString('utf8'))) params.set(key, value);
    }
    const record = (answered: string): void => {
      this.received.push({
        action: request.headers['x-acs-action'] as string | undefined,
        version: request.headers['x-acs-version'] as string | undefined,
        accessKeyId: /Credential=([^,]+)/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '',
        phoneNumbers: params.get('PhoneNumbers'),
        signName: params.get('SignName'),
        templateCode: params.get('TemplateCode'),
        templateParam: params.get('TemplateParam'),
        answered,
      });
    };
    const refuse = (code: string): FakeResponse => {
      record(code);
      return this.answer(code);
    };
    if (request.method !== 'POST' && request.method !== 'GET') return refuse('InvalidAction.NotFound');
    if (request.url.split('?')[0] !== '/') return refuse('InvalidAction.NotFound');
    const signatureProblem = this.signatureProblem(request, query);
    if (signatureProblem) return refuse(signatureProblem);
    if (request.headers['x-acs-action'] !== 'SendSms') return refuse('InvalidAction.NotFound');
    if (request.headers['x-acs-version'] !== '2017-05-25') return refuse('InvalidVersion');
    const messageProblem = this.messageProblem(params);
    if (messageProblem) return refuse(messageProblem);
    const forced = this.forced.shift();
    if (forced) return refuse(forced);
    record('OK');
    return this.answer('OK', { BizId: `${Date.now()}^0` });
  }
}

/** The code the fake saw in the TemplateParam of a request. */
export function aliyunCodeOf(received: AliyunSmsReceived): string {
  return (JSON.parse(received.templateParam ?? '{}') as { code?: string }).code ?? '';
}
