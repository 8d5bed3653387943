import type { Migration } from './kit';

/**
 * 内容审核: published pages an operator took down (a row while down; restoring deletes it), the
 * views of each published page by day (China time; a counter, no visitor is recorded), the
 * reports anyone files from a published page, and the sensitive words a publish is checked against.
 * Rows are keyed by slug without a foreign key: a report outlives the page it was about.
 */
export const moderation: Migration = {
  name: 'moderation',
  up: ({ schema, bigint, id }) => [
    schema
      .createTable('published_takedowns')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('operator_name', 'text', (c) => c.notNull())
      .addColumn('taken_down_at', bigint, (c) => c.notNull())
      // Set when the owner asks for review (申请复审); the page stays down until restored.
      .addColumn('review_requested_at', bigint),
    schema
      .createTable('published_visits')
      .addColumn('slug', 'text', (c) => c.notNull())
      // 'YYYY-MM-DD' in China time.
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('count', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('published_visits_pk', ['slug', 'day']),
    schema
      .createTable('site_reports')
      .$call(id)
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('contact', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      // Null while open; 'takedown' or 'dismiss' once an operator resolved it.
      .addColumn('resolution', 'text')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('resolved_by', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('resolved_at', bigint),
    schema.createIndex('site_reports_slug').on('site_reports').column('slug'),
    schema.createIndex('site_reports_resolution').on('site_reports').columns(['resolution', 'id']),
    schema.createTable('sensitive_words').addColumn('word', 'text', (c) => c.primaryKey()),
  ],
};
