import { AnswerCode } from '../../../contract/envelope';
import { Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { BusinessError } from '../../http/envelope';
import { RateScope, type RateLimiter } from '../../security/rateLimiter';
import type { CaptchaService } from './captcha';

const pairKey = (phone: string, ip: string): string => `${phone}|${ip}`;

/**
 * Password-login throttling (DESIGN.md section 8, ASVS 6.3.1), counted per (phone, address) so
 * that nobody can lock another person out: after 3 failures the guessing address needs a passed
 * captcha for that phone, after 10 it is locked out of it for 15 minutes; the owner, from their own
 * address, is not affected. An address failing for many phones needs a captcha for all of them.
 * Only clear abuse from many addresses (30 failures from 10 addresses) stops the phone's password
 * logins for everyone, and then the owner signs in with an SMS code (AuthService.smsLogin).
 * Attempts per address and minute are limited at the route (@fastify/rate-limit).
 */
export class LoginGuard {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly captchas: CaptchaService,
  ) {}

  /** Runs before the password is checked; throws 423 or 428, and spends the captcha when one is needed. */
  async admit(phone: string, ip: string, captchaId: string | undefined): Promise<void> {
    const { limiter } = this;
    if ((await limiter.count(RateScope.loginLockPhone, phone, Security.loginLockSeconds)) > 0) {
      throw new BusinessError(AnswerCode.locked, Messages.loginLockedUseSms);
    }
    if ((await limiter.count(RateScope.loginLockPair, pairKey(phone, ip), Security.loginLockSeconds)) > 0) {
      throw new BusinessError(AnswerCode.locked, Messages.loginLocked);
    }
    const window = Security.loginFailureWindowSeconds;
    const needsCaptcha =
      (await limiter.count(RateScope.loginFailPair, pairKey(phone, ip), window)) >= Security.loginCaptchaAfterFailures ||
      (await limiter.count(RateScope.loginFailIp, ip, window)) >= Security.loginCaptchaAfterAddressFailures;
    if (needsCaptcha && !(await this.captchas.consumePassed(captchaId))) {
      throw new BusinessError(AnswerCode.captchaRequired, Messages.loginNeedsCaptcha);
    }
  }

  /** Records a wrong password; throws the lock when this failure locked the address or the phone. */
  async failed(phone: string, ip: string): Promise<void> {
    const { limiter } = this;
    const pair = pairKey(phone, ip);
    const window = Security.loginFailureWindowSeconds;
    await limiter.hit(RateScope.loginFailPair, pair);
    await limiter.hit(RateScope.loginFailPhone, phone);
    await limiter.hit(RateScope.loginFailIp, ip);
    // While locked no attempt is counted, and a lock lasts as long as the failure window, so the
    // failures that caused it have aged out when it ends.
    if (
      (await limiter.count(RateScope.loginFailPhone, phone, window)) >= Security.loginPhoneLockAfterFailures &&
      (await limiter.countDistinct(RateScope.loginFailPair, phone, window)) >= Security.loginPhoneLockMinAddresses
    ) {
      await limiter.hit(RateScope.loginLockPhone, phone);
      throw new BusinessError(AnswerCode.locked, Messages.loginLockedUseSms);
    }
    if ((await limiter.count(RateScope.loginFailPair, pair, window)) >= Security.loginLockAfterFailures) {
      await limiter.hit(RateScope.loginLockPair, pair);
      throw new BusinessError(AnswerCode.locked, Messages.loginLocked);
    }
  }

  /** The phone's owner got in from this address: its earlier typos there no longer count. */
  async succeeded(phone: string, ip: string): Promise<void> {
    await this.limiter.clear(RateScope.loginFailPair, pairKey(phone, ip));
  }
}
