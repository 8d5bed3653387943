import type { SmsPurpose } from '../../../src/contract/auth';
import type { ApiEnvelope } from '../../../src/contract/envelope';
import { passedCaptcha, post, type TestApp } from '../helpers';

/** Tests of the real SMS providers (smsAliyun.test.ts, smsTencent.test.ts), each against its fake. */

export const PHONE = '13800138000';
export const PASSWORD = 'Secret#2026';

/** 获取验证码 as the SPA does it: a passed captcha, then POST /api/Auth/sendSmsCode. */
export async function requestCode(t: TestApp, phone: string, purpose: SmsPurpose): Promise<ApiEnvelope & { status: number }> {
  return post(t, '/api/Auth/sendSmsCode', { iphone: phone, captchaId: await passedCaptcha(t), purpose });
}

/** Uses a code for what its purpose allows; answers the envelope (code 200 when the code was valid). */
export async function spendCode(t: TestApp, phone: string, purpose: SmsPurpose, verifyCode: string): Promise<ApiEnvelope & { status: number }> {
  switch (purpose) {
    case 'register':
      return post(t, '/api/auth/register', { mobile: phone, password: PASSWORD, verifyCode });
    case 'resetPassword':
      return post(t, '/api/auth/editPassword', { mobile: phone, password: 'Changed#2026', verifyCode });
    case 'login':
      return post(t, '/api/auth/smsLogin', { mobile: phone, verifyCode });
  }
}

/** The log lines that carry any of `needles` (a secret, a full phone number in any form). */
export function linesWith(t: TestApp, needles: string[]): string[] {
  return t.logs.filter((line) => needles.some((needle) => line.includes(needle)));
}

/** The number in every form a log could carry it: bare, E.164 and as the SDKs' URLs encode it. */
export const phoneForms = (phone: string): string[] => [phone, `+86${phone}`, `%2B86${phone}`];

/** The server's own limit is one code a minute per phone: the next send for the same phone waits it out. */
export function waitOutSendInterval(t: TestApp): void {
  t.clock.advanceSeconds(61);
}
