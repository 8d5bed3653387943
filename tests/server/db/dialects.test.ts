/**
 * The one database layer on both engines: PostgreSQL's migrations make the same tables and columns
 * as SQLite's, run once when several servers start together, and refuse a database newer than the
 * server; numbers come back as numbers on both.
 */
import { sql } from 'kysely';
import { DatabaseUnavailable, connectDatabase, connectPostgres, runPostgresMigrations, type DatabaseConnection } from '../../../src/server/db/connection';
import { POSTGRES_MIGRATIONS } from '../../../src/server/db/postgresMigrations';
import { connectTestPostgres, connectTestSqlite, describeEachDatabase, postgresUrl, testDatabases } from './testDatabases';

interface ColumnShape {
  name: string;
  nullable: boolean;
}

/** Every table with its columns (sorted), as the engine describes them. */
async function shapeOf(connection: DatabaseConnection): Promise<Record<string, ColumnShape[]>> {
  let tables = await connection.sql.introspection.getTables();
  const primaryKeys = new Set<string>();
  if (connection.dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(connection.sql);
    tables = tables.filter((table) => table.schema === rows[0].schema && table.name !== 'schema_version');
  } else {
    for (const table of tables) {
      const { rows } = await sql<{ name: string; pk: number }>`SELECT name, pk FROM pragma_table_info(${table.name})`.execute(connection.sql);
      for (const row of rows) if (row.pk) primaryKeys.add(`${table.name}.${row.name}`);
    }
  }
  const shape: Record<string, ColumnShape[]> = {};
  for (const table of tables) {
    shape[table.name] = table.columns
      // SQLite lets a primary key column hold NULL unless it says NOT NULL; both refuse one in practice.
      .map((column) => ({ name: column.name, nullable: column.isNullable && !primaryKeys.has(`${table.name}.${column.name}`) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
  return shape;
}

const postgres = testDatabases().find((database) => database.name === 'postgres');
const describePostgres = postgres?.available ? describe : describe.skip;

describePostgres('the PostgreSQL schema', () => {
  it('has the tables and columns of the SQLite schema, nullable alike', async () => {
    const lite = await connectTestSqlite();
    const pg = await connectTestPostgres();
    try {
      const [liteShape, pgShape] = await Promise.all([shapeOf(lite), shapeOf(pg)]);
      expect(Object.keys(liteShape).sort()).toEqual(Object.keys(pgShape).sort());
      for (const table of Object.keys(liteShape)) expect({ table, columns: pgShape[table] }).toEqual({ table, columns: liteShape[table] });
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
      const { rows } = await sql<{ version: number }>`SELECT version FROM schema_version`.execute(servers[0].sql);
      expect(rows).toEqual([{ version: POSTGRES_MIGRATIONS.length }]);
      // A fourth, later, finds nothing to do.
      await expect(runPostgresMigrations(servers[1].sql, POSTGRES_MIGRATIONS, schema)).resolves.toBe(POSTGRES_MIGRATIONS.length);
    } finally {
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(servers[0].sql);
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it('refuses a database whose schema is newer than the server knows, and leaves it as it was', async () => {
    const pg = await connectTestPostgres();
    try {
      await expect(runPostgresMigrations(pg.sql, POSTGRES_MIGRATIONS.slice(0, 0))).rejects.toThrow(/newer than this server knows/);
      const { rows } = await sql<{ version: number }>`SELECT version FROM schema_version`.execute(pg.sql);
      expect(rows).toEqual([{ version: POSTGRES_MIGRATIONS.length }]);
    } finally {
      await pg.close();
    }
  });

  it('rolls a failing migration back whole, version included', async () => {
    const pg = await connectTestPostgres();
    try {
      const failing = [...POSTGRES_MIGRATIONS, 'CREATE TABLE half_done (id INTEGER); SELECT no_such_function();'];
      await expect(runPostgresMigrations(pg.sql, failing)).rejects.toThrow(/no_such_function/);
      const { rows } = await sql<{ version: number }>`SELECT version FROM schema_version`.execute(pg.sql);
      expect(rows).toEqual([{ version: POSTGRES_MIGRATIONS.length }]);
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
