import type { Migration } from './kit';

/**
 * The people who run the service: an account's role ('user' or 'operator'), an account an operator
 * stopped (disabled_at and the reason its owner is told), and the operators' log. The log keeps
 * the operator's id and name as they were, with no foreign key: it outlives any change to accounts.
 */
export const operators: Migration = {
  name: 'operators',
  up: ({ schema, bigint, id }) => [
    schema.alterTable('users').addColumn('role', 'text', (c) => c.notNull().defaultTo('user')),
    schema.alterTable('users').addColumn('disabled_at', bigint),
    schema.alterTable('users').addColumn('disabled_reason', 'text'),
    schema
      .createTable('operator_actions')
      .$call(id)
      // Null for an action taken from the command line (npm run operator).
      .addColumn('operator_id', bigint)
      .addColumn('operator_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      // What the action was on, e.g. 'user:12' or 'site:ab12…'.
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('before', 'text', (c) => c.notNull())
      .addColumn('after', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull()),
    schema.createIndex('operator_actions_created').on('operator_actions').column('created_at'),
  ],
};
