/**
 * Runs the migrations (migrations/index.ts) on either database. SQLite records how many have run
 * in PRAGMA user_version, each with its version bump in one transaction; PostgreSQL in the table
 * migration_version, all pending ones in one transaction under an advisory lock.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from './database';
import type { DatabaseSchema } from './schema';
import { MIGRATIONS } from './migrations';
import { migrationKit, type Migration } from './migrations/kit';

function newerThanKnown(current: number, known: number): Error {
  return new Error(`The database is at schema version ${current}, newer than this server knows (${known}).`);
}

/** Brings a SQLite file up to date; each migration and its version bump commit together or not at all. */
export function runMigrations(db: Db, migrations: readonly Migration[] = MIGRATIONS): number {
  const kit = migrationKit('sqlite');
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) throw newerThanKnown(current, migrations.length);
  for (let version = current; version < migrations.length; version += 1) {
    db.transaction(() => {
      for (const step of migrations[version].up(kit)) {
        const { sql: text, parameters } = step.compile();
        db.prepare(text).run(...parameters);
      }
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return migrations.length;
}

/** Any fixed number: the advisory lock every server takes to migrate. */
const MIGRATION_LOCK = 7_240_114;

/**
 * PostgreSQL databases made before the migrations were written once kept their own list, whose
 * first step was the first eleven of MIGRATIONS, and recorded its length in schema_version.
 */
const LEGACY_FIRST_STEP = 11;

/**
 * Brings a PostgreSQL schema up to date in one transaction under an advisory lock: when several
 * servers start together, one migrates and the others wait, then find nothing left to do.
 */
export async function runPostgresMigrations(db: Kysely<DatabaseSchema>, migrations: readonly Migration[] = MIGRATIONS, schema?: string): Promise<number> {
  const kit = migrationKit('postgres');
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    // Under the lock: two servers creating the same schema at once would otherwise collide.
    if (schema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(trx);
    await adoptLegacyVersion(trx);
    await sql`CREATE TABLE IF NOT EXISTS migration_version (version INTEGER NOT NULL)`.execute(trx);
    const { rows } = await sql<{ version: number }>`SELECT version FROM migration_version`.execute(trx);
    const current = rows[0]?.version ?? 0;
    if (!rows.length) await sql`INSERT INTO migration_version (version) VALUES (0)`.execute(trx);
    if (current > migrations.length) throw newerThanKnown(current, migrations.length);
    for (let version = current; version < migrations.length; version += 1) {
      for (const step of migrations[version].up(kit)) await trx.executeQuery(step.compile());
    }
    await sql`UPDATE migration_version SET version = ${migrations.length}`.execute(trx);
  });
  return migrations.length;
}

/** Moves a legacy schema_version (LEGACY_FIRST_STEP) to migration_version, counted as MIGRATIONS counts. */
async function adoptLegacyVersion(trx: Kysely<DatabaseSchema>): Promise<void> {
  const { rows } = await sql<{ legacy: string | null; current: string | null }>`
    SELECT to_regclass('schema_version')::text AS legacy, to_regclass('migration_version')::text AS current`.execute(trx);
  if (!rows[0].legacy || rows[0].current) return;
  const { rows: legacy } = await sql<{ version: number }>`SELECT version FROM schema_version`.execute(trx);
  const steps = legacy[0]?.version ?? 0;
  const version = steps > 0 ? steps + LEGACY_FIRST_STEP - 1 : 0;
  await sql`CREATE TABLE migration_version (version INTEGER NOT NULL)`.execute(trx);
  await sql`INSERT INTO migration_version (version) VALUES (${version})`.execute(trx);
  // Gone, so that an older server stops at its first migration rather than take the schema as its own.
  await sql`DROP TABLE schema_version`.execute(trx);
}
