import type { Migration } from './kit';

/**
 * Work an install needs once, after an upgrade, over what it stored before (counting the storage
 * of files written before the quota, cleaning pictures uploaded before metadata was stripped): one
 * row per task by its name. A server claims a task until `claimed_until` (renewed while it works,
 * so a server that dies leaves it to another once that time is past), keeps where it got to in
 * `progress` so the next claimant resumes there, and sets `done_at` when it is finished, for good.
 */
export const oneOffTasks: Migration = {
  name: 'one-off-tasks',
  up: ({ schema, bigint }) => [
    schema
      .createTable('one_off_tasks')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', bigint)
      .addColumn('progress', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('done_at', bigint),
  ],
};
