import { sql } from 'kysely';
import type { Sql } from '../db/connection';
import { likeLiteral } from '../db/like';
import type { Clock } from '../clock';

/** The event kinds counted in rate_events; keys are phones, IPs or user ids. */
export const RateScope = {
  /** Keys `phone|address`: the failures of one address for one phone. */
  loginFailPair: 'login-fail-pair',
  loginFailPhone: 'login-fail-phone',
  loginFailIp: 'login-fail-ip',
  loginLockPair: 'login-lock-pair',
  loginLockPhone: 'login-lock-phone',
  smsPhone: 'sms-phone',
  smsIp: 'sms-ip',
  operateLogIp: 'operate-log-ip',
} as const;

export type RateScopeName = (typeof RateScope)[keyof typeof RateScope];

/** Nothing counts events older than a day; keep two so that "per day" windows stay exact. */
const KEEP_MS = 2 * 24 * 3600 * 1000;

/**
 * Sliding-window counters in the database, shared by login throttling, captcha, SMS, QR and (later)
 * generation limits. Rows survive a restart, so restarting the server does not reset a lock.
 */
export class RateLimiter {
  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
  ) {}

  async hit(scope: RateScopeName, key: string): Promise<void> {
    await this.db.insertInto('rate_events').values({ scope, key, at: this.now() }).execute();
  }

  /** Events of (scope, key) in the last `windowSeconds`. */
  async count(scope: RateScopeName, key: string, windowSeconds: number): Promise<number> {
    const row = await this.db
      .selectFrom('rate_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('at', '>', this.now() - windowSeconds * 1000)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Distinct keys `${prefix}|...` of (scope) with an event in the last `windowSeconds`: how many
   * addresses failed for one phone. A LIKE on the escaped prefix, which means the same under any
   * collation (a range from '|' to '}' would not on PostgreSQL).
   */
  async countDistinct(scope: RateScopeName, prefix: string, windowSeconds: number): Promise<number> {
    const pattern = `${likeLiteral(prefix)}|%`;
    const row = await this.db
      .selectFrom('rate_events')
      .select(sql<number>`COUNT(DISTINCT key)`.as('n'))
      .where('scope', '=', scope)
      .where(sql<boolean>`key LIKE ${pattern} ESCAPE '\\'`)
      .where('at', '>', this.now() - windowSeconds * 1000)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Seconds since the last event of (scope, key), or null when there is none. */
  async secondsSinceLast(scope: RateScopeName, key: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('rate_events')
      .select((eb) => eb.fn.max('at').as('at'))
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    const at = row?.at;
    return at == null ? null : (this.now() - Number(at)) / 1000;
  }

  async clear(scope: RateScopeName, key: string): Promise<void> {
    await this.db.deleteFrom('rate_events').where('scope', '=', scope).where('key', '=', key).execute();
  }

  async prune(): Promise<void> {
    await this.db.deleteFrom('rate_events').where('at', '<=', this.now() - KEEP_MS).execute();
  }
}
