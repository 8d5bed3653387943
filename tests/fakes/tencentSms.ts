import crypto from 'node:crypto';
import type { FakeRequest, FakeResponse } from './loopbackServer';
import { SmsGatewayFake } from './smsGatewayFake';

/**
 * A fake of Tencent Cloud SMS (SendSms 2021-01-11, API 3.0) on loopback, checking what the real
 * service checks before it sends:
 * - the TC3-HMAC-SHA256 signature (https://cloud.tencent.com/document/api/382/52072):
 *   `Authorization: TC3-HMAC-SHA256 Credential=<SecretId>/<date>/<service>/tc3_request,
 *   SignedHeaders=content-type;host, Signature=<hex>` recomputed with the SecretKey over the
 *   canonical request (method, path, query, the signed headers lower-cased, sha256 of the body);
 *   X-TC-Timestamp within 5 minutes and the credential's date its UTC day;
 * - X-TC-Action SendSms, X-TC-Version 2021-01-11, X-TC-Region present (the API requires it);
 * - SmsSdkAppId of the account, SignName and TemplateId approved, TemplateParamSet as many as the
 *   template's parameters, each number in PhoneNumberSet E.164 (+86 and a mainland mobile number).
 *
 * Two things differ from the real service because it is reached as 127.0.0.1:<port> instead of
 * sms.tencentcloudapi.com: the service in the credential must be the first label of the host the
 * caller used (what the real one is, `sms`, and what the SDK signs: it takes it from the host), and
 * the host header is signed without its port (the real one has none; the SDK signs the hostname).
 * The real service also takes 86... or bare 11-digit numbers; this one holds callers to E.164.
 *
 * Answers as documented (https://cloud.tencent.com/document/api/382/55981): HTTP 200 with
 * {Response: {SendStatusSet: [{Code: "Ok", ...}], RequestId}}, a per-number error in the status's
 * Code, or {Response: {Error: {Code, Message}, RequestId}} when the request itself is refused.
 */

export interface TencentSmsAccount {
  secretId: string;
  secretKey: string;
  appId: string;
  signNames: string[];
  /** Template id -> the number of parameters its text takes. */
  templates: Record<string, number>;
}

/** One SendSms the fake received, whatever it answered. */
export interface TencentSmsReceived {
  action: string | undefined;
  version: string | undefined;
  region: string | undefined;
  secretId: string;
  smsSdkAppId: unknown;
  signName: unknown;
  templateId: unknown;
  templateParamSet: unknown;
  phoneNumberSet: unknown;
  /** The code the fake answered: Ok, the number's error, or the request's error. */
  answered: string;
}

/** Refusals that concern one number and come in its SendStatus; the rest refuse the whole request. */
const PER_NUMBER = /^(LimitExceeded\.|InvalidParameterValue\.IncorrectPhoneNumber$|FailedOperation\.PhoneNumberInBlacklist$|FailedOperation\.InsufficientBalanceInSmsPackage$)/;

const MESSAGES: Record<string, string> = {
  Ok: 'send success',
  'LimitExceeded.PhoneNumberThirtySecondLimit': 'the number of sms messages sent from a single mobile number within 30 seconds exceeds the upper limit',
  'LimitExceeded.PhoneNumberDailyLimit': 'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
  'InvalidParameterValue.IncorrectPhoneNumber': 'incorrect number format',
  'FailedOperation.PhoneNumberInBlacklist': 'the mobile number is in the blocklist',
  'FailedOperation.InsufficientBalanceInSmsPackage': 'insufficient balance in sms package',
  'FailedOperation.SignatureIncorrectOrUnapproved': 'signature format error or signature not approved',
  'FailedOperation.TemplateIncorrectOrUnapproved': 'template format error or template not approved',
  'FailedOperation.TemplateParamSetNotMatchApprovedTemplate': 'the number of template parameters does not match the template',
  'UnauthorizedOperation.SmsSdkAppIdVerifyFail': 'SmsSdkAppId verify fail',
  'AuthFailure.SignatureFailure': 'The provided credentials could not be validated. Please check your signature is correct.',
  'AuthFailure.SecretIdNotFound': 'The SecretId is not found, please ensure that your SecretId is correct.',
  'AuthFailure.SignatureExpire': 'Signature expired. Timestamp and server time cannot differ by more than five minutes.',
  'AuthFailure.InvalidAuthorization': 'The Authorization header does not conform to the Tencent Cloud standard.',
};

const FIVE_MINUTES_S = 300;

const sha256Hex = (data: Buffer | string): string => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => crypto.createHmac('sha256', key).update(data).digest();

export class TencentSmsFake extends SmsGatewayFake<TencentSmsReceived> {

  constructor(readonly account: TencentSmsAccount) {
    super('Tencent Cloud SMS');
  }

