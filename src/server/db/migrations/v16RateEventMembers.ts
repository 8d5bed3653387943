import type { Migration } from './kit';

/**
 * Rate events that are more than one of a kind: a named member counts once however often it
 * happens in the window (the addresses failing for one phone), an amount weighs an event.
 */
export const rateEventMembers: Migration = {
  name: 'rate-event-members',
  up: ({ schema, bigint }) => [
    schema.alterTable('rate_events').addColumn('member', 'text'),
    schema.alterTable('rate_events').addColumn('amount', bigint, (c) => c.notNull().defaultTo(1)),
  ],
};
