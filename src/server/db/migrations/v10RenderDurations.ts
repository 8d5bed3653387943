import { sql } from 'kysely';
import type { Migration } from './kit';

/**
 * Recent render times per kind and style (the logo or banner style, the builder's art provider):
 * the progress bars' estimates. Kept apart from render_jobs, whose rows go a week after their
 * last use, so that an estimate survives restarts and quiet weeks.
 */
export const renderDurations: Migration = {
  name: 'render-durations',
  up: ({ schema, bigint, sql: statement, only }) => [
    schema
      .createTable('render_durations')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('style', 'text', (c) => c.notNull())
      .addColumn('finished_at', bigint, (c) => c.notNull())
      .addColumn('render_ms', bigint, (c) => c.notNull()),
    schema.createIndex('render_durations_key').on('render_durations').columns(['kind', 'style', 'finished_at']),
    // Starts from the history the jobs already hold, the newest 20 of each style
    // (renderDurations.ts keeps that many). No PostgreSQL database had jobs before this.
    ...only('sqlite', [
      statement(sql`
        INSERT INTO render_durations (kind, style, finished_at, render_ms)
          SELECT kind,
                 CASE kind WHEN 'fsa' THEN json_extract(input, '$.bannerStyle') WHEN 'ab' THEN json_extract(input, '$.provider') ELSE json_extract(input, '$.logoStyle') END,
                 finished_at, render_ms
          FROM render_jobs
          WHERE status = 'done' AND render_ms IS NOT NULL AND finished_at IS NOT NULL`),
      statement(sql`
        DELETE FROM render_durations WHERE rowid IN (
          SELECT rowid FROM (SELECT rowid, ROW_NUMBER() OVER (PARTITION BY kind, style ORDER BY finished_at DESC) AS newer FROM render_durations)
          WHERE newer > 20
        )`),
    ]),
  ],
};
