import { sql } from 'kysely';
import type { Migration } from './kit';

/**
 * 预约 (pre-registration) of launch pages (contract/reservations.ts).
 *
 * - reserve_campaigns: one per site (a builder site or a mini site, exactly one set), with the random
 *   public id its page carries and the studio's settings as JSON. It goes with its site (ON DELETE
 *   CASCADE), and with it the records and the codes: the phones are kept for the site's launch only.
 * - reservations: one per phone per campaign (UNIQUE); the count is the number of rows. The gift
 *   code given is copied into the row; deleting the row does not free the code.
 * - reserve_gift_codes: the campaign's codes, 'free' until one 预约 takes it ('given'), once.
 */
export const reservations: Migration = {
  name: 'reservations',
  up: ({ schema, bigint, id }) => [
    schema
      .createTable('reserve_campaigns')
      .$call(id)
      .addColumn('public_id', 'text', (c) => c.notNull().unique())
      .addColumn('builder_site_id', bigint, (c) => c.unique().references('builder_sites.id').onDelete('cascade'))
      .addColumn('mini_site_id', bigint, (c) => c.unique().references('mini_sites.id').onDelete('cascade'))
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addCheckConstraint('reserve_campaigns_one_site', sql`(builder_site_id IS NULL) <> (mini_site_id IS NULL)`),
    schema
      .createTable('reservations')
      .$call(id)
      .addColumn('campaign_id', bigint, (c) => c.notNull().references('reserve_campaigns.id').onDelete('cascade'))
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('gift_code', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('reservations_one_per_phone', ['campaign_id', 'phone']),
    schema
      .createTable('reserve_gift_codes')
      .$call(id)
      .addColumn('campaign_id', bigint, (c) => c.notNull().references('reserve_campaigns.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('given_at', bigint)
      .addUniqueConstraint('reserve_gift_codes_once', ['campaign_id', 'code']),
    // The next free code of a campaign, in the order they were added.
    schema.createIndex('reserve_gift_codes_free').on('reserve_gift_codes').columns(['campaign_id', 'state', 'id']),
    schema.createIndex('reserve_campaigns_user').on('reserve_campaigns').column('user_id'),
  ],
};
