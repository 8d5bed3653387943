import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import { amountOf, type RateLimit, type RateLimitStore, type RateWindow } from './rateLimit';

/** No window is longer than a day; events are kept two, so that "per day" counts stay exact. */
const KEEP_MS = 2 * 24 * 3600 * 1000;

/**
 * Limits in the database (rate_events, one row per event, `scope` the limit's name): what must
 * outlast a restart when there is no Redis, such as login locks and the SMS codes of a day.
 */
export class SqlRateLimits implements RateLimitStore {
  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
  ) {}

  limit(scope: string, { limit, windowMs }: RateWindow): RateLimit {
    const { db, now } = this;
    const count = async (key: string): Promise<number> => {
      const row = await db
        .selectFrom('rate_events')
        .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('at', '>', now() - windowMs)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    };
    const hit: RateLimit['hit'] = async (key, event) => {
      const member = event && 'member' in event ? event.member : null;
      // A member seen again replaces its earlier event.
      if (member !== null) await db.deleteFrom('rate_events').where('scope', '=', scope).where('key', '=', key).where('member', '=', member).execute();
      await db.insertInto('rate_events').values({ scope, key, at: now(), member, amount: amountOf(event) }).execute();
    };
    return {
      limit,
      windowMs,
      count,
      hit,
      // Counted and then written: one server alone, and a request or two over the limit at a
      // burst costs nothing (several servers count in Redis, atomically).
      async take(key) {
        if ((await count(key)) >= limit) return false;
        await hit(key);
        return true;
      },
      async reset(key) {
        await db.deleteFrom('rate_events').where('scope', '=', scope).where('key', '=', key).execute();
      },
    };
  }

  async prune(): Promise<void> {
    await this.db.deleteFrom('rate_events').where('at', '<=', this.now() - KEEP_MS).execute();
  }
}
