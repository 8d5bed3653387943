import type { QrcodeAnswer, QrLoginInfoAnswer } from '../../../contract/auth';
import { Limits } from '../../../contract/limits';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { qrPngDataUrl } from '../../render/qrImage';
import { randomToken } from '../../security/secrets';
import type { TokenService } from '../../security/tokens';
import { toUserInfo, type UserRepository, type UserRow } from '../auth/repository';
import type { QrTicketRepository, TicketRow } from './repository';

/** Size of the login QR image in pixels, and its quiet zone in modules. */
export const QR_IMAGE_WIDTH = 240;
export const QR_IMAGE_MARGIN = 2;

/** '微信用户' + the openid's last 4 characters, for accounts made by QR login. */
export const defaultQrUserName = (openid: string): string => `微信用户${openid.slice(-4)}`;

export interface QrLoginDeps {
  db: Db;
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
  private pending(ticket: string): TicketRow | null {
    const row = this.deps.tickets.get(ticket);
    if (!row || row.expires_at <= this.deps.now() || row.status === 'confirmed') return null;
    return row;
  }

  /** POST /api/wxAuth/getWechatQrcode; `scanUrl` is what the QR encodes (the provider decides). */
  async create(previous: string | undefined, scanUrl: (ticket: string) => string): Promise<QrcodeAnswer> {
    const { tickets, now } = this.deps;
    // A refreshed code replaces the old one: the old ticket must not log anyone in any more.
    if (previous) tickets.delete(previous);
    const ticket = randomToken(32);
    const at = now();
    tickets.insert(ticket, at, at + Limits.qrLifetimeSeconds * 1000);
    const qrcode = await qrPngDataUrl(scanUrl(ticket), QR_IMAGE_WIDTH, QR_IMAGE_MARGIN);
    return { qrcode, ticket, expiresIn: Limits.qrLifetimeSeconds };
  }

  /** GET /api/wxAuth/wxLoginInfo: the status, and once confirmed the token (the ticket is then used up). */
  async poll(ticket: string): Promise<QrLoginInfoAnswer> {
    const { db, tickets, users, tokens, now } = this.deps;
    // The ticket is used up in the transaction, so only one poll ever gets the user.
    const outcome = db.transaction((): { status: QrLoginInfoAnswer['status']; user?: UserRow } => {
      const row = tickets.get(ticket);
      if (!row || row.expires_at <= now()) return { status: 'expired' };
      if (row.status !== 'confirmed') return { status: row.status };
      tickets.delete(ticket);
      const user = row.user_id === null ? null : users.byId(row.user_id);
      // A logout or password change since the confirm ended this login with every other.
      if (!user || user.token_version !== row.token_version) return { status: 'expired' };
      return { status: 'confirmed', user };
    })();
    const { status, user } = outcome;
    if (!user) return { status };
    return { status, token: await tokens.sign({ userId: user.id, version: user.token_version }), userInfo: toUserInfo(user) };
  }

  /** The phone opened the code's page; false when the ticket cannot be used any more. */
  markScanned(ticket: string): boolean {
    if (!this.pending(ticket)) return false;
    this.deps.tickets.setStatus(ticket, 'scanned');
    return true;
  }

  /**
   * The messaging-app user `openid` confirmed: binds the ticket to their account (made on first
   * use). `openid` must come from a proven identity (the provider's), never from the request.
   */
  confirm(ticket: string, openid: string): boolean {
    const { db, tickets, users } = this.deps;
    return db.transaction(() => {
      if (!this.pending(ticket)) return false;
      const existing = users.byOpenid(openid);
      const user = existing ? { id: existing.id, tokenVersion: existing.token_version } : { id: users.createWithOpenid(openid, defaultQrUserName(openid)), tokenVersion: 0 };
      tickets.setStatus(ticket, 'confirmed', user);
      return true;
    })();
  }

  /** The user refused on the phone: the code is void and the computer shows it as expired. */
  cancel(ticket: string): boolean {
    if (!this.pending(ticket)) return false;
    this.deps.tickets.delete(ticket);
    return true;
  }

  prune(): void {
    this.deps.tickets.prune(this.deps.now());
  }
}
