import type { Migration } from './kit';

/**
 * The local QR provider's scanning phones. A phone proves which one it is with a random secret
 * the server issued (in a signed cookie); only the secret's hash is kept. The openid it stands
 * for is made apart from the secret and stays a public id, as the spec shows it. The old
 * wx_openid cookie, which anyone could set to anyone's openid, is no longer read.
 */
export const qrDevices: Migration = {
  name: 'qr-devices',
  up: ({ schema, bigint }) => [
    schema
      .createTable('qr_devices')
      .addColumn('secret_hash', 'text', (c) => c.primaryKey())
      .addColumn('openid', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('last_used_at', bigint, (c) => c.notNull()),
    // The user's token_version when the phone confirmed: a logout or password change between the
    // confirm and the computer's collecting it voids the ticket, as it voids every token.
    schema.alterTable('qr_tickets').addColumn('token_version', 'integer'),
  ],
};
