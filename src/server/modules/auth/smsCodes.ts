import type { SmsPurpose } from '../../../contract/auth';
import { Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { hmacHex, safeEqual } from '../../security/secrets';

interface CodeRow {
  code_hash: string;
  wrong_tries: number;
  expires_at: number;
}

/**
 * SMS codes (DESIGN.md section 8): stored as an HMAC bound to phone and purpose (a database dump
 * does not give the codes away), 5 minutes, single use, void after 5 wrong tries.
 */
export class SmsCodeStore {
  private readonly upsertStmt;
  private readonly getStmt;
  private readonly deleteStmt;
  private readonly wrongStmt;
  private readonly pruneStmt;

  constructor(
    db: Db,
    private readonly now: Clock,
    private readonly key: Buffer,
  ) {
    this.upsertStmt = db.prepare<[string, string, string, number, number]>(
      `INSERT INTO sms_codes (phone, purpose, code_hash, wrong_tries, created_at, expires_at) VALUES (?, ?, ?, 0, ?, ?)
       ON CONFLICT (phone, purpose) DO UPDATE SET code_hash = excluded.code_hash, wrong_tries = 0,
         created_at = excluded.created_at, expires_at = excluded.expires_at`,
    );
    this.getStmt = db.prepare<[string, string], CodeRow>('SELECT code_hash, wrong_tries, expires_at FROM sms_codes WHERE phone = ? AND purpose = ?');
    this.deleteStmt = db.prepare<[string, string]>('DELETE FROM sms_codes WHERE phone = ? AND purpose = ?');
    this.wrongStmt = db.prepare<[string, string]>('UPDATE sms_codes SET wrong_tries = wrong_tries + 1 WHERE phone = ? AND purpose = ?');
    this.pruneStmt = db.prepare<[number]>('DELETE FROM sms_codes WHERE expires_at <= ?');
  }

  private digest(phone: string, purpose: SmsPurpose, code: string): string {
    return hmacHex(this.key, `${phone}\n${purpose}\n${code}`);
  }

  /** Stores a new code for (phone, purpose), replacing the previous one. */
  save(phone: string, purpose: SmsPurpose, code: string): void {
    const at = this.now();
    this.upsertStmt.run(phone, purpose, this.digest(phone, purpose, code), at, at + Security.smsCodeLifetimeSeconds * 1000);
  }

  remove(phone: string, purpose: SmsPurpose): void {
    this.deleteStmt.run(phone, purpose);
  }

  /**
   * Checks a code without using it up: null when right, else the message. A wrong try is counted
   * and the fifth voids the code.
   */
  check(phone: string, purpose: SmsPurpose, code: string): string | null {
    const row = this.getStmt.get(phone, purpose);
    if (!row || row.expires_at <= this.now()) return Messages.smsCodeExpired;
    if (row.wrong_tries >= Security.smsCodeMaxWrongTries) return Messages.smsCodeTooManyTries;
    if (safeEqual(row.code_hash, this.digest(phone, purpose, code))) return null;
    if (row.wrong_tries + 1 >= Security.smsCodeMaxWrongTries) {
      this.deleteStmt.run(phone, purpose);
      return Messages.smsCodeTooManyTries;
    }
    this.wrongStmt.run(phone, purpose);
    return Messages.smsCodeInvalid;
  }

  /**
   * Uses the code up if it is still right and live. Call inside the transaction that does the
   * work the code allows, so that two concurrent requests cannot both spend it.
   */
  consume(phone: string, purpose: SmsPurpose, code: string): boolean {
    const row = this.getStmt.get(phone, purpose);
    if (!row || row.expires_at <= this.now() || row.wrong_tries >= Security.smsCodeMaxWrongTries) return false;
    if (!safeEqual(row.code_hash, this.digest(phone, purpose, code))) return false;
    this.deleteStmt.run(phone, purpose);
    return true;
  }

  prune(): void {
    this.pruneStmt.run(this.now());
  }
}
