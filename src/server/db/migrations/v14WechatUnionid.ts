import type { Migration } from './kit';

/**
 * WeChat's unionid (QR_LOGIN_PROVIDER=wechat-mp): the same person across the service account and
 * the other apps of its open platform, when WeChat tells it. NULL for everyone else; an index
 * rather than a column constraint, which SQLite cannot add to an existing table.
 */
export const wechatUnionid: Migration = {
  name: 'wechat-unionid',
  up: ({ schema }) => [
    schema.alterTable('users').addColumn('unionid', 'text'),
    schema.createIndex('users_unionid').unique().on('users').column('unionid'),
  ],
};
