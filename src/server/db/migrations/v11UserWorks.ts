import type { Migration } from './kit';

/**
 * The logos and banners a user generated (the back office's 我的作品): one row per user and job.
 * Equal requests share one job, so a job may be several users' work; render_jobs.user_id names
 * only the last asker. A job deleted by housekeeping takes its rows with it.
 */
export const userWorks: Migration = {
  name: 'user-works',
  up: ({ schema, bigint }) => [
    schema
      .createTable('user_works')
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('job_id', 'text', (c) => c.notNull().references('render_jobs.id').onDelete('cascade'))
      // The logo text, the work's title in the list and its zip's name.
      .addColumn('title', 'text', (c) => c.notNull())
      // The last time the user asked for it: the list shows the newest first.
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('user_works_pkey', ['user_id', 'job_id']),
    schema.createIndex('user_works_user_created').on('user_works').columns(['user_id', 'created_at']),
    schema.createIndex('user_works_job').on('user_works').column('job_id'),
  ],
};
