/**
 * The one database layer on both engines: the migrations make the same tables, columns and indexes
 * on PostgreSQL as on SQLite, run once when several servers start together, and refuse a database
 * newer than the server; numbers come back as numbers on both.
 */
import { sql } from 'kysely';
import { DatabaseUnavailable, connectDatabase, connectPostgres } from '../../../src/server/db/connection';
import { runPostgresMigrations } from '../../../src/server/db/migrate';
import { MIGRATIONS } from '../../../src/server/db/migrations';
import type { Migration } from '../../../src/server/db/migrations/kit';
import { shapeOf } from './schemaShape';
import { connectTestPostgres, connectTestSqlite, describeEachDatabase, postgresUrl, testDatabases } from './testDatabases';

const postgres = testDatabases().find((database) => database.name === 'postgres');
const describePostgres = postgres?.available ? describe : describe.skip;

describePostgres('the PostgreSQL schema', () => {
  it('has the tables, columns and indexes of the SQLite schema, nullable and defaulted alike', async () => {
    const lite = await connectTestSqlite();
    const pg = await connectTestPostgres();
    try {
      const [liteShape, pgShape] = await Promise.all([shapeOf(lite), shapeOf(pg)]);
      expect(Object.keys(liteShape.tables).sort()).toEqual(Object.keys(pgShape.tables).sort());
      for (const table of Object.keys(liteShape.tables)) expect({ table, columns: pgShape.tables[table] }).toEqual({ table, columns: liteShape.tables[table] });
      expect(pgShape.indexes).toEqual(liteShape.indexes);
    } finally {
      await lite.close();
      await pg.close();
    }
  });

  it('migrates once when several servers start together, under a lock', async () => {
    const url = postgresUrl() ?? '';
    const schema = `t_together_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const servers = await Promise.all([1, 2, 3].map(() => connectPostgres(url, { schema, poolSize: 2 })));
    try {
      const { rows } = await sql<{ version: number }>`SELECT version FROM migration_version`.execute(servers[0].sql);
      expect(rows).toEqual([{ version: MIGRATIONS.length }]);
      // A fourth, later, finds nothing to do.
      await expect(runPostgresMigrations(servers[1].sql, MIGRATIONS, schema)).resolves.toBe(MIGRATIONS.length);
    } finally {
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(servers[0].sql);
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it('refuses a database whose schema is newer than the server knows, and leaves it as it was', async () => {
    const pg = await connectTestPostgres();
    try {
      await expect(runPostgresMigrations(pg.sql, MIGRATIONS.slice(0, 0))).rejects.toThrow(/newer than this server knows/);
      const { rows } = await sql<{ version: number }>`SELECT version FROM migration_version`.execute(pg.sql);
      expect(rows).toEqual([{ version: MIGRATIONS.length }]);
    } finally {
      await pg.close();
    }
  });

  it('rolls a failing migration back whole, version included', async () => {
    const pg = await connectTestPostgres();
    try {
      const halfDone: Migration = {
        name: 'half-done',
        up: ({ schema, sql: statement }) => [schema.createTable('half_done').addColumn('id', 'integer'), statement(sql`SELECT no_such_function()`)],
      };
      await expect(runPostgresMigrations(pg.sql, [...MIGRATIONS, halfDone])).rejects.toThrow(/no_such_function/);
      const { rows } = await sql<{ version: number }>`SELECT version FROM migration_version`.execute(pg.sql);
      expect(rows).toEqual([{ version: MIGRATIONS.length }]);
      const { rows: tables } = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE tablename = 'half_done'`.execute(pg.sql);
      expect(tables).toEqual([]);
    } finally {
      await pg.close();
    }
  });
});

describeEachDatabase('numbers', (db) => {
  it('come back as numbers, millisecond times and counts included', async () => {
    const at = 1_790_000_000_123;
    await db().sql.insertInto('users').values({ name: 'a', mobile: '13800138000', created_at: at, updated_at: at }).execute();
    const user = await db().sql.selectFrom('users').select(['id', 'created_at']).executeTakeFirstOrThrow();
    expect(user).toEqual({ id: expect.any(Number), created_at: at });
    const { rows } = await sql<{ total: number }>`SELECT COUNT(*) AS total FROM users`.execute(db().sql);
    expect(rows).toEqual([{ total: 1 }]);
  });
});

describe('a database that cannot be reached', () => {
  it('stops the start with one line that names it, the password left out', async () => {
    const failed = connectDatabase({ databaseUrl: 'postgres://wpg:hunter2@127.0.0.1:1/nope', dataDir: '/nonexistent' });
    await expect(failed).rejects.toBeInstanceOf(DatabaseUnavailable);
    const error = (await failed.catch((reason: unknown) => reason)) as Error;
    expect(error.message).toMatch(/^Could not open the PostgreSQL database 127\.0\.0\.1:1\/nope \(DATABASE_URL\): /);
    expect(error.message).not.toContain('hunter2');
  });
});
