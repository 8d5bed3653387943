import type { Migration } from './kit';

/**
 * Times a job was found running when the server started (a kill or a crash during its render):
 * it is queued again at once in its old place, and fails only when this passes the limit, so that
 * a render that keeps crashing the server cannot stop it for good. Reset when the job is queued anew.
 */
export const jobInterruptions: Migration = {
  name: 'job-interruptions',
  up: ({ schema }) => [schema.alterTable('render_jobs').addColumn('interruptions', 'integer', (c) => c.notNull().defaultTo(0))],
};
