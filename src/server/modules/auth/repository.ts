import type { UserInfo } from '../../../contract/auth';
import type { Sql } from '../../db/connection';
import type { Clock } from '../../clock';
import type { UserRole } from '../../db/schema';

export interface UserRow {
  id: number;
  name: string;
  mobile: string | null;
  openid: string | null;
  password_hash: string | null;
  token_version: number;
  role: UserRole;
  /** Set while an operator has stopped the account: what its owner is told. */
  disabled_reason: string | null;
}

export function toUserInfo(user: UserRow): UserInfo {
  const info: UserInfo = { id: user.id, name: user.name, mobile: user.mobile ?? '', openid: user.openid ?? '' };
  // Only operators are told of a role: the SPA shows them the way to the console.
  return user.role === 'operator' ? { ...info, operator: true } : info;
}

const COLUMNS = ['id', 'name', 'mobile', 'openid', 'password_hash', 'token_version', 'role', 'disabled_reason'] as const;

/** The users table. Every write stamps updated_at; password writes also revoke every token. */
export class UserRepository {
  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
  ) {}

  /** The same table inside the transaction `trx`. */
  in(trx: Sql): UserRepository {
    return new UserRepository(trx, this.now);
  }

  async byId(id: number): Promise<UserRow | null> {
    return (await this.db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async byMobile(mobile: string): Promise<UserRow | null> {
    return (await this.db.selectFrom('users').select(COLUMNS).where('mobile', '=', mobile).executeTakeFirst()) ?? null;
  }

  async byOpenid(openid: string): Promise<UserRow | null> {
    return (await this.db.selectFrom('users').select(COLUMNS).where('openid', '=', openid).executeTakeFirst()) ?? null;
  }

  /** The user WeChat's unionid names (wechat-mp accounts only). */
  async byUnionid(unionid: string): Promise<UserRow | null> {
    return (await this.db.selectFrom('users').select(COLUMNS).where('unionid', '=', unionid).executeTakeFirst()) ?? null;
  }

  /** Records the unionid of an account made before WeChat told it; one it already has is kept. */
  async setUnionidIfMissing(id: number, unionid: string): Promise<void> {
    await this.db.updateTable('users').set({ unionid, updated_at: this.now() }).where('id', '=', id).where('unionid', 'is', null).execute();
  }

  /** The account's openid under the configured app, when it was found by its unionid under another. */
  async setOpenid(id: number, openid: string): Promise<void> {
    await this.db.updateTable('users').set({ openid, updated_at: this.now() }).where('id', '=', id).execute();
  }

  async createWithPhone(mobile: string, name: string, passwordHash: string, invite: string | null): Promise<number> {
    return this.insert({ name, mobile, openid: null, password_hash: passwordHash, invite });
  }

  async createWithOpenid(openid: string, name: string, unionid: string | null = null): Promise<number> {
    return this.insert({ name, mobile: null, openid, unionid, password_hash: null, invite: null });
  }

  /** Sets the password and revokes every token of the user. */
  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: this.now() }))
      .where('id', '=', id)
      .execute();
  }

  async bindMobile(id: number, mobile: string): Promise<void> {
    await this.db.updateTable('users').set({ mobile, updated_at: this.now() }).where('id', '=', id).execute();
  }

  /** Revokes every token of the user at once (logout). */
  async revokeTokens(id: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: this.now() }))
      .where('id', '=', id)
      .execute();
  }

  async setRole(id: number, role: UserRole): Promise<void> {
    await this.db.updateTable('users').set({ role, updated_at: this.now() }).where('id', '=', id).execute();
  }

  /** Stops the account: every token dies at once (each request reads the row) and logins are refused with `reason`. */
  async disable(id: number, reason: string): Promise<void> {
    const at = this.now();
    await this.db
      .updateTable('users')
      .set((eb) => ({ disabled_at: at, disabled_reason: reason, token_version: eb('token_version', '+', 1), updated_at: at }))
      .where('id', '=', id)
      .execute();
  }

  async enable(id: number): Promise<void> {
    await this.db.updateTable('users').set({ disabled_at: null, disabled_reason: null, updated_at: this.now() }).where('id', '=', id).execute();
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db.updateTable('users').set({ name, updated_at: this.now() }).where('id', '=', id).execute();
  }

  private async insert(user: { name: string; mobile: string | null; openid: string | null; unionid?: string | null; password_hash: string | null; invite: string | null }): Promise<number> {
    const at = this.now();
    const row = await this.db
      .insertInto('users')
      .values({ ...user, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
