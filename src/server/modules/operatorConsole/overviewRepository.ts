import { sql } from 'kysely';
import { ConsoleQueueMessages } from '../../../contract/consoleQueue';
import type { Sql } from '../../db/connection';
import { CHINA_OFFSET_MS, DAY_MS } from '../../http/chinaTime';

/** A count as either database answers it (PostgreSQL's bigint is parsed to a number; SUM over no rows is NULL). */
const count = (value: number | string | null | undefined): number => Number(value ?? 0);

/**
 * The China-time day of a column of milliseconds: integer division on SQLite and PostgreSQL alike,
 * with the constants written out (a bound number may reach SQLite as a float, and divide as one).
 */
const chinaDay = (column: string) => sql<number>`(${sql.ref(column)} + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

/** A render that counts: finished or failed by itself, not cancelled by an operator. */
const RENDERED = sql<boolean>`(status = 'done' OR (status = 'failed' AND error <> ${ConsoleQueueMessages.jobCancelled}))`;

/** What the 概览 page counts, each a query or two over indexed columns. */
export class OverviewRepository {
  constructor(private readonly db: Sql) {}

  async users(todayStart: number, weekStart: number): Promise<{ today: number; lastSevenDays: number; total: number }> {
    const { rows } = await sql<{ total: number; today: number | null; week: number | null }>`
      SELECT COUNT(*) AS total,
             SUM(CASE WHEN created_at >= ${todayStart} THEN 1 ELSE 0 END) AS today,
             SUM(CASE WHEN created_at >= ${weekStart} THEN 1 ELSE 0 END) AS week
      FROM users WHERE merged_into IS NULL`.execute(this.db);
    const row = rows[0];
    return { today: count(row?.today), lastSevenDays: count(row?.week), total: count(row?.total) };
  }

  /** Renders finished since `since` per kind, failures among them. */
  async rendersByKind(since: number): Promise<Map<string, { renders: number; failures: number }>> {
    const { rows } = await sql<{ kind: string; renders: number; failures: number | null }>`
      SELECT kind, COUNT(*) AS renders, SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failures
      FROM render_jobs WHERE finished_at >= ${since} AND ${RENDERED}
      GROUP BY kind`.execute(this.db);
    return new Map(rows.map((row) => [row.kind, { renders: count(row.renders), failures: count(row.failures) }]));
  }

  /** The recent render times of each kind (render_durations keeps the newest few of each style). */
  async renderTimes(): Promise<Map<string, number[]>> {
    const rows = await this.db.selectFrom('render_durations').select(['kind', 'render_ms']).execute();
    const byKind = new Map<string, number[]>();
    for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), Number(row.render_ms)]);
    return byKind;
  }

  /** New accounts per China-time day since `since`. */
  async newUsersByDay(since: number): Promise<Map<number, number>> {
    const { rows } = await sql<{ day: number; n: number }>`
      SELECT ${chinaDay('created_at')} AS day, COUNT(*) AS n FROM users
      WHERE merged_into IS NULL AND created_at >= ${since}
      GROUP BY ${chinaDay('created_at')}`.execute(this.db);
    return new Map(rows.map((row) => [count(row.day), count(row.n)]));
  }

  /** Renders and failures per China-time day since `since`. */
  async rendersByDay(since: number): Promise<Map<number, { renders: number; failures: number }>> {
    const { rows } = await sql<{ day: number; renders: number; failures: number | null }>`
      SELECT ${chinaDay('finished_at')} AS day, COUNT(*) AS renders, SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failures
      FROM render_jobs WHERE finished_at >= ${since} AND ${RENDERED}
      GROUP BY ${chinaDay('finished_at')}`.execute(this.db);
    return new Map(rows.map((row) => [count(row.day), { renders: count(row.renders), failures: count(row.failures) }]));
  }

  async publishedSites(): Promise<number> {
    const row = await this.db.selectFrom('published_sites').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return count(row.n);
  }
}
