import { Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { tooMany } from '../../http/envelope';
import type { RateLimit, RateLimitStore } from '../../sharedState/rateLimits/rateLimit';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many accounts one address may make in a day, counted across servers and restarts: without
 * it, one address could make a QR account every few seconds, each with its own published sites.
 * Accounts WeChat vouches for (one per WeChat user) are not counted.
 */
export class NewAccountLimit {
  private readonly limit: RateLimit;

  constructor(store: RateLimitStore) {
    this.limit = store.limit('newAccountsPerIp', { limit: Security.newAccountsPerIpPerDay, windowMs: DAY_MS });
  }

  /** Counts a new account for `address`, or refuses it past the day's limit. */
  async admit(address: string): Promise<void> {
    if (!(await this.limit.take(address))) throw tooMany(Messages.tooManyNewAccounts);
  }
}
