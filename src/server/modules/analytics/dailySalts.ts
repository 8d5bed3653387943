import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/connection';

/**
 * One random salt per China-time day, the same on every server (the first to need it writes it,
 * the others read it), kept in memory for the day. Once the day is over housekeeping deletes it:
 * a visitor hash of that day can then never be made again from an address and a browser.
 */
export class DailySalts {
  private today: { day: string; salt: Promise<string> } | null = null;

  constructor(private readonly sql: Sql) {}

  of(day: string): Promise<string> {
    if (this.today?.day !== day) {
      const salt = this.read(day);
      this.today = { day, salt };
      // A failed read is tried again by the next view, not kept.
      salt.catch(() => {
        if (this.today?.salt === salt) this.today = null;
      });
    }
    return this.today.salt;
  }

  private async read(day: string): Promise<string> {
    await this.sql
      .insertInto('analytics_salts')
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    const row = await this.sql.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    return row.salt;
  }

  /** Deletes the salts and the visitor hashes of the days before `today`. */
  async prune(today: string): Promise<void> {
    await this.sql.deleteFrom('analytics_salts').where('day', '<', today).execute();
    await this.sql.deleteFrom('site_visitor_marks').where('day', '<', today).execute();
  }
}
