import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

export type Db = Database.Database;

/** The database file inside DATA_DIR; browser tests read the SMS outbox and captchas from it. */
export const DATABASE_FILE = 'app.db';

/** Opens (creating if needed) the SQLite file with the settings every connection must have. */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  // WAL lets readers (tests, backups) run beside the one writer; NORMAL is durable enough with WAL.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // A second process (a test reading the outbox) may hold a lock for a moment: wait, do not fail.
  db.pragma('busy_timeout = 5000');
  return db;
}
