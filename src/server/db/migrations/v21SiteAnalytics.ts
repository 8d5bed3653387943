import type { Migration } from './kit';

/**
 * Launch analytics of published sites, without cookies (SECURITY.md, "Launch analytics"):
 * - site_stats: per page, China-time day and dimension ('all', 'channel', 'referrer', 'device',
 *   'wechat', 'bots') with its value, the views and unique visitors counted; servers add to it.
 * - analytics_salts: one random salt per China-time day, shared by the servers; deleted once the
 *   day is over, after which no hash of that day can be made again.
 * - site_visitor_marks: the day's visitor hashes (of the salt, page, address and browser) per
 *   scope ('*' for the page, else a channel): a visitor counts once per day and scope because only
 *   the first insert of a mark adds one. Past days' marks are deleted by housekeeping.
 * Rows are keyed by slug without a foreign key, as published_visits is.
 */
export const siteAnalytics: Migration = {
  name: 'site-analytics',
  up: ({ schema, bigint }) => [
    schema
      .createTable('site_stats')
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('dimension', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('views', bigint, (c) => c.notNull())
      .addColumn('visitors', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('site_stats_pk', ['slug', 'day', 'dimension', 'value']),
    schema.createTable('analytics_salts').addColumn('day', 'text', (c) => c.primaryKey()).addColumn('salt', 'text', (c) => c.notNull()),
    schema
      .createTable('site_visitor_marks')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('site_visitor_marks_pk', ['day', 'slug', 'scope', 'hash']),
  ],
};
