import type { PublishedTakedown } from '../../../contract/moderation';
import type { Sql } from '../../db/connection';

/** How long a server goes by the taken-down pages it read: a takedown on another server is seen within this. */
const FRESH_MS = 1000;

/**
 * The pages operators took down, as every request for /pub/ asks: one query a second at most,
 * whatever the traffic (the whole list: only a few pages are ever down at once), and read again
 * at once after a change made on this server.
 */
export class Takedowns {
  private down: Set<string> = new Set();
  private readAt = -Infinity;
  private reading: Promise<Set<string>> | null = null;

  constructor(private readonly sql: Sql) {}

  async isDown(slug: string): Promise<boolean> {
    if (Date.now() - this.readAt >= FRESH_MS) await this.read();
    return this.down.has(slug);
  }

  /** After a takedown or a restore here: the next request reads the list again. */
  forget(): void {
    this.readAt = -Infinity;
  }

  /** What the owner's lists show of each of `slugs` that is down. */
  async of(slugs: readonly string[]): Promise<Map<string, PublishedTakedown>> {
    if (!slugs.length) return new Map();
    const rows = await this.sql.selectFrom('published_takedowns').select(['slug', 'reason', 'review_requested_at']).where('slug', 'in', [...slugs]).execute();
    return new Map(rows.map((row) => [row.slug, { reason: row.reason, reviewRequested: row.review_requested_at !== null }]));
  }

  private read(): Promise<Set<string>> {
    this.reading ??= (async () => {
      try {
        const startedAt = Date.now();
        const rows = await this.sql.selectFrom('published_takedowns').select('slug').execute();
        this.down = new Set(rows.map((row) => row.slug));
        this.readAt = startedAt;
        return this.down;
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }
}
