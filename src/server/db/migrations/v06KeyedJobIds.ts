import { sql } from 'kysely';
import type { Migration } from './kit';

/**
 * Job ids, which are the results' URLs, were an unkeyed hash of the texts until now: anyone could
 * work one out from a game's name and fetch the result without logging in. Ids are keyed from
 * now on; the results made before are aged past the week results are kept, so that the
 * housekeeping at start deletes them with their files. Those a builder site uses are marked as
 * used just before and stay, like every other time housekeeping runs.
 */
export const keyedJobIds: Migration = {
  name: 'keyed-job-ids',
  up: ({ sql: statement }) => [statement(sql`UPDATE render_jobs SET touched_at = 0 WHERE status = 'done'`)],
};
