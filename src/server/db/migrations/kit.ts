/**
 * What a migration is written with, and the one place where SQLite and PostgreSQL differ in DDL:
 * a migration is written once against this kit and compiled for the database it runs on.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type CreateTableBuilder,
  type RawBuilder,
  type SchemaModule,
} from 'kysely';
import type { DialectName } from '../connection';

/** One statement of a migration: a schema builder, or `kit.sql(...)` for what it cannot say. */
export type Step = Compilable;

export interface Migration {
  /** How tests and error messages name it; never changes once shipped. */
  name: string;
  up(kit: MigrationKit): Step[];
}

export interface MigrationKit {
  dialect: DialectName;
  schema: SchemaModule;
  /**
   * Millisecond times, row ids and the columns that refer to them: SQLite's INTEGER holds 64 bits,
   * PostgreSQL's INTEGER only 32.
   */
  bigint: 'integer' | 'bigint';
  /**
   * The table's `id`, numbered by the database: SQLite's AUTOINCREMENT, a PostgreSQL identity (no
   * race on MAX()+1 between servers). Used with `createTable(...).$call(kit.id)`.
   */
  id<T extends string, C extends string>(table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C | 'id'>;
  /** A statement the builder cannot say (data changes, a sequence), written in SQL both accept. */
  sql(statement: RawBuilder<unknown>): Step;
  /** The steps on one database only: the others skip them. */
  only(dialect: DialectName, steps: Step[]): Step[];
}

// Compiles without a connection: the statements are run by the caller, on its own connection.
const compilers: Record<DialectName, Kysely<never>> = {
  sqlite: new Kysely<never>({
    dialect: { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler() },
  }),
  postgres: new Kysely<never>({
    dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() },
  }),
};

export function migrationKit(dialect: DialectName): MigrationKit {
  const compiler = compilers[dialect];
  return {
    dialect,
    schema: compiler.schema,
    bigint: dialect === 'postgres' ? 'bigint' : 'integer',
    id: (table) =>
      dialect === 'postgres'
        ? table.addColumn('id', 'bigint', (column) => column.generatedByDefaultAsIdentity().primaryKey())
        : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement()),
    sql: (statement) => ({ compile: () => statement.compile(compiler) }),
    only: (only, steps) => (only === dialect ? steps : []),
  };
}
