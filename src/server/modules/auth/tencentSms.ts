import type { TencentSmsConfig } from './smsConfig';
import { SmsSendError, type SmsFailureKind } from './smsFailure';
import type { SmsProvider, SmsTemplateKind } from './smsProviders';
import type { TencentSendSms } from './tencentSmsClient';

/**
 * Tencent Cloud SMS (SendSms 2021-01-11) through Tencent's own SDK: the number as E.164 (+86...),
 * the purpose's template with the code as its one parameter; success is SendStatusSet[0].Code Ok.
 * Error codes: https://cloud.tencent.com/document/api/382/55981 (SendSms) and /52075 (common).
 */

/** What the operator reads for the codes only they can fix; the rest log the provider's own message. */
const OPERATOR_CAUSES: Record<string, string> = {
  'FailedOperation.SignatureIncorrectOrUnapproved': 'the sign name (TENCENT_SMS_SIGN_NAME) is wrong or not approved',
  'FailedOperation.TemplateIncorrectOrUnapproved': 'the template ID is wrong or not approved',
  'FailedOperation.TemplateParamSetNotMatchApprovedTemplate': 'the template does not take exactly one parameter (the code)',
  'FailedOperation.MissingSignature': 'the sign name (TENCENT_SMS_SIGN_NAME) is missing',
  'FailedOperation.InsufficientBalanceInSmsPackage': 'the SMS package has no messages left',
  'UnauthorizedOperation.SmsSdkAppIdVerifyFail': 'TENCENT_SMS_APP_ID does not belong to this account',
  'InvalidParameterValue.SdkAppIdNotExist': 'TENCENT_SMS_APP_ID does not exist',
  'UnauthorizedOperation.RequestPermissionDeny': 'the key lacks the permission to send SMS',
  'UnauthorizedOperation.ServiceSuspendDueToArrears': 'the account is suspended for arrears',
  'AuthFailure.SecretIdNotFound': 'TENCENT_SMS_SECRET_ID is unknown or disabled',
  'AuthFailure.SignatureFailure': 'the request signature was refused: check TENCENT_SMS_SECRET_KEY',
  'AuthFailure.SignatureExpire': "the request's time is more than 5 minutes off: check this server's clock",
  'AuthFailure.UnauthorizedOperation': 'the key is not allowed to call SendSms (CAM policy)',
};

/** Refusals of the number itself, which the user can fix by typing another. */
const BAD_NUMBER = new Set([
  'InvalidParameterValue.IncorrectPhoneNumber',
  'FailedOperation.PhoneNumberInBlacklist',
  'FailedOperation.PhoneNumberParseFail',
  'UnsupportedOperation.UnsupportedRegion',
]);

export function tencentFailureKind(code: string): SmsFailureKind {
  // LimitExceeded.* are the per-number and per-app flow controls (30 s, an hour, a day...);
  // RequestLimitExceeded.* the API's own rate limit.
  if (code.startsWith('LimitExceeded') || code.startsWith('RequestLimitExceeded')) return 'tooFrequent';
  if (BAD_NUMBER.has(code)) return 'badNumber';
  return 'unavailable';
}

const DEFAULT_TIMEOUT_MS = 10_000;

export class TencentSmsProvider implements SmsProvider {
  private sender: Promise<TencentSendSms> | null = null;

  constructor(
    private readonly config: TencentSmsConfig,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  private sendSms(): Promise<TencentSendSms> {
    this.sender ??= import('./tencentSmsClient').then(({ createTencentSendSms }) => createTencentSendSms(this.config, this.timeoutMs));
    return this.sender;
  }

  async send(phone: string, code: string, purpose: SmsTemplateKind): Promise<void> {
    const template = this.config.templates[purpose];
    // Only the gift code's template is optional; the 预约 checks smsSendsGiftCodes before sending one.
    if (!template) throw new SmsSendError('unavailable', 'tencent', 'no-template', 'No TENCENT_SMS_TEMPLATE_GIFT_CODE is set for gift codes');
    const sendSms = await this.sendSms();
    const { appId, signName } = this.config;
    const answer = await sendSms({ phone, appId, signName, templateId: template, code });
    if (!answer.reached) {
      throw new SmsSendError('unavailable', 'tencent', 'network', `Tencent Cloud SMS at ${this.config.endpoint} did not answer (${answer.reason})`);
    }
    if (answer.code === 'Ok') return;
    const why = OPERATOR_CAUSES[answer.code] ?? answer.message;
    throw new SmsSendError(
      tencentFailureKind(answer.code),
      'tencent',
      answer.code || 'unknown',
      `Tencent Cloud SMS refused (${answer.code || 'no code'}): ${why}${answer.requestId ? `, request ${answer.requestId}` : ''}`,
    );
  }
}
