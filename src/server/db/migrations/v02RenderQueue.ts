import { sql } from 'kysely';
import type { Migration } from './kit';

/**
 * The render queue (DESIGN.md sections 6 and 8). One row per job identity (a hash of kind,
 * styles, texts and renderer version): equal requests share it, and a failed or expired job is
 * queued anew in the same row with a new sequence number.
 */
export const renderQueue: Migration = {
  name: 'render-queue',
  up: ({ schema, bigint, sql: statement, only }) => [
    // The queue's FIFO order on PostgreSQL: a sequence hands each enqueue a larger number than any
    // before it, where SQLite takes MAX(seq) + 1 under its single writer.
    ...only('postgres', [statement(sql`CREATE SEQUENCE render_jobs_seq`)]),
    schema
      .createTable('render_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // FIFO order of the queue; unique, only ever grows.
      .addColumn('seq', bigint, (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      // The render spec as JSON (styles and texts).
      .addColumn('input', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('queued', 'running', 'done', 'failed', 'expired')`))
      // Claims so far; a stalled job (lease lapsed) is run again until this reaches the limit.
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_id', bigint, (c) => c.references('users.id').onDelete('set null'))
      // JSON array of the file names in DATA_DIR/generated/<id>/ once done.
      .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
      // The user-facing failure message.
      .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('queued_at', bigint, (c) => c.notNull())
      // Last create, poll or reuse: unpolled queued jobs expire, old results are deleted after it.
      .addColumn('touched_at', bigint, (c) => c.notNull())
      .addColumn('started_at', bigint)
      .addColumn('finished_at', bigint)
      // A running job's claim holds until then; the worker renews it while it renders.
      .addColumn('lease_until', bigint)
      .addColumn('render_ms', bigint)
      .addColumn('wait_ms', bigint),
    schema.createIndex('render_jobs_status_seq').on('render_jobs').columns(['status', 'seq']),
    schema.createIndex('render_jobs_history').on('render_jobs').columns(['kind', 'status', 'finished_at']),
    schema.createIndex('render_jobs_status_touched').on('render_jobs').columns(['status', 'touched_at']),
  ],
};
