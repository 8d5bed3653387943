/**
 * Databases made before the schema's history was written once for both engines are taken as they
 * are: a SQLite file at its user_version and a PostgreSQL schema at its schema_version are up to
 * date for today's server, keep their rows, get the migrations written after them, and end in the
 * shape of a database made today.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectSqlite, type DatabaseConnection } from '../../../src/server/db/connection';
import { openDatabase } from '../../../src/server/db/database';
import { runMigrations, runPostgresMigrations } from '../../../src/server/db/migrate';
import { MIGRATIONS } from '../../../src/server/db/migrations';
import type { Migration } from '../../../src/server/db/migrations/kit';
import type { DatabaseSchema } from '../../../src/server/db/schema';
import { runLegacyPostgresMigrations } from './legacy/postgresMigrations';
import { runLegacySqliteMigrations } from './legacy/sqliteMigrations';
import { shapeOf } from './schemaShape';
import { connectTestPostgres, connectTestSqlite, postgresUrl, testDatabases } from './testDatabases';

/** A migration written after today's: a table of its own. */
const later: Migration = { name: 'later', up: ({ schema }) => [schema.createTable('later_table').addColumn('x', 'integer')] };

describe('a SQLite file of an older server', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-adoption-test-'));
  });

  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is up to date at its user_version, keeps its rows, and gets the migrations after it', async () => {
    const old = openDatabase(dataDir);
    runLegacySqliteMigrations(old);
    old.prepare("INSERT INTO users (name, mobile, created_at, updated_at) VALUES ('老用户', '13800138000', 1, 1)").run();
    old.close();

    const adopted = connectSqlite(dataDir);
    const fresh = await connectTestSqlite();
    try {
      expect(adopted.sqlite.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(adopted.sqlite.prepare('SELECT name, mobile FROM users').all()).toEqual([{ name: '老用户', mobile: '13800138000' }]);
      expect(await shapeOf(adopted)).toEqual(await shapeOf(fresh));

      expect(runMigrations(adopted.sqlite, [...MIGRATIONS, later])).toBe(MIGRATIONS.length + 1);
      expect(adopted.sqlite.prepare("SELECT name FROM sqlite_master WHERE name = 'later_table'").all()).toEqual([{ name: 'later_table' }]);
    } finally {
      await adopted.close();
      await fresh.close();
    }
  });

  it('part way through the old history, gets the rest from today\'s migrations', async () => {
    const old = openDatabase(dataDir);
    runLegacySqliteMigrations(old, 11);
    old.close();
    const adopted = connectSqlite(dataDir);
    const fresh = await connectTestSqlite();
    try {
      expect(adopted.sqlite.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(await shapeOf(adopted)).toEqual(await shapeOf(fresh));
    } finally {
      await adopted.close();
      await fresh.close();
    }
  });
});

const postgres = testDatabases().find((database) => database.name === 'postgres');
const describePostgres = postgres?.available ? describe : describe.skip;

describePostgres('a PostgreSQL database of an older server', () => {
  let schema: string;
  let old: Kysely<DatabaseSchema>;

  beforeEach(async () => {
    schema = `t_legacy_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    old = new Kysely<DatabaseSchema>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: postgresUrl(), max: 2, options: `-c search_path=${schema}` }) }),
    });
    await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(old);
    await runLegacyPostgresMigrations(old);
  });

  afterEach(async () => {
    await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(old);
    await old.destroy();
  });

  it('is up to date at its schema_version, keeps its rows, and gets the migrations after it', async () => {
    await old.insertInto('users').values({ name: '老用户', mobile: '13800138000', created_at: 1, updated_at: 1 }).execute();
    await expect(runPostgresMigrations(old, MIGRATIONS, schema)).resolves.toBe(MIGRATIONS.length);

    const { rows } = await sql<{ version: number }>`SELECT version FROM migration_version`.execute(old);
    expect(rows).toEqual([{ version: MIGRATIONS.length }]);
    const { rows: legacyTable } = await sql`SELECT to_regclass('schema_version') AS legacy`.execute(old);
    expect(legacyTable).toEqual([{ legacy: null }]);
    expect(await old.selectFrom('users').select(['name', 'mobile']).execute()).toEqual([{ name: '老用户', mobile: '13800138000' }]);

    const fresh = await connectTestPostgres();
    try {
      const adopted: DatabaseConnection = { sql: old, dialect: 'postgres', sqlite: null, close: async () => undefined };
      expect(await shapeOf(adopted)).toEqual(await shapeOf(fresh));
    } finally {
      await fresh.close();
    }

    await expect(runPostgresMigrations(old, [...MIGRATIONS, later], schema)).resolves.toBe(MIGRATIONS.length + 1);
    const { rows: laterTable } = await sql`SELECT to_regclass('later_table')::text AS later`.execute(old);
    expect(laterTable).toEqual([{ later: 'later_table' }]);
  });
});
