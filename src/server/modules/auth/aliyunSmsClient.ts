import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import type { AliyunSmsConfig } from './smsConfig';
import { networkReason, scrubDigits } from './smsFailure';

/**
 * Aliyun's own SDK, loaded only when SMS_PROVIDER=aliyun (aliyunSms.ts imports this file on the
 * first send): it costs ~0.2 s to load, which every other server and test would pay for nothing.
 */

/** What one SendSms call came to: the provider's answer, or no answer at all. */
export type AliyunAnswer = { reached: true; code: string; message: string; requestId: string } | { reached: false; reason: string };

export interface AliyunSendSms {
  (request: { phone: string; signName: string; templateCode: string; code: string }): Promise<AliyunAnswer>;
}

/** The SDK throws AlibabaCloudError (a code and an HTTP status) when the gateway itself refused; read by shape. */
function gatewayRefusal(error: unknown): { code: string; message: string; requestId: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { statusCode, code, message, requestId } = error as { statusCode?: unknown; code?: unknown; message?: unknown; requestId?: unknown };
  if (typeof statusCode !== 'number' || typeof code !== 'string') return null;
  return { code, message: scrubDigits(typeof message === 'string' ? message : ''), requestId: typeof requestId === 'string' ? requestId : '' };
}

export function createAliyunSendSms(config: AliyunSmsConfig, timeoutMs: number): AliyunSendSms {
  const endpoint = new URL(config.endpoint);
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: endpoint.host,
      protocol: endpoint.protocol.replace(':', ''),
      connectTimeout: timeoutMs,
      readTimeout: timeoutMs,
    }),
  );
  return async ({ phone, signName, templateCode, code }) => {
    try {
      const answer = await client.sendSms(new SendSmsRequest({ phoneNumbers: phone, signName, templateCode, templateParam: JSON.stringify({ code }) }));
      const body = answer.body;
      return { reached: true, code: body?.code ?? '', message: scrubDigits(body?.message ?? ''), requestId: body?.requestId ?? '' };
    } catch (error) {
      const refusal = gatewayRefusal(error);
      return refusal ? { reached: true, ...refusal } : { reached: false, reason: networkReason(error) };
    }
  };
}
