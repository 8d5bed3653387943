import type { EditPasswordRequest, LoginAnswer, LoginRequest, RegisterRequest, SmsLoginRequest, UserInfo } from '../../../contract/auth';
import { Messages } from '../../../contract/messages';
import { checkPassword, checkPhone, checkSmsCode, checkUserName } from '../../../contract/validation';
import { assertValid, invalid } from '../../http/envelope';
import type { Sql } from '../../db/connection';
import { newPasswordProblem, type PasswordHasher } from '../../security/passwords';
import type { TokenService } from '../../security/tokens';
import { assertMayLogIn } from './accountStatus';
import type { LoginGuard } from './loginGuard';
import type { NewAccountLimit } from './newAccounts';
import { toUserInfo, type UserRepository, type UserRow } from './repository';
import type { SmsCodeStore } from './smsCodes';

/** '用户' + the phone's last 4 digits: a readable default that the personal centre can change. */
export const defaultPhoneUserName = (mobile: string): string => `用户${mobile.slice(-4)}`;

export interface AuthDeps {
  db: Sql;
  users: UserRepository;
  passwords: PasswordHasher;
  tokens: TokenService;
  codes: SmsCodeStore;
  guard: LoginGuard;
  newAccounts: NewAccountLimit;
}

/** Phone accounts: login, registration, password reset/change (and phone binding), profile, logout. */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  issueToken(user: UserRow): Promise<string> {
    return this.deps.tokens.sign({ userId: user.id, version: user.token_version });
  }

  /** POST /api/auth/login */
  async login(request: LoginRequest, ip: string): Promise<LoginAnswer> {
    const { users, passwords, guard } = this.deps;
    const phone = request.username;
    assertValid(checkPhone(phone));
    assertValid(checkPassword(request.password));
    await guard.admit(phone, ip, request.captchaId);
    const user = await users.byMobile(phone);
    // Always one argon2 verification, so a wrong phone and a wrong password look and time alike.
    const passwordOk = await passwords.verify(user?.password_hash ?? null, request.password);
    if (!user || !passwordOk) {
      await guard.failed(phone, ip);
      throw invalid(Messages.loginFailed);
    }
    await guard.succeeded(phone, ip);
    assertMayLogIn(user);
    return { token: await this.issueToken(user), userInfo: toUserInfo(user) };
  }

  /**
   * POST /api/auth/smsLogin: a code sent to the phone instead of the password. The code is checked
   * before anything is said of the phone; it works while password logins are stopped by an attack.
   */
  async smsLogin(request: SmsLoginRequest, ip: string): Promise<LoginAnswer> {
    const { db, users, codes, guard } = this.deps;
    const { mobile, verifyCode } = request;
    assertValid(checkPhone(mobile));
    assertValid(checkSmsCode(verifyCode));
    assertValid(await codes.check(mobile, 'login', verifyCode));
    const user = await db.transaction().execute(async (trx) => {
      const owner = await users.in(trx).byMobile(mobile);
      if (!owner) throw invalid(Messages.accountNotFound);
      if (!(await codes.in(trx).consume(mobile, 'login', verifyCode))) throw invalid(Messages.smsCodeExpired);
      return owner;
    });
    await guard.succeeded(mobile, ip);
    assertMayLogIn(user);
    return { token: await this.issueToken(user), userInfo: toUserInfo(user) };
  }

  /** POST /api/auth/register: nothing is written unless every check passes. */
  async register(request: RegisterRequest, ip: string): Promise<void> {
    const { db, users, passwords, codes, newAccounts } = this.deps;
    const { mobile, password, verifyCode } = request;
    assertValid(checkPhone(mobile));
    assertValid(newPasswordProblem(password, mobile));
    assertValid(checkSmsCode(verifyCode));
    // The code first: it proves the phone is the caller's, and only then may they learn it is taken.
    assertValid(await codes.check(mobile, 'register', verifyCode));
    if (await users.byMobile(mobile)) throw invalid(Messages.phoneTaken);
    await newAccounts.admit(ip);
    const hash = await passwords.hash(password);
    // Re-checked inside one transaction: another request may have spent the code or taken the phone
    // (and the phone's UNIQUE refuses a second account whatever the isolation).
    await db.transaction().execute(async (trx) => {
      if (await users.in(trx).byMobile(mobile)) throw invalid(Messages.phoneTaken);
      if (!(await codes.in(trx).consume(mobile, 'register', verifyCode))) throw invalid(Messages.smsCodeExpired);
      await users.in(trx).createWithPhone(mobile, defaultPhoneUserName(mobile), hash, request.invite || null);
    });
  }

  /** Whose password an editPassword request changes, and whether it also binds the phone. */
  private async resolvePasswordTarget(mobile: string, user: UserRow | null): Promise<{ target: UserRow; bind: boolean }> {
    const owner = await this.deps.users.byMobile(mobile);
    if (!user) {
      if (!owner) throw invalid(Messages.accountNotFound);
      return { target: owner, bind: false };
    }
    if (user.mobile) {
      if (user.mobile !== mobile) throw invalid(Messages.phoneMismatch);
      return { target: user, bind: false };
    }
    if (owner && owner.id !== user.id) throw invalid(Messages.phoneBoundToOther);
    return { target: user, bind: true };
  }

  /**
   * POST /api/auth/editPassword: without a login it is "forgot password"; with one it changes the
   * user's password, binding the phone first for an account made by QR login. Revokes every token.
   */
  async editPassword(request: EditPasswordRequest, user: UserRow | null): Promise<void> {
    const { db, users, passwords, codes } = this.deps;
    const { mobile, password, verifyCode } = request;
    assertValid(checkPhone(mobile));
    assertValid(newPasswordProblem(password, mobile));
    assertValid(checkSmsCode(verifyCode));
    // The code first, so that a caller without one learns nothing of the phone's account.
    assertValid(await codes.check(mobile, 'resetPassword', verifyCode));
    const { target, bind } = await this.resolvePasswordTarget(mobile, user);
    const hash = await passwords.hash(password);
    await db.transaction().execute(async (trx) => {
      const owner = await users.in(trx).byMobile(mobile);
      if (bind && owner && owner.id !== target.id) throw invalid(Messages.phoneBoundToOther);
      if (!(await codes.in(trx).consume(mobile, 'resetPassword', verifyCode))) throw invalid(Messages.smsCodeExpired);
      if (bind) await users.in(trx).bindMobile(target.id, mobile);
      await users.in(trx).setPassword(target.id, hash);
    });
  }

  /** POST /api/auth/updateUserInfo: the name only; the phone changes through editPassword. */
  async updateUserInfo(user: UserRow, name: string): Promise<UserInfo> {
    assertValid(checkUserName(name));
    await this.deps.users.rename(user.id, name.trim());
    const updated = await this.deps.users.byId(user.id);
    if (!updated) throw new Error(`User ${user.id} vanished while being renamed`);
    return toUserInfo(updated);
  }

  /** POST /api/auth/logout: every token of the user dies at once. */
  async logout(user: UserRow): Promise<void> {
    await this.deps.users.revokeTokens(user.id);
  }
}
