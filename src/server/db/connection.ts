/**
 * The database the server speaks to through the query builder (Kysely): the embedded SQLite file in
 * DATA_DIR by default, PostgreSQL when a URL is given (several servers share one). The
 * PostgreSQL driver is loaded only then, so that the default start does not pay for it.
 */
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { openDatabase, type Db } from './database';
import { runMigrations, runPostgresMigrations } from './migrate';
import { MIGRATIONS } from './migrations';
import type { DatabaseSchema } from './schema';
import { withStatementCache } from './statementCache';
import { StartupError } from '../startupError';

export type Sql = Kysely<DatabaseSchema>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseConnection {
  sql: Sql;
  dialect: DialectName;
  /** The SQLite handle itself, for tests and tools that look at the file's rows; null on PostgreSQL. */
  sqlite: Db | null;
  close(): Promise<void>;
}

/** Opens DATA_DIR's SQLite file and brings its schema up to date. */
export function connectSqlite(dataDir: string): DatabaseConnection & { sqlite: Db } {
  const db = openDatabase(dataDir);
  runMigrations(db);
  // Kysely runs its queries one at a time on this handle; destroying it closes the file.
  const kysely = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withStatementCache(db) }) });
  return { sql: kysely, dialect: 'sqlite', sqlite: db, close: () => kysely.destroy() };
}

/** The database at DATABASE_URL could not be opened: said in one line at start, the password left out. */
export class DatabaseUnavailable extends StartupError {
  override name = 'DatabaseUnavailable';
}

/** The configured database: PostgreSQL at DATABASE_URL, else the SQLite file in DATA_DIR. */
export async function connectDatabase(config: { databaseUrl: string; dataDir: string }): Promise<DatabaseConnection> {
  if (!config.databaseUrl) return connectSqlite(config.dataDir);
  try {
    return await connectPostgres(config.databaseUrl);
  } catch (error) {
    // The URL's password stays out of the message.
    const url = new URL(config.databaseUrl);
    throw new DatabaseUnavailable(`Could not open the PostgreSQL database ${url.hostname}:${url.port || 5432}${url.pathname} (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export interface PostgresOptions {
  /** A schema of its own instead of `public` (tests, one per suite), created if missing. */
  schema?: string;
  /** Connections in the pool. */
  poolSize?: number;
}

/** Connects to PostgreSQL at `url` and brings its schema up to date (once, whoever starts first). */
export async function connectPostgres(url: string, options: PostgresOptions = {}): Promise<DatabaseConnection> {
  const { Pool, types } = (await import('pg')).default;
  // Times are BIGINT milliseconds and counts are BIGINT: both fit a JavaScript number exactly.
  types.setTypeParser(types.builtins.INT8, (value: string) => Number.parseInt(value, 10));
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Not a schema name: ${schema}`);
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client whose connection ends (PostgreSQL restarted) is reported on the pool: without a
  // listener that report would end the process. The pool drops the client and opens another when
  // asked; the queries that meet the outage fail and say so themselves.
  pool.on('error', () => undefined);
  const kysely = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  try {
    await runPostgresMigrations(kysely, MIGRATIONS, schema);
  } catch (error) {
    await kysely.destroy();
    throw error;
  }
  return { sql: kysely, dialect: 'postgres', sqlite: null, close: () => kysely.destroy() };
}
