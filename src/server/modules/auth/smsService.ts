import type { FastifyBaseLogger } from 'fastify';
import type { AppMetrics, SmsResult } from '../../metrics/appMetrics';
import { smsTemplateOf, type SendSmsRequest, type SmsPurpose } from '../../../contract/auth';
import { AnswerCode } from '../../../contract/envelope';
import { Limits } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { checkPhone } from '../../../contract/validation';
import { BusinessError, assertValid, invalid, tooMany } from '../../http/envelope';
import { randomDigits } from '../../security/secrets';
import type { RateLimitStore } from '../../sharedState/rateLimits/rateLimit';
import type { CaptchaService } from './captcha';
import { SmsLimiters } from './rateLimits';
import { reserveCodeKey, type SmsCodeKey, type SmsCodeStore } from './smsCodes';
import { SmsSendError } from './smsFailure';
import type { SmsProvider } from './smsProviders';
import { maskPhone } from './smsProviders';

/** How each refusal of a provider is counted (the server's metrics). */
const SMS_RESULTS: Record<SmsSendError['kind'], SmsResult> = { tooFrequent: 'too_frequent', badNumber: 'bad_number', unavailable: 'unavailable' };

/** POST /api/Auth/sendSmsCode: captcha first, then the send limits, then the provider, then the code is kept. */
export class SmsService {
  private readonly limits: SmsLimiters;

  constructor(
    private readonly deps: {
      captchas: CaptchaService;
      codes: SmsCodeStore;
      limits: RateLimitStore;
      provider: SmsProvider;
      log: FastifyBaseLogger;
      metrics: Pick<AppMetrics, 'smsSent'>;
    },
  ) {
    this.limits = new SmsLimiters(deps.limits);
  }

  /** Every limit checked before any is counted: a refused send counts nowhere. */
  private async assertWithinLimits(phone: string, ip: string): Promise<void> {
    const { perPhoneInterval, perPhonePerHour, perPhonePerDay, perAddressPerDay } = this.limits;
    for (const [limit, key] of [[perPhoneInterval, phone], [perPhonePerHour, phone], [perPhonePerDay, phone], [perAddressPerDay, ip]] as const) {
      if ((await limit.count(key)) >= limit.limit) {
        this.deps.metrics.smsSent('limited');
        throw tooMany(Messages.smsTooFrequent);
      }
    }
  }

  private async countSend(phone: string, ip: string): Promise<void> {
    const { perPhoneInterval, perPhonePerHour, perPhonePerDay, perAddressPerDay } = this.limits;
    await Promise.all([perPhoneInterval.hit(phone), perPhonePerHour.hit(phone), perPhonePerDay.hit(phone), perAddressPerDay.hit(ip)]);
  }

  /**
   * Sends whether or not the phone has an account, and answers the same either way: whether a
   * phone is registered is told only to whoever proves it is theirs with the code (register,
   * editPassword and smsLogin check the code first). The send limits bound what that costs.
   */
  async send(request: SendSmsRequest, ip: string): Promise<void> {
    await this.sendCode({ phone: request.iphone, captchaId: request.captchaId, key: request.purpose, template: smsTemplateOf(request.purpose) }, ip);
  }

  /**
   * A 预约's code (ReserveRoutes.sendSms): bound to the phone and the campaign, sent with the login
   * template ("your code is …"), under the same captcha and send limits as every other code.
   */
  async sendReserveCode(phone: string, captchaId: string, campaignId: string, ip: string): Promise<void> {
    await this.sendCode({ phone, captchaId, key: reserveCodeKey(campaignId), template: 'login' }, ip);
  }

  private async sendCode(request: { phone: string; captchaId: string; key: SmsCodeKey; template: SmsPurpose }, ip: string): Promise<void> {
    const { captchas, codes, provider } = this.deps;
    const { phone } = request;
    assertValid(checkPhone(phone));
    // Every send spends one passed captcha, whatever happens next.
    if (!(await captchas.consumePassed(request.captchaId))) throw invalid(Messages.captchaNotPassed);
    await this.assertWithinLimits(phone, ip);
    await this.countSend(phone, ip);
    const code = randomDigits(Limits.smsCodeLength);
    try {
      // The provider knows templates, not purposes: a bind code goes out with the login template.
      await provider.send(phone, code, request.template);
      this.deps.metrics.smsSent('sent');
    } catch (error) {
      throw this.refusal(error, phone, request.key);
    }
    // Stored only once the provider has taken the message: a code the user never received is never
    // valid, not even while the send is under way, and a refused send leaves alone the code the
    // user did receive before.
    await codes.save(phone, request.key, code);
  }

  /** What the user reads when the provider did not send, and the line that tells the operator why. */
  private refusal(error: unknown, phone: string, purpose: SmsCodeKey): BusinessError {
    const { log, metrics } = this.deps;
    metrics.smsSent(error instanceof SmsSendError ? SMS_RESULTS[error.kind] : 'error');
    if (!(error instanceof SmsSendError)) {
      log.error({ err: error, phone: maskPhone(phone) }, 'SMS provider failed');
      return new BusinessError(AnswerCode.serverError, Messages.smsSendFailed);
    }
    const details = { provider: error.provider, providerCode: error.providerCode, phone: maskPhone(phone), purpose };
    switch (error.kind) {
      case 'tooFrequent':
        log.warn(details, `SMS not sent: ${error.detail}`);
        return tooMany(Messages.smsTooFrequent);
      case 'badNumber':
        log.warn(details, `SMS not sent: ${error.detail}`);
        return invalid(Messages.smsPhoneRejected);
      case 'unavailable':
        log.error(details, `SMS not sent: ${error.detail}`);
        return new BusinessError(AnswerCode.serverError, Messages.smsSendFailed);
    }
  }
}
