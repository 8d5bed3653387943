import { AnswerCode } from '../../../contract/envelope';
import { Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { BusinessError } from '../../http/envelope';
import type { RateLimitStore } from '../../sharedState/rateLimits/rateLimit';
import type { CaptchaService } from './captcha';
import { LoginLimiters } from './rateLimits';

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
  private readonly limits: LoginLimiters;

  constructor(
    store: RateLimitStore,
    private readonly captchas: CaptchaService,
  ) {
    this.limits = new LoginLimiters(store);
  }

  /** Runs before the password is checked; throws 423 or 428, and spends the captcha when one is needed. */
  async admit(phone: string, ip: string, captchaId: string | undefined): Promise<void> {
    const { limits } = this;
    if ((await limits.lockedPhones.count(phone)) > 0) {
      throw new BusinessError(AnswerCode.locked, Messages.loginLockedUseSms);
    }
    if ((await limits.lockedPairs.count(pairKey(phone, ip))) > 0) {
      throw new BusinessError(AnswerCode.locked, Messages.loginLocked);
    }
    const needsCaptcha =
      (await limits.failuresPerPair.count(pairKey(phone, ip))) >= Security.loginCaptchaAfterFailures ||
      (await limits.failuresPerAddress.count(ip)) >= Security.loginCaptchaAfterAddressFailures;
    if (needsCaptcha && !(await this.captchas.consumePassed(captchaId))) {
      throw new BusinessError(AnswerCode.captchaRequired, Messages.loginNeedsCaptcha);
    }
  }

  /** Records a wrong password; throws the lock when this failure locked the address or the phone. */
  async failed(phone: string, ip: string): Promise<void> {
    const { limits } = this;
    const pair = pairKey(phone, ip);
    await limits.failuresPerPair.hit(pair);
    await limits.failuresPerPhone.hit(phone);
    await limits.failuresPerAddress.hit(ip);
    await limits.failingAddressesPerPhone.hit(phone, { member: ip });
    // While locked no attempt is counted, and a lock lasts as long as the failure window, so the
    // failures that caused it have aged out when it ends.
    if (
      (await limits.failuresPerPhone.count(phone)) >= Security.loginPhoneLockAfterFailures &&
      (await limits.failingAddressesPerPhone.count(phone)) >= Security.loginPhoneLockMinAddresses
    ) {
      await limits.lockedPhones.hit(phone);
      throw new BusinessError(AnswerCode.locked, Messages.loginLockedUseSms);
    }
    if ((await limits.failuresPerPair.count(pair)) >= Security.loginLockAfterFailures) {
      await limits.lockedPairs.hit(pair);
      throw new BusinessError(AnswerCode.locked, Messages.loginLocked);
    }
  }

  /** The phone's owner got in from this address: its earlier typos there no longer count. */
  async succeeded(phone: string, ip: string): Promise<void> {
    await this.limits.failuresPerPair.reset(pairKey(phone, ip));
  }
}
