import { sql } from 'kysely';
import type { Migration } from './kit';

/**
 * Builder sites (spec section 3, "Site record"; DESIGN.md section 5): the chosen component template
 * of every type and the value of every field, as JSON, owned by one user. The preview is rendered
 * to DATA_DIR/sites/<dir>/ (served at /sites/<dir>/); a completion renders the final folder and
 * its zip. Kept until the user is deleted: unlike mini sites, a builder site is the user's work.
 */
export const builderSites: Migration = {
  name: 'builder-sites',
  up: ({ schema, bigint, id }) => [
    schema
      .createTable('builder_sites')
      .$call(id)
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The main tab's web_name field, for the site list and the zip's name.
      .addColumn('web_name', 'text', (c) => c.notNull())
      // 1 editing, 2 completed (spec section 4).
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1).check(sql`status IN (1, 2)`))
      // JSON {type: template id} of every component type.
      .addColumn('selected', 'text', (c) => c.notNull())
      // JSON {type: {field key: value}}.
      .addColumn('form_data', 'text', (c) => c.notNull())
      // 32 lowercase hex characters, made by the server: the preview folder.
      .addColumn('dir', 'text', (c) => c.notNull().unique())
      // Bumped by every preview render: the preview URL's ?v=, so that a frame reloads.
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      // The zip of the last completion ('' before one): what the site list downloads.
      .addColumn('zip_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull()),
    schema.createIndex('builder_sites_user_updated').on('builder_sites').columns(['user_id', 'updated_at']),

    // Banners a user asked the builder for (render job ids): only they may poll and apply them. Equal
    // requests share one job, so one job may belong to several users.
    schema
      .createTable('builder_banner_tasks')
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('task_id', 'text', (c) => c.notNull())
      // The site it was asked for last.
      .addColumn('site_id', bigint, (c) => c.notNull().references('builder_sites.id').onDelete('cascade'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('builder_banner_tasks_pkey', ['user_id', 'task_id']),
  ],
};
