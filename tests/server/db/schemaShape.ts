/**
 * A database's tables, columns and indexes as the engine describes them, in a form the two engines
 * share: tests hold SQLite and PostgreSQL, and a database of an older server adopted by today's,
 * to the same shape.
 */
import { sql } from 'kysely';
import type { DatabaseConnection } from '../../../src/server/db/connection';

interface ColumnShape {
  name: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface SchemaShape {
  tables: Record<string, ColumnShape[]>;
  /**
   * Every index but a primary key's, as `table(columns)`, `unique` when it is, and its name when a
   * migration named it (a UNIQUE column's index is named by the engine, differently on each).
   */
  indexes: string[];
}

/** The tables that record the schema's version, not part of it. */
const BOOKKEEPING = new Set(['migration_version', 'schema_version']);

export async function shapeOf(connection: DatabaseConnection): Promise<SchemaShape> {
  const tables = connection.dialect === 'postgres' ? await postgresTables(connection) : await sqliteTables(connection);
  const indexes = connection.dialect === 'postgres' ? await postgresIndexes(connection) : await sqliteIndexes(connection);
  return { tables, indexes: indexes.sort() };
}

async function sqliteTables(connection: DatabaseConnection): Promise<SchemaShape['tables']> {
  const shape: SchemaShape['tables'] = {};
  for (const table of await connection.sql.introspection.getTables()) {
    if (BOOKKEEPING.has(table.name)) continue;
    const { rows } = await sql<{ name: string; pk: number; notnull: number; dflt_value: string | null }>`
      SELECT name, pk, "notnull", dflt_value FROM pragma_table_info(${table.name})`.execute(connection.sql);
    // SQLite lets a primary key column hold NULL unless it says NOT NULL; both refuse one in practice.
    shape[table.name] = sortByName(rows.map((row) => ({ name: row.name, nullable: !row.notnull && !row.pk, hasDefault: row.dflt_value !== null })));
  }
  return shape;
}

async function postgresTables(connection: DatabaseConnection): Promise<SchemaShape['tables']> {
  const { rows } = await sql<{ table: string; name: string; nullable: boolean; has_default: boolean }>`
    SELECT table_name AS table, column_name AS name, is_nullable = 'YES' AS nullable,
           column_default IS NOT NULL AND is_identity = 'NO' AS has_default
    FROM information_schema.columns WHERE table_schema = current_schema()`.execute(connection.sql);
  const shape: SchemaShape['tables'] = {};
  for (const row of rows) {
    if (BOOKKEEPING.has(row.table)) continue;
    (shape[row.table] ??= []).push({ name: row.name, nullable: row.nullable, hasDefault: row.has_default });
  }
  for (const table of Object.keys(shape)) shape[table] = sortByName(shape[table]);
  return shape;
}

async function sqliteIndexes(connection: DatabaseConnection): Promise<string[]> {
  const indexes: string[] = [];
  for (const table of await connection.sql.introspection.getTables()) {
    const { rows } = await sql<{ name: string; unique: number; origin: string }>`
      SELECT name, "unique", origin FROM pragma_index_list(${table.name})`.execute(connection.sql);
    for (const index of rows.filter((row) => row.origin !== 'pk')) {
      const { rows: columns } = await sql<{ name: string }>`SELECT name FROM pragma_index_info(${index.name}) ORDER BY seqno`.execute(connection.sql);
      indexes.push(describeIndex(table.name, columns.map((column) => column.name), !!index.unique, index.origin === 'c' ? index.name : ''));
    }
  }
  return indexes;
}

async function postgresIndexes(connection: DatabaseConnection): Promise<string[]> {
  const { rows } = await sql<{ table: string; name: string; unique: boolean; of_constraint: boolean; columns: string[] }>`
    SELECT t.relname AS table, i.relname AS name, x.indisunique AS unique,
           EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid) AS of_constraint,
           array(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace ns ON ns.oid = t.relnamespace
    WHERE ns.nspname = current_schema() AND NOT x.indisprimary`.execute(connection.sql);
  return rows.map((row) => describeIndex(row.table, row.columns, row.unique, row.of_constraint ? '' : row.name));
}

const describeIndex = (table: string, columns: string[], unique: boolean, name: string): string =>
  `${table}(${columns.join(', ')})${unique ? ' unique' : ''}${name ? ` ${name}` : ''}`;

const sortByName = (columns: ColumnShape[]): ColumnShape[] => [...columns].sort((a, b) => a.name.localeCompare(b.name));
