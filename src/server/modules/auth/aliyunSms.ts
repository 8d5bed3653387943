import type { AliyunSendSms } from './aliyunSmsClient';
import type { AliyunSmsConfig } from './smsConfig';
import { SmsSendError, type SmsFailureKind } from './smsFailure';
import type { SmsProvider, SmsTemplateKind } from './smsProviders';

/**
 * Aliyun SMS (dysmsapi SendSms 2017-05-25) through Aliyun's own SDK. A code is sent with the
 * purpose's template and the variable `code` (TemplateParam {"code":"123456"}); success is Code OK.
 * Error codes: https://help.aliyun.com/document_detail/101346.html
 */

/** What the operator reads for the codes only they can fix; the rest log the provider's own message. */
const OPERATOR_CAUSES: Record<string, string> = {
  'isv.SMS_SIGNATURE_ILLEGAL': 'the sign name (ALIYUN_SMS_SIGN_NAME) is unknown or not approved',
  'isv.SMS_SIGN_ILLEGAL': 'the sign name (ALIYUN_SMS_SIGN_NAME) may not be used',
  'isv.SIGN_STATE_ILLEGAL': 'the sign name (ALIYUN_SMS_SIGN_NAME) is marked unusable in the console',
  'isv.SMS_SIGNATURE_SCENE_ILLEGAL': 'the sign name is for another kind of message than this template',
  'isv.SMS_TEMPLATE_ILLEGAL': 'the template code is unknown to this account or not approved',
  'isv.TEMPLATE_MISSING_PARAMETERS': 'the template does not take the variable ${code}',
  'isv.TEMPLATE_PARAMS_ILLEGAL': 'the template does not take the variable ${code}',
  'isv.AMOUNT_NOT_ENOUGH': 'the account balance is too low to send',
  'isv.OUT_OF_SERVICE': 'the account is suspended for lack of balance',
  'isv.DAY_LIMIT_CONTROL': "the account's own daily send limit (set in the console) is reached",
  'isv.MONTH_LIMIT_CONTROL': "the account's own monthly send limit (set in the console) is reached",
  'isp.RAM_PERMISSION_DENY': 'the AccessKey lacks the permission to send SMS (AliyunDysmsFullAccess)',
  'Forbidden.RAM': 'the AccessKey lacks the permission to send SMS (AliyunDysmsFullAccess)',
  'isv.PRODUCT_UN_SUBSCRIPT': 'the account has not opened the SMS service',
  'isv.ACCOUNT_NOT_EXISTS': 'the AccessKey belongs to no account',
  'isv.ACCOUNT_ABNORMAL': 'the account is abnormal (see the console)',
  'InvalidAccessKeyId.NotFound': 'ALIYUN_SMS_ACCESS_KEY_ID is unknown',
  'InvalidAccessKeyId.Inactive': 'ALIYUN_SMS_ACCESS_KEY_ID is disabled',
  SignatureDoesNotMatch: 'the request signature was refused: check ALIYUN_SMS_ACCESS_KEY_SECRET',
  IncompleteSignature: 'the request signature was refused: check ALIYUN_SMS_ACCESS_KEY_SECRET',
};

export function aliyunFailureKind(code: string): SmsFailureKind {
  // BUSINESS_LIMIT_CONTROL is the per-number flow control (1 a minute, 5 an hour, 10 a day);
  // Throttling.* the API's own rate limit.
  if (code === 'isv.BUSINESS_LIMIT_CONTROL' || code.startsWith('Throttling')) return 'tooFrequent';
  if (code === 'isv.MOBILE_NUMBER_ILLEGAL') return 'badNumber';
  return 'unavailable';
}

/** Aliyun asks for 1 s or more for mainland sends; 10 s leaves room for a slow answer without holding the user long. */
const DEFAULT_TIMEOUT_MS = 10_000;

export class AliyunSmsProvider implements SmsProvider {
  private sender: Promise<AliyunSendSms> | null = null;

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  private sendSms(): Promise<AliyunSendSms> {
    this.sender ??= import('./aliyunSmsClient').then(({ createAliyunSendSms }) => createAliyunSendSms(this.config, this.timeoutMs));
    return this.sender;
  }

  async send(phone: string, code: string, purpose: SmsTemplateKind): Promise<void> {
    const template = this.config.templates[purpose];
    // Only the gift code's template is optional; the 预约 checks smsSendsGiftCodes before sending one.
    if (!template) throw new SmsSendError('unavailable', 'aliyun', 'no-template', 'No ALIYUN_SMS_TEMPLATE_GIFT_CODE is set for gift codes');
    const sendSms = await this.sendSms();
    const answer = await sendSms({ phone, signName: this.config.signName, templateCode: template, code });
    if (!answer.reached) {
      throw new SmsSendError('unavailable', 'aliyun', 'network', `Aliyun SMS at ${this.config.endpoint} did not answer (${answer.reason})`);
    }
    if (answer.code === 'OK') return;
    const kind = aliyunFailureKind(answer.code);
    const why = OPERATOR_CAUSES[answer.code] ?? answer.message;
    throw new SmsSendError(kind, 'aliyun', answer.code || 'unknown', `Aliyun SMS refused (${answer.code || 'no code'}): ${why}${answer.requestId ? `, request ${answer.requestId}` : ''}`);
  }
}
