import { AnswerCode } from '../../../contract/envelope';
import { Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { BusinessError, tooMany } from '../../http/envelope';
import { RateScope, type RateLimiter } from '../../security/rateLimiter';
import type { CaptchaService } from './captcha';

/**
 * Login throttling (DESIGN.md section 8, ASVS 6.3.1): after 3 failures in 15 minutes for a phone or
 * an IP every attempt needs a passed captcha; 10 failures for a phone lock it for 15 minutes.
 */
export class LoginGuard {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly captchas: CaptchaService,
  ) {}

  /** Runs before the password is checked; throws 429, 423 or 428, and spends the captcha when needed. */
  admit(phone: string, ip: string, captchaId: string | undefined): void {
    const { limiter } = this;
    if (limiter.count(RateScope.loginAttemptIp, ip, 60) >= Security.loginPerIpPerMinute) throw tooMany();
    limiter.hit(RateScope.loginAttemptIp, ip);
    if (limiter.count(RateScope.loginLock, phone, Security.loginLockSeconds) > 0) {
      throw new BusinessError(AnswerCode.locked, Messages.loginLocked);
    }
    const window = Security.loginFailureWindowSeconds;
    const failures = Math.max(limiter.count(RateScope.loginFailPhone, phone, window), limiter.count(RateScope.loginFailIp, ip, window));
    if (failures >= Security.loginCaptchaAfterFailures && !this.captchas.consumePassed(captchaId)) {
      throw new BusinessError(AnswerCode.captchaRequired, Messages.loginNeedsCaptcha);
    }
  }

  /** Records a wrong password; true when this failure locked the phone. */
  failed(phone: string, ip: string): boolean {
    this.limiter.hit(RateScope.loginFailPhone, phone);
    this.limiter.hit(RateScope.loginFailIp, ip);
    if (this.limiter.count(RateScope.loginFailPhone, phone, Security.loginFailureWindowSeconds) < Security.loginLockAfterFailures) return false;
    // While locked no attempt is counted, and the lock lasts as long as the failure window, so the
    // failures that caused it have aged out when it ends.
    this.limiter.hit(RateScope.loginLock, phone);
    return true;
  }

  /** The phone's owner got in: their earlier typos no longer count (the IP's do, on purpose). */
  succeeded(phone: string): void {
    this.limiter.clear(RateScope.loginFailPhone, phone);
  }
}
