/**
 * The databases a repository's tests run on: SQLite always; PostgreSQL at TEST_DATABASE_URL
 * (`eval "$(config/scripts/testServers.sh start)"` starts one), each suite in a schema of its own
 * that is dropped afterwards. Without the URL the PostgreSQL tests are reported as skipped, except
 * where WPG_REQUIRE_TEST_SERVERS is set (.ci/run): there a missing server fails them.
 */
import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectPostgres, connectSqlite, type DatabaseConnection, type DialectName } from '../../../src/server/db/connection';
import { describeEach } from '../describeEach';

export interface TestDatabase {
  name: DialectName;
  /** False when the server is not there (and not required): the suite is skipped. */
  available: boolean;
  connect(): Promise<DatabaseConnection>;
}

let schemas = 0;

export const postgresUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;
const required = (): boolean => !!process.env.WPG_REQUIRE_TEST_SERVERS;

/** A fresh schema on the test server, dropped with the connection. */
export async function connectTestPostgres(): Promise<DatabaseConnection> {
  const url = postgresUrl();
  if (!url) throw new Error('TEST_DATABASE_URL is not set: start the test servers with config/scripts/testServers.sh start');
  schemas += 1;
  const schema = `t_${process.pid}_${schemas}_${Math.random().toString(36).slice(2, 8)}`;
  const connection = await connectPostgres(url, { schema, poolSize: 4 });
  return {
    ...connection,
    close: async () => {
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(connection.sql);
      await connection.close();
    },
  };
}

/** A fresh SQLite file in a temporary folder, deleted with the connection. */
export async function connectTestSqlite(): Promise<DatabaseConnection> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-db-test-'));
  const connection = connectSqlite(dataDir);
  return {
    ...connection,
    close: async () => {
      await connection.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testDatabases(): TestDatabase[] {
  return [
    { name: 'sqlite', available: true, connect: connectTestSqlite },
    { name: 'postgres', available: !!postgresUrl() || required(), connect: connectTestPostgres },
  ];
}

/**
 * `describe` once per database, with `db()` the suite's connection for each test (a fresh one per
 * test, so that tests do not see each other's rows).
 */
export function describeEachDatabase(title: string, body: (db: () => DatabaseConnection, name: DialectName) => void): void {
  describeEach(title, testDatabases().map((database) => ({ name: database.name, available: database.available, open: database.connect })), body);
}

/** A user with phone `mobile` (jobs, sites and tickets refer to users): answers the id. */
export async function insertUser(connection: DatabaseConnection, mobile: string, at = 0): Promise<number> {
  const row = await connection.sql.insertInto('users').values({ name: mobile, mobile, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
