import type { Migration } from './kit';

/**
 * Mini sites (DESIGN.md section 5): the folder DATA_DIR/sites/<dir>/ and who made it, so that only
 * its creator may download it. Rows and folders are deleted together by housekeeping.
 */
export const miniSites: Migration = {
  name: 'mini-sites',
  up: ({ schema, bigint, id }) => [
    schema
      .createTable('mini_sites')
      .$call(id)
      // 32 lowercase hex characters, made by the server.
      .addColumn('dir', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('template_id', 'integer', (c) => c.notNull())
      // The game's name as the user typed it (the zip's folder and file are named after it).
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull()),
    schema.createIndex('mini_sites_user').on('mini_sites').columns(['user_id', 'created_at']),
    schema.createIndex('mini_sites_created_at').on('mini_sites').column('created_at'),
  ],
};
