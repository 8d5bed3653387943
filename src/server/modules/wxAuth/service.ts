import type { QrcodeAnswer, QrLoginInfoAnswer } from '../../../contract/auth';
import { Limits } from '../../../contract/limits';
import type { Sql } from '../../db/connection';
import type { Clock } from '../../clock';
import { qrPngDataUrl } from '../../render/qrImage';
import { randomToken } from '../../security/secrets';
import type { TokenService } from '../../security/tokens';
import { assertMayLogIn } from '../auth/accountStatus';
import type { NewAccountLimit } from '../auth/newAccounts';
import { toUserInfo, type UserRepository } from '../auth/repository';
import type { QrTicketRepository, TicketRow } from './repository';

/** Size of the login QR image in pixels, and its quiet zone in modules. */
export const QR_IMAGE_WIDTH = 240;
export const QR_IMAGE_MARGIN = 2;

/** '微信用户' + the openid's last 4 characters, for accounts made by QR login. */
export const defaultQrUserName = (openid: string): string => `微信用户${openid.slice(-4)}`;

/** Who confirmed a login: the openid the provider proved, and WeChat's unionid when it gave one. */
export interface QrIdentity {
  openid: string;
  unionid?: string;
}

export interface QrLoginDeps {
  db: Sql;
  now: Clock;
  tickets: QrTicketRepository;
  users: UserRepository;
  tokens: TokenService;
  newAccounts: NewAccountLimit;
}

/**
 * QR login tickets (spec section 4, DESIGN.md section 8): 32 random bytes, 120 s, single use.
 * waiting -> scanned (page opened) -> confirmed (user pressed confirm) -> consumed by the poll that
 * hands out the token. Anything unknown, old or used reads as 'expired'.
 */
export class QrLoginService {
  constructor(private readonly deps: QrLoginDeps) {}

  /** A ticket that can still be scanned or confirmed. */
  private async pending(ticket: string): Promise<TicketRow | null> {
    const row = await this.deps.tickets.get(ticket);
    if (!row || row.expires_at <= this.deps.now() || row.status === 'confirmed') return null;
    return row;
  }

  /**
   * POST /api/wxAuth/getWechatQrcode; `scanUrl` is what the QR encodes (the provider decides, and
   * may ask its messaging app for it), answered beside it when `showScanUrl` (the local provider's
   * page). A provider that fails takes the new ticket with it: nothing is left to confirm.
   */
  async create(previous: string | undefined, scanUrl: (ticket: string) => Promise<string>, showScanUrl = false): Promise<QrcodeAnswer> {
    const { tickets } = this.deps;
    // A refreshed code replaces the old one: the old ticket must not log anyone in any more.
    if (previous) await tickets.delete(previous);
    const ticket = await this.issue();
    let url: string;
    try {
      url = await scanUrl(ticket);
    } catch (error) {
      await tickets.delete(ticket);
      throw error;
    }
    const qrcode = await qrPngDataUrl(url, QR_IMAGE_WIDTH, QR_IMAGE_MARGIN);
    return { qrcode, ticket, expiresIn: Limits.qrLifetimeSeconds, ...(showScanUrl ? { scanUrl: url } : {}) };
  }

  /**
   * A new waiting ticket, without a code to show: for a login proven in the same browser (WeChat's
   * web authorization), which confirms it at once and hands its token over through `poll`.
   */
  async issue(): Promise<string> {
    const ticket = randomToken(32);
    const at = this.deps.now();
    await this.deps.tickets.insert(ticket, at, at + Limits.qrLifetimeSeconds * 1000);
    return ticket;
  }

  /** GET /api/wxAuth/wxLoginInfo: the status, and once confirmed the token (the ticket is then used up). */
  async poll(ticket: string): Promise<QrLoginInfoAnswer> {
    const { tickets, users, tokens, now } = this.deps;
    const row = await tickets.get(ticket);
    if (!row || row.expires_at <= now()) return { status: 'expired' };
    if (row.status !== 'confirmed') return { status: row.status };
    // Taken out in one statement: of polls at once, on any server, only one gets the user.
    const taken = await tickets.takeConfirmed(ticket);
    if (!taken || taken.expires_at <= now()) return { status: 'expired' };
    const user = taken.user_id === null ? null : await users.byId(taken.user_id);
    // A logout or password change since the confirm ended this login with every other.
    if (!user || user.token_version !== taken.token_version) return { status: 'expired' };
    assertMayLogIn(user);
    return { status: 'confirmed', token: await tokens.sign({ userId: user.id, version: user.token_version }), userInfo: toUserInfo(user) };
  }

  /** The phone opened the code's page; false when the ticket cannot be used any more. */
  async markScanned(ticket: string): Promise<boolean> {
    if (!(await this.pending(ticket))) return false;
    return this.deps.tickets.setStatus(ticket, ['waiting', 'scanned'], 'scanned');
  }

  /**
   * The messaging-app user confirmed: binds the ticket to their account (made on first use), found
   * by the unionid when there is one, else by the openid. The identity must come from a proven
   * source (the provider's), never from the request.
   */
  async confirm(ticket: string, identity: QrIdentity, address?: string): Promise<boolean> {
    const { db, tickets, users } = this.deps;
    if (!(await this.pending(ticket))) return false;
    // A phone no one vouches for (the local provider's) makes an account only within its address's
    // day. Counted before the transaction: the count may live in the same database.
    if (address !== undefined && !(await this.known(identity))) await this.deps.newAccounts.admit(address);
    return db.transaction().execute(async (trx) => {
      const user = await this.accountOf(users.in(trx), identity);
      // Guarded by the states a confirm may follow: a ticket confirmed or cancelled meanwhile stays so.
      return tickets.in(trx).setStatus(ticket, ['waiting', 'scanned'], 'confirmed', user);
    });
  }

  private async known({ openid, unionid }: QrIdentity): Promise<boolean> {
    const { users } = this.deps;
    return !!((unionid && (await users.byUnionid(unionid))) || (await users.byOpenid(openid)));
  }

  private async accountOf(users: UserRepository, { openid, unionid }: QrIdentity): Promise<{ id: number; tokenVersion: number }> {
    const byUnionid = unionid ? await users.byUnionid(unionid) : null;
    const byOpenid = await users.byOpenid(openid);
    const existing = byUnionid ?? byOpenid;
    if (!existing) return { id: await users.createWithOpenid(openid, defaultQrUserName(openid), unionid ?? null), tokenVersion: 0 };
    if (unionid && !byUnionid) await users.setUnionidIfMissing(existing.id, unionid);
    // Known by the unionid from another app of the same open platform: this app's openid is
    // recorded too, unless it already names an account of its own.
    if (byUnionid && byUnionid.openid !== openid && !byOpenid) await users.setOpenid(byUnionid.id, openid);
    return { id: existing.id, tokenVersion: existing.token_version };
  }

  /** The user refused on the phone: the code is void and the computer shows it as expired. */
  async cancel(ticket: string): Promise<boolean> {
    if (!(await this.pending(ticket))) return false;
    return this.deps.tickets.delete(ticket, ['waiting', 'scanned']);
  }

  async prune(): Promise<void> {
    await this.deps.tickets.prune(this.deps.now());
  }
}
