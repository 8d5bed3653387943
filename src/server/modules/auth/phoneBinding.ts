import { KEPT_ACCOUNTS, type BindPhoneAnswer, type BindPhoneRequest, type LoginAnswer, type MergeAccountsRequest } from '../../../contract/auth';
import { Messages } from '../../../contract/messages';
import { checkPhone, checkSmsCode } from '../../../contract/validation';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import { assertValid, invalid } from '../../http/envelope';
import type { TokenService } from '../../security/tokens';
import { hasWechat, joinIdentities, lockUsers, moveOwnedRows, summaryOf } from './accountMerge';
import { assertMayLogIn } from './accountStatus';
import { toUserInfo, type UserRepository, type UserRow } from './repository';
import type { SmsCodeStore } from './smsCodes';

export interface PhoneBindingDeps {
  db: Sql;
  users: UserRepository;
  codes: SmsCodeStore;
  tokens: TokenService;
  now: Clock;
}

/**
 * 绑定手机号 for an account made by WeChat (QR) login: publishing in China needs a verified phone.
 * The SMS code (purpose 'bind') proves the phone; the session proves the WeChat account. When the
 * phone already has an account the two are merged into the one the user keeps. The phone's
 * password is not asked: whoever holds the phone can already log in to its account by SMS and
 * reset its password, so the code proves that account as fully as a password would.
 */
export class PhoneBindingService {
  constructor(private readonly deps: PhoneBindingDeps) {}

  /** The checks both calls start with; the code is checked (a wrong one counted), not spent. */
  private async proven(user: UserRow, mobile: string, verifyCode: string): Promise<UserRow | null> {
    if (user.mobile) throw invalid(Messages.accountHasPhone);
    assertValid(checkPhone(mobile));
    assertValid(checkSmsCode(verifyCode));
    // The code first: only whoever holds the phone may learn whether it has an account.
    assertValid(await this.deps.codes.check(mobile, 'bind', verifyCode));
    const owner = await this.deps.users.byMobile(mobile);
    if (owner && (await hasWechat(this.deps.db, owner.id))) throw invalid(Messages.phoneHasOtherWechat);
    return owner;
  }

  /** POST /api/auth/bindPhone */
  async bind(user: UserRow, request: BindPhoneRequest): Promise<BindPhoneAnswer> {
    const { db, users, codes } = this.deps;
    const { mobile, verifyCode } = request;
    const owner = await this.proven(user, mobile, verifyCode);
    // The code stays valid for mergeAccounts, where the user says which account to keep.
    if (owner) return { status: 'choose', current: await summaryOf(db, user), phone: await summaryOf(db, owner) };
    const bound = await db.transaction().execute(async (trx) => {
      await lockUsers(trx, [user.id]);
      const fresh = await users.in(trx).byId(user.id);
      if (!fresh || fresh.mobile) throw invalid(Messages.accountHasPhone);
      // Taken meanwhile: the UNIQUE would refuse it anyway; this says why in words.
      if (await users.in(trx).byMobile(mobile)) throw invalid(Messages.phoneAccountGone);
      if (!(await codes.in(trx).consume(mobile, 'bind', verifyCode))) throw invalid(Messages.smsCodeExpired);
      await users.in(trx).bindMobile(user.id, mobile);
      return { ...fresh, mobile };
    });
    return { status: 'bound', userInfo: toUserInfo(bound) };
  }

  /**
   * POST /api/auth/mergeAccounts: everything of the account given up moves to the one kept, in one
   * transaction with the spending of the code; the session answered is the kept account's.
   */
  async merge(user: UserRow, request: MergeAccountsRequest): Promise<LoginAnswer> {
    const { db, users, codes, tokens, now } = this.deps;
    const { mobile, verifyCode, keep } = request;
    if (!KEPT_ACCOUNTS.includes(keep)) throw invalid(Messages.mergeChoiceInvalid);
    const owner = await this.proven(user, mobile, verifyCode);
    if (!owner) throw invalid(Messages.phoneAccountGone);
    // A stopped account does not come back to life through a merge with another.
    assertMayLogIn(owner);
    const kept = await db.transaction().execute(async (trx) => {
      await lockUsers(trx, [user.id, owner.id]);
      // Read again under the lock: either account may have changed since the checks above.
      const current = await users.in(trx).byId(user.id);
      const phone = await users.in(trx).byMobile(mobile);
      if (!current || current.mobile) throw invalid(Messages.accountHasPhone);
      if (!phone || phone.id !== owner.id) throw invalid(Messages.phoneAccountGone);
      if (await hasWechat(trx, phone.id)) throw invalid(Messages.phoneHasOtherWechat);
      if (!(await codes.in(trx).consume(mobile, 'bind', verifyCode))) throw invalid(Messages.smsCodeExpired);
      const [keeper, ended] = keep === 'current' ? [current, phone] : [phone, current];
      await moveOwnedRows(trx, ended.id, keeper.id);
      await joinIdentities(trx, keeper, ended, now);
      return users.in(trx).byId(keeper.id);
    });
    if (!kept) throw new Error(`User vanished while merging into it`);
    return { token: await tokens.sign({ userId: kept.id, version: kept.token_version }), userInfo: toUserInfo(kept) };
  }
}
