import type { Migration } from './kit';

/**
 * What each user keeps on the server, for USER_STORAGE_QUOTA_MB: one row per file or folder of
 * theirs (an upload, a site folder, a builder site's completion, a published copy) by its storage
 * key, with its bytes when last written. A user's usage is the sum of their rows, so a check costs
 * one indexed sum; writing the same folder again replaces its row instead of adding to a count, and
 * housekeeping drops the rows of what its sweeps deleted.
 */
export const storageQuota: Migration = {
  name: 'storage-quota',
  up: ({ schema, bigint }) => [
    schema
      .createTable('stored_bytes')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('bytes', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull()),
    schema.createIndex('stored_bytes_user').on('stored_bytes').column('user_id'),
  ],
};
