import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import { chinaTime } from '../../http/chinaTime';

/** How often a server writes the views it counted. */
export const VISITS_FLUSH_MS = 5000;

/**
 * Views of published pages, by page and China-time day: counted in memory as the pages are served
 * and added to the database every few seconds, so a view costs no query. Nothing of the visitor is
 * kept: no cookie, no address.
 */
export class Visits {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly now: Clock,
  ) {}

  count(slug: string): void {
    const key = `${slug} ${chinaTime(this.now()).slice(0, 10)}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  start(onError: (error: unknown) => void): void {
    this.timer = setInterval(() => this.flush().catch(onError), VISITS_FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Adds what was counted since the last time to the database. */
  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const counted = this.pending;
    this.pending = new Map();
    for (const [key, count] of counted) {
      const [slug, day] = key.split(' ');
      await this.sql
        .insertInto('published_visits')
        .values({ slug, day, count })
        .onConflict((conflict) => conflict.columns(['slug', 'day']).doUpdateSet((eb) => ({ count: eb('published_visits.count', '+', eb.ref('excluded.count')) })))
        .execute();
    }
  }
}
