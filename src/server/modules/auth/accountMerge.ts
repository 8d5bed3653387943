import type { AccountSummary } from '../../../contract/auth';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import type { UserRow } from './repository';

/**
 * Every table with a column naming a user, and what a merge does with it. A test compares this
 * list with the database's own tables, so a table added later without a say here fails it.
 */
export const USER_COLUMNS = {
  user_works: 'moved (a work both accounts had stays once)',
  builder_banner_tasks: 'moved (a task both accounts had stays once)',
  builder_sites: 'moved',
  mini_sites: 'moved',
  published_sites: 'moved: the slug, and so the link, stays',
  render_jobs: 'moved',
  stored_bytes: 'moved: the files stay where they are, kept by the account they now belong to',
  operate_logs: 'moved',
  reserve_campaigns: 'moved with their sites: the 预约 records and gift codes hang on the campaign',
  qr_tickets: 'left: a login ticket of the account given up dies with its token_version',
} as const;

/** Rows keyed by (user_id, x): where both accounts have x, the kept account's row is the one that stays. */
async function moveKeyed(trx: Sql, table: 'user_works' | 'builder_banner_tasks', key: 'job_id' | 'task_id', from: number, to: number): Promise<void> {
  await trx
    .deleteFrom(table)
    .where('user_id', '=', from)
    .where(key, 'in', trx.selectFrom(table).select(key).where('user_id', '=', to))
    .execute();
  await trx.updateTable(table).set({ user_id: to }).where('user_id', '=', from).execute();
}

/**
 * Moves everything `from` owns to `to`, inside the caller's transaction. Sites keep their ids,
 * folders and published slugs (the folders are named by site, not by user), so every link and
 * download goes on working; names are not unique per user, so nothing is renamed.
 */
export async function moveOwnedRows(trx: Sql, from: number, to: number): Promise<void> {
  await moveKeyed(trx, 'user_works', 'job_id', from, to);
  await moveKeyed(trx, 'builder_banner_tasks', 'task_id', from, to);
  for (const table of ['builder_sites', 'mini_sites', 'published_sites', 'render_jobs', 'operate_logs', 'stored_bytes', 'reserve_campaigns'] as const) {
    await trx.updateTable(table).set({ user_id: to }).where('user_id', '=', from).execute();
  }
}

/**
 * Holds both users' rows until the transaction ends (PostgreSQL locks them; SQLite has one writer):
 * a second merge, bind or publish of either account waits for this one.
 */
export async function lockUsers(trx: Sql, ids: readonly number[]): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * The kept account takes the phone, the openid (and unionid) and the password the other one had where it has
 * none of its own (so each way of logging in the user had goes on working, now into the kept
 * account); the other account loses them first (they are UNIQUE), ends (token_version moves on,
 * so its tokens die) and names the kept one.
 */
export async function joinIdentities(trx: Sql, kept: UserRow, ended: UserRow, now: Clock): Promise<void> {
  const at = now();
  const unionid = async (id: number) => (await trx.selectFrom('users').select('unionid').where('id', '=', id).executeTakeFirstOrThrow()).unionid;
  const [keptUnionid, endedUnionid] = [await unionid(kept.id), await unionid(ended.id)];
  await trx
    .updateTable('users')
    .set((eb) => ({ mobile: null, openid: null, unionid: null, password_hash: null, token_version: eb('token_version', '+', 1), merged_into: kept.id, updated_at: at }))
    .where('id', '=', ended.id)
    .execute();
  await trx
    .updateTable('users')
    .set({
      mobile: kept.mobile ?? ended.mobile,
      openid: kept.openid ?? ended.openid,
      unionid: keptUnionid ?? endedUnionid,
      password_hash: kept.password_hash ?? ended.password_hash,
      updated_at: at,
    })
    .where('id', '=', kept.id)
    .execute();
}

/** Whether the account logs in with WeChat: an openid, or a unionid found under another app. */
export async function hasWechat(db: Sql, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select(['openid', 'unionid']).where('id', '=', userId).executeTakeFirst();
  return !!row && (row.openid !== null || row.unionid !== null);
}

async function countOf(db: Sql, table: 'builder_sites' | 'mini_sites' | 'published_sites' | 'user_works', userId: number): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What the user sees of an account when choosing which to keep. */
export async function summaryOf(db: Sql, user: UserRow): Promise<AccountSummary> {
  const row = await db.selectFrom('users').select('created_at').where('id', '=', user.id).executeTakeFirstOrThrow();
  return {
    name: user.name,
    wechat: user.openid !== null,
    phone: user.mobile !== null,
    password: user.password_hash !== null,
    builderSites: await countOf(db, 'builder_sites', user.id),
    miniSites: await countOf(db, 'mini_sites', user.id),
    publishedSites: await countOf(db, 'published_sites', user.id),
    works: await countOf(db, 'user_works', user.id),
    createdAt: Number(row.created_at),
  };
}
