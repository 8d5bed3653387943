import { sql } from 'kysely';
import type { Migration } from './kit';

/** Accounts and what logging in needs, the operate log and the site's settings. */
export const accounts: Migration = {
  name: 'accounts',
  up: ({ schema, bigint, id }) => [
    schema
      .createTable('users')
      .$call(id)
      .addColumn('name', 'text', (c) => c.notNull())
      // NULL for an account made by QR login that has not bound a phone yet.
      .addColumn('mobile', 'text', (c) => c.unique())
      // NULL for an account made with a phone number.
      .addColumn('openid', 'text', (c) => c.unique())
      // argon2id PHC string; NULL until a QR account sets a password.
      .addColumn('password_hash', 'text')
      // Bumped by logout and password changes: tokens carry it and die when it moves on.
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('invite', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull()),

    // Rate limits and login throttling: one row per event, counted over a sliding window.
    schema
      .createTable('rate_events')
      .$call(id)
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('at', bigint, (c) => c.notNull()),
    schema.createIndex('rate_events_scope_key_at').on('rate_events').columns(['scope', 'key', 'at']),
    schema.createIndex('rate_events_at').on('rate_events').column('at'),

    // Graphic captchas. The answer is kept in clear: four characters gain nothing from a hash.
    schema
      .createTable('captchas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('pending', 'passed')`))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull()),

    // One live SMS code per phone and purpose; a new send replaces it.
    schema
      .createTable('sms_codes')
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('sms_codes_pkey', ['phone', 'purpose']),

    // Written by the local SMS provider in development and test mode only, for tests to read.
    schema
      .createTable('sms_outbox')
      .$call(id)
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull()),

    schema
      .createTable('qr_tickets')
      .addColumn('ticket', 'text', (c) => c.primaryKey())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('waiting', 'scanned', 'confirmed')`))
      .addColumn('user_id', bigint, (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull()),

    schema
      .createTable('operate_logs')
      .$call(id)
      .addColumn('user_id', bigint, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('screen_size', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull()),
    schema.createIndex('operate_logs_created_at').on('operate_logs').column('created_at'),

    schema
      .createTable('site_config')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull()),

    schema
      .createTable('video_tutorials')
      .addColumn('type', 'text', (c) => c.primaryKey())
      .addColumn('url', 'text', (c) => c.notNull()),
  ],
};
