import type { FastifyBaseLogger } from 'fastify';
import { smsTemplateOf, type SendSmsRequest, type SmsCodePurpose } from '../../../contract/auth';
import { AnswerCode } from '../../../contract/envelope';
import { Limits, Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { checkPhone } from '../../../contract/validation';
import { BusinessError, assertValid, invalid, tooMany } from '../../http/envelope';
import { randomDigits } from '../../security/secrets';
import { RateScope, type RateLimiter } from '../../security/rateLimiter';
import type { CaptchaService } from './captcha';
import type { SmsCodeStore } from './smsCodes';
import { SmsSendError } from './smsFailure';
import type { SmsProvider } from './smsProviders';
import { maskPhone } from './smsProviders';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** POST /api/Auth/sendSmsCode: captcha first, then the send limits, then the provider, then the code is kept. */
export class SmsService {
  constructor(
    private readonly deps: {
      captchas: CaptchaService;
      codes: SmsCodeStore;
      limiter: RateLimiter;
      provider: SmsProvider;
      log: FastifyBaseLogger;
    },
  ) {}

  private async assertWithinLimits(phone: string, ip: string): Promise<void> {
    const { limiter } = this.deps;
    const sinceLast = await limiter.secondsSinceLast(RateScope.smsPhone, phone);
    const tooSoon = sinceLast !== null && sinceLast < Security.smsMinIntervalSeconds;
    if (
      tooSoon ||
      (await limiter.count(RateScope.smsPhone, phone, HOUR)) >= Security.smsPerPhonePerHour ||
      (await limiter.count(RateScope.smsPhone, phone, DAY)) >= Security.smsPerPhonePerDay ||
      (await limiter.count(RateScope.smsIp, ip, DAY)) >= Security.smsPerIpPerDay
    ) {
      throw tooMany(Messages.smsTooFrequent);
    }
  }

  /**
   * Sends whether or not the phone has an account, and answers the same either way: whether a
   * phone is registered is told only to whoever proves it is theirs with the code (register,
   * editPassword and smsLogin check the code first). The send limits bound what that costs.
   */
  async send(request: SendSmsRequest, ip: string): Promise<void> {
    const { captchas, codes, limiter, provider } = this.deps;
    const phone = request.iphone;
    assertValid(checkPhone(phone));
    // Every send spends one passed captcha, whatever happens next.
    if (!(await captchas.consumePassed(request.captchaId))) throw invalid(Messages.captchaNotPassed);
    await this.assertWithinLimits(phone, ip);
    await limiter.hit(RateScope.smsPhone, phone);
    await limiter.hit(RateScope.smsIp, ip);
    const code = randomDigits(Limits.smsCodeLength);
    try {
      // The provider knows templates, not purposes: a bind code goes out with the login template.
      await provider.send(phone, code, smsTemplateOf(request.purpose));
    } catch (error) {
      throw this.refusal(error, phone, request.purpose);
    }
    // Stored only once the provider has taken the message: a code the user never received is never
    // valid, not even while the send is under way, and a refused send leaves alone the code the
    // user did receive before.
    await codes.save(phone, request.purpose, code);
  }

  /** What the user reads when the provider did not send, and the line that tells the operator why. */
  private refusal(error: unknown, phone: string, purpose: SmsCodePurpose): BusinessError {
    const { log } = this.deps;
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
