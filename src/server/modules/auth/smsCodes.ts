import type { SmsCodePurpose } from '../../../contract/auth';
import { Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import type { Sql } from '../../db/connection';
import type { Clock } from '../../clock';
import { hmacHex, safeEqual } from '../../security/secrets';

/**
 * What a stored code is bound to besides the phone: an account purpose, or one 预约 campaign (a code
 * sent for one studio's page cannot be spent on another's, nor to log in).
 */
export type SmsCodeKey = SmsCodePurpose | `reserve:${string}`;

export const reserveCodeKey = (campaignId: string): SmsCodeKey => `reserve:${campaignId}`;

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
  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
    private readonly key: Buffer,
  ) {}

  /** The same codes inside the transaction `trx`. */
  in(trx: Sql): SmsCodeStore {
    return new SmsCodeStore(trx, this.now, this.key);
  }

  private digest(phone: string, purpose: SmsCodeKey, code: string): string {
    return hmacHex(this.key, `${phone}\n${purpose}\n${code}`);
  }

  private row(phone: string, purpose: SmsCodeKey): Promise<CodeRow | undefined> {
    return this.db.selectFrom('sms_codes').select(['code_hash', 'wrong_tries', 'expires_at']).where('phone', '=', phone).where('purpose', '=', purpose).executeTakeFirst();
  }

  /** Stores a new code for (phone, purpose), replacing the previous one. */
  async save(phone: string, purpose: SmsCodeKey, code: string): Promise<void> {
    const at = this.now();
    const fresh = { code_hash: this.digest(phone, purpose, code), wrong_tries: 0, created_at: at, expires_at: at + Security.smsCodeLifetimeSeconds * 1000 };
    await this.db
      .insertInto('sms_codes')
      .values({ phone, purpose, ...fresh })
      .onConflict((conflict) => conflict.columns(['phone', 'purpose']).doUpdateSet(fresh))
      .execute();
  }

  async remove(phone: string, purpose: SmsCodeKey): Promise<void> {
    await this.db.deleteFrom('sms_codes').where('phone', '=', phone).where('purpose', '=', purpose).execute();
  }

  /**
   * Checks a code without using it up: null when right, else the message. A wrong try is counted
   * and the fifth voids the code.
   */
  async check(phone: string, purpose: SmsCodeKey, code: string): Promise<string | null> {
    const row = await this.row(phone, purpose);
    if (!row || row.expires_at <= this.now()) return Messages.smsCodeExpired;
    if (row.wrong_tries >= Security.smsCodeMaxWrongTries) return Messages.smsCodeTooManyTries;
    if (safeEqual(row.code_hash, this.digest(phone, purpose, code))) return null;
    if (row.wrong_tries + 1 >= Security.smsCodeMaxWrongTries) {
      await this.remove(phone, purpose);
      return Messages.smsCodeTooManyTries;
    }
    await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .execute();
    return Messages.smsCodeInvalid;
  }

  /**
   * Uses the code up if it is still right and live: the delete is guarded by the code it read, so
   * of two requests spending it at once only one gets true. Call inside the transaction that does
   * the work the code allows (`in(trx)`), so that the work and the spending go together.
   */
  async consume(phone: string, purpose: SmsCodeKey, code: string): Promise<boolean> {
    const row = await this.row(phone, purpose);
    if (!row || row.expires_at <= this.now() || row.wrong_tries >= Security.smsCodeMaxWrongTries) return false;
    if (!safeEqual(row.code_hash, this.digest(phone, purpose, code))) return false;
    const spent = await this.db
      .deleteFrom('sms_codes')
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('code_hash', '=', row.code_hash)
      .returning('phone')
      .executeTakeFirst();
    return spent !== undefined;
  }

  async prune(): Promise<void> {
    await this.db.deleteFrom('sms_codes').where('expires_at', '<=', this.now()).execute();
  }
}
