import { Security } from '../../../contract/limits';
import type { RateLimit, RateLimitStore } from '../../sharedState/rateLimits/rateLimit';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

/**
 * Password-login throttling (loginGuard.ts), in the store that outlasts a restart: a lock must not
 * end because the server restarted. The names are those of the events kept before, so that the
 * locks and failures of the moment survive an upgrade too.
 */
export class LoginLimiters {
  /** Failures of one address for one phone (key `phone|address`): a captcha after a few, a lock after more. */
  readonly failuresPerPair: RateLimit;
  readonly failuresPerPhone: RateLimit;
  readonly failuresPerAddress: RateLimit;
  /** The addresses failing for a phone (key the phone, each address a member). */
  readonly failingAddressesPerPhone: RateLimit;
  /** A lock is one event that lasts the lock's time. */
  readonly lockedPairs: RateLimit;
  readonly lockedPhones: RateLimit;

  constructor(store: RateLimitStore) {
    const failures = Security.loginFailureWindowSeconds * SECOND;
    const lock = { limit: 1, windowMs: Security.loginLockSeconds * SECOND };
    this.failuresPerPair = store.limit('login-fail-pair', { limit: Security.loginLockAfterFailures, windowMs: failures });
    this.failuresPerPhone = store.limit('login-fail-phone', { limit: Security.loginPhoneLockAfterFailures, windowMs: failures });
    this.failuresPerAddress = store.limit('login-fail-ip', { limit: Security.loginCaptchaAfterAddressFailures, windowMs: failures });
    this.failingAddressesPerPhone = store.limit('login-fail-addresses', { limit: Security.loginPhoneLockMinAddresses, windowMs: failures });
    this.lockedPairs = store.limit('login-lock-pair', lock);
    this.lockedPhones = store.limit('login-lock-phone', lock);
  }
}

/**
 * SMS codes sent (smsService.ts), in the store that outlasts a restart: a restart must not give a
 * phone a new day of codes. The day's limits keep the names of the events kept before.
 */
export class SmsLimiters {
  readonly perPhoneInterval: RateLimit;
  readonly perPhonePerHour: RateLimit;
  readonly perPhonePerDay: RateLimit;
  readonly perAddressPerDay: RateLimit;

  constructor(store: RateLimitStore) {
    this.perPhoneInterval = store.limit('sms-phone-interval', { limit: 1, windowMs: Security.smsMinIntervalSeconds * SECOND });
    this.perPhonePerHour = store.limit('sms-phone-hour', { limit: Security.smsPerPhonePerHour, windowMs: HOUR });
    this.perPhonePerDay = store.limit('sms-phone', { limit: Security.smsPerPhonePerDay, windowMs: DAY });
    this.perAddressPerDay = store.limit('sms-ip', { limit: Security.smsPerIpPerDay, windowMs: DAY });
  }
}

/** Visits logged per address (operateLog.ts): a flood guard, which a restart may reset. */
export class OperateLogLimiters {
  readonly perAddress: RateLimit;

  constructor(store: RateLimitStore) {
    this.perAddress = store.limit('operateLog:perIp', { limit: Security.operateLogPerIpPerMinute, windowMs: 60 * SECOND });
  }
}
