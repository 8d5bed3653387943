import type { QrStatus } from '../../../contract/auth';
import type { Db } from '../../db/database';

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
  private readonly insertStmt;
  private readonly getStmt;
  private readonly statusStmt;
  private readonly deleteStmt;
  private readonly pruneStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare<[string, number, number]>("INSERT INTO qr_tickets (ticket, status, created_at, expires_at) VALUES (?, 'waiting', ?, ?)");
    this.getStmt = db.prepare<[string], TicketRow>('SELECT ticket, status, user_id, token_version, expires_at FROM qr_tickets WHERE ticket = ?');
    this.statusStmt = db.prepare<[string, number | null, number | null, string]>('UPDATE qr_tickets SET status = ?, user_id = ?, token_version = ? WHERE ticket = ?');
    this.deleteStmt = db.prepare<[string]>('DELETE FROM qr_tickets WHERE ticket = ?');
    this.pruneStmt = db.prepare<[number]>('DELETE FROM qr_tickets WHERE expires_at <= ?');
  }

  insert(ticket: string, createdAt: number, expiresAt: number): void {
    this.insertStmt.run(ticket, createdAt, expiresAt);
  }

  get(ticket: string): TicketRow | null {
    return this.getStmt.get(ticket) ?? null;
  }

  setStatus(ticket: string, status: StoredQrStatus, user: { id: number; tokenVersion: number } | null = null): void {
    this.statusStmt.run(status, user?.id ?? null, user?.tokenVersion ?? null, ticket);
  }

  delete(ticket: string): void {
    this.deleteStmt.run(ticket);
  }

  prune(now: number): void {
    this.pruneStmt.run(now);
  }
}

/** qr_devices: the phones of the local QR provider, by the hash of the secret each one holds. */
export class QrDeviceRepository {
  private readonly byHashStmt;
  private readonly insertStmt;
  private readonly usedStmt;

  constructor(db: Db) {
    this.byHashStmt = db.prepare<[string], { openid: string }>('SELECT openid FROM qr_devices WHERE secret_hash = ?');
    this.insertStmt = db.prepare<[string, string, number, number]>('INSERT INTO qr_devices (secret_hash, openid, created_at, last_used_at) VALUES (?, ?, ?, ?)');
    this.usedStmt = db.prepare<[number, string]>('UPDATE qr_devices SET last_used_at = ? WHERE secret_hash = ?');
  }

  openidOf(secretHash: string): string | null {
    return this.byHashStmt.get(secretHash)?.openid ?? null;
  }

  insert(secretHash: string, openid: string, at: number): void {
    this.insertStmt.run(secretHash, openid, at, at);
  }

  used(secretHash: string, at: number): void {
    this.usedStmt.run(at, secretHash);
  }
}
