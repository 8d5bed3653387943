import { sql } from 'kysely';
import type { Migration } from './kit';

/**
 * Kept versions of builder sites (历史版本): the selection and the form as they were at a
 * 生成并下载, after an hour of editing, or just before a restore replaced them. The newest
 * BUILDER_VERSIONS_PER_SITE of a site stay; the files they name are kept by housekeeping like
 * the site's own.
 */
export const builderSiteVersions: Migration = {
  name: 'builder-site-versions',
  up: ({ schema, bigint, id }) => [
    schema
      .createTable('builder_site_versions')
      .$call(id)
      .addColumn('site_id', bigint, (c) => c.notNull().references('builder_sites.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason IN ('download', 'hourly', 'replaced')`))
      .addColumn('web_name', 'text', (c) => c.notNull())
      .addColumn('selected', 'text', (c) => c.notNull())
      .addColumn('form_data', 'text', (c) => c.notNull())
      // The version's first-screen picture URL ('' for none): what the list shows.
      .addColumn('picture', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull()),
    schema.createIndex('builder_site_versions_site').on('builder_site_versions').columns(['site_id', 'created_at']),
  ],
};
