import type { Migration } from './kit';

/**
 * An account given up when a WeChat account and a phone account were merged (绑定手机号): the
 * account kept. The row stays, without a way to log in, so that the merge can be traced.
 */
export const mergedAccounts: Migration = {
  name: 'merged-accounts',
  up: ({ schema, bigint }) => [schema.alterTable('users').addColumn('merged_into', bigint)],
};
