import type { Sql } from '../../db/connection';
import { WordMatcher } from './wordMatcher';

/** How long a server goes by the list it read: an edit on another server applies within this. */
const FRESH_MS = 3000;

/** The sensitive-word list (敏感词), kept in the database so that every server checks the same one. */
export class SensitiveWords {
  private matcher: WordMatcher | null = null;
  private readAt = -Infinity;

  constructor(private readonly sql: Sql) {}

  async list(db: Sql = this.sql): Promise<string[]> {
    const rows = await db.selectFrom('sensitive_words').select('word').orderBy('word').execute();
    return rows.map((row) => row.word);
  }

  /** Replaces the whole list, inside the caller's transaction. */
  async replace(db: Sql, words: readonly string[]): Promise<void> {
    await db.deleteFrom('sensitive_words').execute();
    // In slices: SQLite binds at most 32766 parameters a statement.
    for (let at = 0; at < words.length; at += 500) {
      await db
        .insertInto('sensitive_words')
        .values(words.slice(at, at + 500).map((word) => ({ word })))
        .execute();
    }
    this.readAt = -Infinity;
  }

  /** The first word of the list found in `text`, as the operator wrote it; null if none. */
  async find(text: string): Promise<string | null> {
    if (!this.matcher || Date.now() - this.readAt >= FRESH_MS) {
      const startedAt = Date.now();
      this.matcher = new WordMatcher(await this.list());
      this.readAt = startedAt;
    }
    return this.matcher.find(text);
  }
}
