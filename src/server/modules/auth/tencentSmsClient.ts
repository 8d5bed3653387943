import { Client } from 'tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_client';
import type { TencentSmsConfig } from './smsConfig';
import { networkReason, scrubDigits } from './smsFailure';

/**
 * Tencent Cloud's own SDK (SMS 2021-01-11 only: the package's index loads every API version),
 * loaded only when SMS_PROVIDER=tencent (tencentSms.ts imports this file on the first send).
 */

/** What one SendSms call came to: the code of the request or of the number, or no answer at all. */
export type TencentAnswer = { reached: true; code: string; message: string; requestId: string } | { reached: false; reason: string };

export interface TencentSendSms {
  (request: { phone: string; appId: string; signName: string; templateId: string; code: string }): Promise<TencentAnswer>;
}

/**
 * Domestic SMS is served from ap-guangzhou (the API requires a region); the region does not
 * change which numbers can be reached.
 */
const REGION = 'ap-guangzhou';

export function createTencentSendSms(config: TencentSmsConfig, timeoutMs: number): TencentSendSms {
  const endpoint = new URL(config.endpoint);
  const client = new Client({
    credential: { secretId: config.secretId, secretKey: config.secretKey },
    region: REGION,
    profile: {
      signMethod: 'TC3-HMAC-SHA256',
      // The SDK names the signed service after the host's first label: `sms` for sms.tencentcloudapi.com.
      httpProfile: { endpoint: endpoint.host, protocol: endpoint.protocol === 'http:' ? 'http://' : 'https://', reqMethod: 'POST', reqTimeout: timeoutMs / 1000 },
    },
  });
  return async ({ phone, appId, signName, templateId, code }) => {
    let answer;
    try {
      answer = await client.SendSms({ PhoneNumberSet: [`+86${phone}`], SmsSdkAppId: appId, SignName: signName, TemplateId: templateId, TemplateParamSet: [code] });
    } catch (error) {
      // The SDK sets `code` when the API answered Response.Error, `httpCode` when it answered
      // another HTTP status; without either the call never got an answer.
      const thrown = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; requestId?: unknown; httpCode?: unknown };
      const message = scrubDigits(typeof thrown.message === 'string' ? thrown.message : '');
      if (typeof thrown.code === 'string' && thrown.code) {
        return { reached: true, code: thrown.code, message, requestId: typeof thrown.requestId === 'string' ? thrown.requestId : '' };
      }
      if (typeof thrown.httpCode === 'number') return { reached: true, code: `HTTP ${thrown.httpCode}`, message, requestId: '' };
      // A network failure comes rewrapped as a bare message: the URL and the reason, no number (that is in the body).
      return { reached: false, reason: message || networkReason(error) };
    }
    // One number, one status: its Code says whether this number's message went out.
    const status = answer.SendStatusSet?.[0];
    return { reached: true, code: status?.Code ?? '', message: scrubDigits(status?.Message ?? ''), requestId: answer.RequestId ?? '' };
  };
}
