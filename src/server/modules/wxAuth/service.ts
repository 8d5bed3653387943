import type { QrcodeAnswer, QrLoginInfoAnswer } from '../../../contract/auth';
import { Limits } from '../../../contract/limits';
import type { Sql } from '../../db/connection';
import type { Clock } from '../../clock';
import { qrPngDataUrl } from '../../render/qrImage';
import { randomToken } from '../../security/secrets';
import type { TokenService } from '../../security/tokens';
import { toUserInfo, type UserRepository } from '../auth/repository';
import type { QrTicketRepository, TicketRow } from './repository';

/** Size of the login QR image in pixels, and its quiet zone in modules. */
export const QR_IMAGE_WIDTH = 240;
export const QR_IMAGE_MARGIN = 2;

/** '微信用户' + the openid's last 4 characters, for accounts made by QR login. */
export const defaultQrUserName = (openid: string): string => `微信用户${openid.slice(-4)}`;

export interface QrLoginDeps {
  db: Sql;
  now: Clock;
  tickets: QrTicketRepository;
  users: UserRepository;
  tokens: TokenService;
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
   * POST /api/wxAuth/getWechatQrcode; `scanUrl` is what the QR encodes (the provider decides), and
   * is answered beside it when `showScanUrl` (the local provider's page).
   */
  async create(previous: string | undefined, scanUrl: (ticket: string) => string, showScanUrl = false): Promise<QrcodeAnswer> {
    const { tickets, now } = this.deps;
    // A refreshed code replaces the old one: the old ticket must not log anyone in any more.
    if (previous) await tickets.delete(previous);
    const ticket = randomToken(32);
    const at = now();
    await tickets.insert(ticket, at, at + Limits.qrLifetimeSeconds * 1000);
    const url = scanUrl(ticket);
    const qrcode = await qrPngDataUrl(url, QR_IMAGE_WIDTH, QR_IMAGE_MARGIN);
    return { qrcode, ticket, expiresIn: Limits.qrLifetimeSeconds, ...(showScanUrl ? { scanUrl: url } : {}) };
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
    return { status: 'confirmed', token: await tokens.sign({ userId: user.id, version: user.token_version }), userInfo: toUserInfo(user) };
  }

  /** The phone opened the code's page; false when the ticket cannot be used any more. */
  async markScanned(ticket: string): Promise<boolean> {
    if (!(await this.pending(ticket))) return false;
    return this.deps.tickets.setStatus(ticket, ['waiting', 'scanned'], 'scanned');
  }

  /**
   * The messaging-app user `openid` confirmed: binds the ticket to their account (made on first
   * use). `openid` must come from a proven identity (the provider's), never from the request.
   */
  async confirm(ticket: string, openid: string): Promise<boolean> {
    const { db, tickets, users } = this.deps;
    if (!(await this.pending(ticket))) return false;
    return db.transaction().execute(async (trx) => {
      const existing = await users.in(trx).byOpenid(openid);
      const user = existing ? { id: existing.id, tokenVersion: existing.token_version } : { id: await users.in(trx).createWithOpenid(openid, defaultQrUserName(openid)), tokenVersion: 0 };
      // Guarded by the states a confirm may follow: a ticket confirmed or cancelled meanwhile stays so.
      return tickets.in(trx).setStatus(ticket, ['waiting', 'scanned'], 'confirmed', user);
    });
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
