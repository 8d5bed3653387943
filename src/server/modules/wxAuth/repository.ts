import type { QrStatus } from '../../../contract/auth';
import type { Db } from '../../db/database';

/** The statuses a stored ticket can have; 'expired' is what an absent or old ticket reads as. */
export type StoredQrStatus = Exclude<QrStatus, 'expired'>;

export interface TicketRow {
  ticket: string;
  status: StoredQrStatus;
  user_id: number | null;
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
    this.getStmt = db.prepare<[string], TicketRow>('SELECT ticket, status, user_id, expires_at FROM qr_tickets WHERE ticket = ?');
    this.statusStmt = db.prepare<[string, number | null, string]>('UPDATE qr_tickets SET status = ?, user_id = ? WHERE ticket = ?');
    this.deleteStmt = db.prepare<[string]>('DELETE FROM qr_tickets WHERE ticket = ?');
    this.pruneStmt = db.prepare<[number]>('DELETE FROM qr_tickets WHERE expires_at <= ?');
  }

  insert(ticket: string, createdAt: number, expiresAt: number): void {
    this.insertStmt.run(ticket, createdAt, expiresAt);
  }

  get(ticket: string): TicketRow | null {
    return this.getStmt.get(ticket) ?? null;
  }

  setStatus(ticket: string, status: StoredQrStatus, userId: number | null = null): void {
    this.statusStmt.run(status, userId, ticket);
  }

  delete(ticket: string): void {
    this.deleteStmt.run(ticket);
  }

  prune(now: number): void {
    this.pruneStmt.run(now);
  }
}
