import type { QrStatus } from '../../../contract/auth';
import type { Sql } from '../../db/connection';

/** The statuses a stored ticket can have; 'expired' is what an absent or old ticket reads as. */
export type StoredQrStatus = Exclude<QrStatus, 'expired'>;

export interface TicketRow {
  ticket: string;
  status: StoredQrStatus;
  user_id: number | null;
  /** The user's token_version when the phone confirmed. */
  token_version: number | null;
  expires_at: number;
}

/** The qr_tickets table: one row per QR code shown on a computer, until used or expired. */
export class QrTicketRepository {
  constructor(private readonly db: Sql) {}

  /** The same table inside the transaction `trx`. */
  in(trx: Sql): QrTicketRepository {
    return new QrTicketRepository(trx);
  }

  async insert(ticket: string, createdAt: number, expiresAt: number): Promise<void> {
    await this.db.insertInto('qr_tickets').values({ ticket, status: 'waiting', created_at: createdAt, expires_at: expiresAt }).execute();
  }

  async get(ticket: string): Promise<TicketRow | null> {
    return (await this.db.selectFrom('qr_tickets').select(['ticket', 'status', 'user_id', 'token_version', 'expires_at']).where('ticket', '=', ticket).executeTakeFirst()) ?? null;
  }

  /**
   * Takes a confirmed ticket out in one statement: of any number of polls at once, on any number
   * of servers, exactly one gets its row.
   */
  async takeConfirmed(ticket: string): Promise<TicketRow | null> {
    const row = await this.db
      .deleteFrom('qr_tickets')
      .where('ticket', '=', ticket)
      .where('status', '=', 'confirmed')
      .returning(['ticket', 'status', 'user_id', 'token_version', 'expires_at'])
      .executeTakeFirst();
    return row ?? null;
  }

  /** Moves a ticket on from `from`; false when it was no longer there and in that state. */
  async setStatus(ticket: string, from: StoredQrStatus[], status: StoredQrStatus, user: { id: number; tokenVersion: number } | null = null): Promise<boolean> {
    const result = await this.db
      .updateTable('qr_tickets')
      .set({ status, user_id: user?.id ?? null, token_version: user?.tokenVersion ?? null })
      .where('ticket', '=', ticket)
      .where('status', 'in', from)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Deletes a ticket still in one of the states `from`; false when it was not. */
  async delete(ticket: string, from: StoredQrStatus[] = ['waiting', 'scanned', 'confirmed']): Promise<boolean> {
    const result = await this.db.deleteFrom('qr_tickets').where('ticket', '=', ticket).where('status', 'in', from).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  async prune(now: number): Promise<void> {
    await this.db.deleteFrom('qr_tickets').where('expires_at', '<=', now).execute();
  }
}

/** qr_devices: the phones of the local QR provider, by the hash of the secret each one holds. */
export class QrDeviceRepository {
  constructor(private readonly db: Sql) {}

  async openidOf(secretHash: string): Promise<string | null> {
    return (await this.db.selectFrom('qr_devices').select('openid').where('secret_hash', '=', secretHash).executeTakeFirst())?.openid ?? null;
  }

  async insert(secretHash: string, openid: string, at: number): Promise<void> {
    await this.db.insertInto('qr_devices').values({ secret_hash: secretHash, openid, created_at: at, last_used_at: at }).execute();
  }

  async used(secretHash: string, at: number): Promise<void> {
    await this.db.updateTable('qr_devices').set({ last_used_at: at }).where('secret_hash', '=', secretHash).execute();
  }
}
