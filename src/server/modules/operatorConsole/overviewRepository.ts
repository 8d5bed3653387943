import { sql, type RawBuilder } from 'kysely';
import { ConsoleQueueMessages } from '../../../contract/consoleQueue';
import type { Sql } from '../../db/connection';
import { CHINA_OFFSET_MS, DAY_MS, chinaDayStart } from '../../http/chinaTime';

/** The kinds of users' renders, in the order the page shows them. */
export const USER_KINDS = ['tl', 'al', 'fsa', 'ab'] as const;

/** A count as either database answers it (PostgreSQL's bigint is parsed to a number; SUM over no rows is NULL). */
const count = (value: number | string | null | undefined): number => Number(value ?? 0);

/**
 * The China-time day of a column of milliseconds: integer division on SQLite and PostgreSQL alike,
 * with the constants written out (a bound number may reach SQLite as a float, and divide as one).
 */
const chinaDay = (column: string) => sql<number>`(${sql.ref(column)} + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

/**
 * Jobs of users' kinds done or failed since `since`, spelt out by kind and status so that the
 * (kind, status, finished_at) index answers with a range per pair, reading nothing else.
 */
const endedSince = (since: number) => sql<boolean>`kind IN (${sql.join(USER_KINDS)}) AND status IN ('done', 'failed') AND finished_at >= ${since}`;

/** Of those, the ones an operator cancelled (failed ones only: few, and read from the table). */
const cancelledSince = (since: number) => sql<boolean>`kind IN (${sql.join(USER_KINDS)}) AND status = 'failed' AND finished_at >= ${since} AND error = ${ConsoleQueueMessages.jobCancelled}`;

type RenderCounts = { renders: number; failures: number };

/** What the 概览 page counts. */
export class OverviewRepository {
  constructor(private readonly db: Sql) {}

  /** One pass over the accounts (no index on created_at: an operator's page may read them all). */
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
  rendersByKind(since: number): Promise<Map<string, RenderCounts>> {
    return this.rendersSince(since, sql<string>`kind`, String);
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

  /**
   * Renders and failures per China-time day from `firstDay` to `lastDay` (chinaDayOf). One short
   * count a day rather than one long grouping: on SQLite each query holds the process, and fourteen
   * short ones let users' polls in between.
   */
  async rendersByDay(firstDay: number, lastDay: number): Promise<Map<number, RenderCounts>> {
    const counts = new Map<number, RenderCounts>();
    for (let day = firstDay; day <= lastDay; day += 1) {
      const { rows } = await sql<{ renders: number; failures: number | null }>`
        SELECT COUNT(*) AS renders, SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failures
        FROM render_jobs WHERE ${endedSince(chinaDayStart(day))} AND finished_at < ${chinaDayStart(day + 1)}`.execute(this.db);
      if (count(rows[0]?.renders)) counts.set(day, { renders: count(rows[0]?.renders), failures: count(rows[0]?.failures) });
    }
    await this.leaveOutCancelled(counts, chinaDayStart(firstDay), chinaDay('finished_at'), count);
    return counts;
  }

  /** Renders since `since` grouped by `group`: what ended there, less what an operator cancelled. */
  private async rendersSince<K>(since: number, group: RawBuilder<unknown>, keyOf: (value: number | string) => K): Promise<Map<K, RenderCounts>> {
    const { rows } = await sql<{ key: number | string; renders: number; failures: number | null }>`
      SELECT ${group} AS key, COUNT(*) AS renders, SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failures
      FROM render_jobs WHERE ${endedSince(since)} GROUP BY ${group}`.execute(this.db);
    const counts = new Map(rows.map((row) => [keyOf(row.key), { renders: count(row.renders), failures: count(row.failures) }]));
    await this.leaveOutCancelled(counts, since, group, keyOf);
    return counts;
  }

  /** A job an operator cancelled is neither a render nor a failure: taken out of `counts`. */
  private async leaveOutCancelled<K>(counts: Map<K, RenderCounts>, since: number, group: RawBuilder<unknown>, keyOf: (value: number | string) => K): Promise<void> {
    const { rows } = await sql<{ key: number | string; n: number }>`
      SELECT ${group} AS key, COUNT(*) AS n FROM render_jobs WHERE ${cancelledSince(since)} GROUP BY ${group}`.execute(this.db);
    for (const row of rows) {
      const key = keyOf(row.key);
      const entry = counts.get(key);
      if (!entry) continue;
      entry.renders -= count(row.n);
      entry.failures -= count(row.n);
      if (!entry.renders) counts.delete(key);
    }
  }

  async publishedSites(): Promise<number> {
    const row = await this.db.selectFrom('published_sites').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return count(row.n);
  }
}
