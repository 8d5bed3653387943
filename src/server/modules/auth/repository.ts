import type { UserInfo } from '../../../contract/auth';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';

export interface UserRow {
  id: number;
  name: string;
  mobile: string | null;
  openid: string | null;
  password_hash: string | null;
  token_version: number;
}

export function toUserInfo(user: UserRow): UserInfo {
  return { id: user.id, name: user.name, mobile: user.mobile ?? '', openid: user.openid ?? '' };
}

const COLUMNS = 'id, name, mobile, openid, password_hash, token_version';

/** The users table. Every write stamps updated_at; password writes also revoke every token. */
export class UserRepository {
  private readonly byIdStmt;
  private readonly byMobileStmt;
  private readonly byOpenidStmt;
  private readonly insertStmt;
  private readonly setPasswordStmt;
  private readonly bindMobileStmt;
  private readonly bumpStmt;
  private readonly renameStmt;

  constructor(
    db: Db,
    private readonly now: Clock,
  ) {
    this.byIdStmt = db.prepare<[number], UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`);
    this.byMobileStmt = db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE mobile = ?`);
    this.byOpenidStmt = db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE openid = ?`);
    this.insertStmt = db.prepare<[string, string | null, string | null, string | null, string | null, number, number]>(
      'INSERT INTO users (name, mobile, openid, password_hash, invite, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.setPasswordStmt = db.prepare<[string, number, number]>(
      'UPDATE users SET password_hash = ?, token_version = token_version + 1, updated_at = ? WHERE id = ?',
    );
    this.bindMobileStmt = db.prepare<[string, number, number]>('UPDATE users SET mobile = ?, updated_at = ? WHERE id = ?');
    this.bumpStmt = db.prepare<[number, number]>('UPDATE users SET token_version = token_version + 1, updated_at = ? WHERE id = ?');
    this.renameStmt = db.prepare<[string, number, number]>('UPDATE users SET name = ?, updated_at = ? WHERE id = ?');
  }

  byId(id: number): UserRow | null {
    return this.byIdStmt.get(id) ?? null;
  }

  byMobile(mobile: string): UserRow | null {
    return this.byMobileStmt.get(mobile) ?? null;
  }

  byOpenid(openid: string): UserRow | null {
    return this.byOpenidStmt.get(openid) ?? null;
  }

  createWithPhone(mobile: string, name: string, passwordHash: string, invite: string | null): number {
    const at = this.now();
    return Number(this.insertStmt.run(name, mobile, null, passwordHash, invite, at, at).lastInsertRowid);
  }

  createWithOpenid(openid: string, name: string): number {
    const at = this.now();
    return Number(this.insertStmt.run(name, null, openid, null, null, at, at).lastInsertRowid);
  }

  /** Sets the password and revokes every token of the user. */
  setPassword(id: number, passwordHash: string): void {
    this.setPasswordStmt.run(passwordHash, this.now(), id);
  }

  bindMobile(id: number, mobile: string): void {
    this.bindMobileStmt.run(mobile, this.now(), id);
  }

  /** Revokes every token of the user at once (logout). */
  revokeTokens(id: number): void {
    this.bumpStmt.run(this.now(), id);
  }

  rename(id: number, name: string): void {
    this.renameStmt.run(name, this.now(), id);
  }
}
