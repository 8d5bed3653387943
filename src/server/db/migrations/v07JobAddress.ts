import type { Migration } from './kit';

/**
 * The address the job was asked for from (request.ip): a user and an address may each have only
 * a few jobs queued or running, counted in memory and rebuilt from these rows at start. NULL for
 * jobs queued before, which count for their user only.
 */
export const jobAddress: Migration = {
  name: 'job-address',
  up: ({ schema }) => [schema.alterTable('render_jobs').addColumn('ip', 'text')],
};
