import { sql } from 'kysely';
import type { Migration } from './kit';

/**
 * Installs seeded placeholder QQ groups (123456789...) that every header and footer showed as if
 * they were real. Those exact values go; a group an operator set stays.
 */
export const placeholderQqGroups: Migration = {
  name: 'placeholder-qq-groups',
  up: ({ sql: statement }) => [
    statement(sql`
      UPDATE site_config SET value = '' WHERE (key, value) IN (
        VALUES ('qq1', '123456789'), ('qq1_link', 'https://qm.qq.com/q/123456789'),
               ('qq3', '234567890'), ('qq3_link', 'https://qm.qq.com/q/234567890'),
               ('qq4', '345678901'), ('qq4_link', 'https://qm.qq.com/q/345678901')
      )`),
  ],
};