  /** null when the request is signed with the account's key as TC3-HMAC-SHA256 says, else the error code. */
  private signatureProblem(request: FakeRequest): string | null {
    const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      String(request.headers.authorization ?? ''),
    );
    if (!match) return 'AuthFailure.InvalidAuthorization';
    const [, secretId, date, service, signedList, signature] = match;
    if (secretId !== this.account.secretId) return 'AuthFailure.SecretIdNotFound';
    const timestamp = Number(request.headers['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > FIVE_MINUTES_S) return 'AuthFailure.SignatureExpire';
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return 'AuthFailure.SignatureFailure';
    const hostname = String(request.headers.host ?? '').replace(/:\d+$/, '');
    if (service !== hostname.split('.')[0]) return 'AuthFailure.SignatureFailure';
    const signed = signedList.split(';');
    if (!signed.includes('content-type') || !signed.includes('host')) return 'AuthFailure.InvalidAuthorization';
    const headerValue = (name: string): string => (name === 'host' ? hostname : String(request.headers[name] ?? '')).trim().toLowerCase();
    const [path, query = ''] = request.url.split('?');
    const canonicalRequest = [request.method, path, query, signed.map((name) => `${name}:${headerValue(name)}\n`).join(''), signedList, sha256Hex(request.body)].join('\n');
    const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/${service}/tc3_request`, sha256Hex(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(`TC3${this.account.secretKey}`, date), service), 'tc3_request');
    const expected = crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex');
    return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? null : 'AuthFailure.SignatureFailure';
  }

  /** The request-level refusal of a SendSms body, or null. */
  private requestProblem(body: Record<string, unknown>): string | null {
    const { SmsSdkAppId, SignName, TemplateId, TemplateParamSet, PhoneNumberSet } = body;
    if (!Array.isArray(PhoneNumberSet) || PhoneNumberSet.length === 0 || typeof SmsSdkAppId !== 'string' || typeof TemplateId !== 'string') return 'MissingParameter';
    if (SmsSdkAppId !== this.account.appId) return 'UnauthorizedOperation.SmsSdkAppIdVerifyFail';
    // Domestic messages must carry an approved sign name.
    if (typeof SignName !== 'string' || !this.account.signNames.includes(SignName)) return 'FailedOperation.SignatureIncorrectOrUnapproved';
    const parameters = this.account.templates[TemplateId];
    if (parameters === undefined) return 'FailedOperation.TemplateIncorrectOrUnapproved';
    const given = TemplateParamSet ?? [];
    if (!Array.isArray(given) || given.length !== parameters || !given.every((value) => typeof value === 'string')) return 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate';
    return null;
  }

  protected handle(request: FakeRequest): FakeResponse {
    this.lastRequest = request;
    const requestId = crypto.randomUUID();
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(request.body.toString('utf8') || '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      body = {};
    }
    const record = (answered: string): void => {
      this.received.push({
        action: request.headers['x-tc-action'] as string | undefined,
        version: request.headers['x-tc-version'] as string | undefined,
        region: request.headers['x-tc-region'] as string | undefined,
        secretId: /Credential=([^/]+)\//.exec(String(request.headers.authorization ?? ''))?.[1] ?? '',
        smsSdkAppId: body.SmsSdkAppId,
        signName: body.SignName,
        templateId: body.TemplateId,
        templateParamSet: body.TemplateParamSet,
        phoneNumberSet: body.PhoneNumberSet,
        answered,
      });
    };
    const error = (code: string): FakeResponse => {
      record(code);
      return { status: 200, body: { Response: { Error: { Code: code, Message: MESSAGES[code] ?? code }, RequestId: requestId } } };
    };
    if (request.method !== 'POST' || request.url.split('?')[0] !== '/') return error('InvalidAction');
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return error('InvalidParameter');
    const signatureProblem = this.signatureProblem(request);
    if (signatureProblem) return error(signatureProblem);
    if (request.headers['x-tc-action'] !== 'SendSms') return error('InvalidAction');
    if (request.headers['x-tc-version'] !== '2021-01-11') return error('NoSuchVersion');
    if (!request.headers['x-tc-region']) return error('MissingParameter');
    const requestProblem = this.requestProblem(body);
    if (requestProblem) return error(requestProblem);
    const forced = this.forced.shift();
    if (forced && !PER_NUMBER.test(forced)) return error(forced);
    const statuses = (body.PhoneNumberSet as unknown[]).map((phone, index) => {
      const e164 = typeof phone === 'string' && /^\+861[3-9]\d{9}$/.test(phone);
      const code = !e164 ? 'InvalidParameterValue.IncorrectPhoneNumber' : index === 0 && forced ? forced : 'Ok';
      return { SerialNo: code === 'Ok' ? `2640:${crypto.randomInt(1e9)}` : '', PhoneNumber: String(phone), Fee: code === 'Ok' ? 1 : 0, SessionContext: '', Code: code, Message: MESSAGES[code] ?? code, IsoCode: e164 ? 'CN' : 'DEF' };
    });
    record(statuses[0].Code);
    return { status: 200, body: { Response: { SendStatusSet: statuses, RequestId: requestId } } };
  }
}
