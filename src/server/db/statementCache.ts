import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { Db } from './database';

/** Enough for every query the server writes, several times over; an IN list of each length is its own. */
const STATEMENTS_KEPT = 1_000;

/**
 * The SQLite handle as Kysely sees it, with each statement compiled once: Kysely asks the handle to
 * prepare every query it runs, and compiling took a fifth of a job poll's time. Kysely runs one
 * query at a time on the handle and never streams here, so a statement is never in use twice.
 * The least recently used statements are let go past STATEMENTS_KEPT, so that odd queries
 * (an IN list of every length) cannot grow the cache without bound.
 */
export function withStatementCache(db: Db, kept = STATEMENTS_KEPT): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        // Last used goes last: the first in the map is the one to let go.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = db.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > kept) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
