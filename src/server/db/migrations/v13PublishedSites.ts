import { sql } from 'kysely';
import type { Migration } from './kit';

/**
 * Published sites (发布): a builder site's last completion, or a mini site, copied under
 * DATA_DIR/published/<slug>/ and served at /pub/<slug>/ until its owner takes it down. The slug
 * (128 random bits) stays through updates, so the link people have keeps working. One of site_id
 * (builder) and mini_site_id is set; housekeeping keeps a published mini site.
 */
export const publishedSites: Migration = {
  name: 'published-sites',
  up: ({ schema, bigint }) => [
    schema
      .createTable('published_sites')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('site_id', bigint, (c) => c.unique().references('builder_sites.id').onDelete('cascade'))
      .addColumn('mini_site_id', bigint, (c) => c.unique().references('mini_sites.id').onDelete('cascade'))
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addCheckConstraint('published_sites_one_site', sql`(site_id IS NULL) <> (mini_site_id IS NULL)`),
    schema.createIndex('published_sites_user').on('published_sites').column('user_id'),
  ],
};
