import type { Db } from '../db/database';
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
 * Sliding-window counters in SQLite, shared by login throttling, captcha, SMS, QR and (later)
 * generation limits. Rows survive a restart, so restarting the server does not reset a lock.
 */
export class RateLimiter {
  private readonly insert;
  private readonly countSince;
  private readonly distinctSince;
  private readonly latest;
  private readonly deleteKey;
  private readonly deleteOld;

  constructor(
    db: Db,
    private readonly now: Clock,
  ) {
    this.insert = db.prepare<[string, string, number]>('INSERT INTO rate_events (scope, key, at) VALUES (?, ?, ?)');
    this.countSince = db.prepare<[string, string, number], { n: number }>('SELECT COUNT(*) AS n FROM rate_events WHERE scope = ? AND key = ? AND at > ?');
    this.distinctSince = db.prepare<[string, string, string, number], { n: number }>(
      'SELECT COUNT(DISTINCT key) AS n FROM rate_events WHERE scope = ? AND key >= ? AND key < ? AND at > ?',
    );
    this.latest = db.prepare<[string, string], { at: number | null }>('SELECT MAX(at) AS at FROM rate_events WHERE scope = ? AND key = ?');
    this.deleteKey = db.prepare<[string, string]>('DELETE FROM rate_events WHERE scope = ? AND key = ?');
    this.deleteOld = db.prepare<[number]>('DELETE FROM rate_events WHERE at <= ?');
  }

  hit(scope: RateScopeName, key: string): void {
    this.insert.run(scope, key, this.now());
  }

  /** Events of (scope, key) in the last `windowSeconds`. */
  count(scope: RateScopeName, key: string, windowSeconds: number): number {
    return this.countSince.get(scope, key, this.now() - windowSeconds * 1000)?.n ?? 0;
  }

  /**
   * Distinct keys `${prefix}|...` of (scope) with an event in the last `windowSeconds`: how many
   * addresses failed for one phone. '}' sorts right after '|', so the prefix is an index range.
   */
  countDistinct(scope: RateScopeName, prefix: string, windowSeconds: number): number {
    return this.distinctSince.get(scope, `${prefix}|`, `${prefix}}`, this.now() - windowSeconds * 1000)?.n ?? 0;
  }

  /** Seconds since the last event of (scope, key), or null when there is none. */
  secondsSinceLast(scope: RateScopeName, key: string): number | null {
    const at = this.latest.get(scope, key)?.at;
    return at == null ? null : (this.now() - at) / 1000;
  }

  clear(scope: RateScopeName, key: string): void {
    this.deleteKey.run(scope, key);
  }

  prune(): void {
    this.deleteOld.run(this.now() - KEEP_MS);
  }
}
