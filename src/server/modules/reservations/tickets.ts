import { ReserveLimits } from '../../../contract/reservations';
import { hmacHex, safeEqual } from '../../security/secrets';

/**
 * The success state's ticket: `<campaignId>.<record id>.<mac>`, the mac an HMAC of both with a key
 * derived from the server secret. The page keeps it in its URL fragment (a sandboxed page has no
 * storage); it cannot be made for another record, and it names the campaign so that a record id
 * alone tells nothing.
 */
export class ReserveTickets {
  constructor(private readonly key: Buffer) {}

  private mac(campaignId: string, recordId: number): string {
    return hmacHex(this.key, `reserve-ticket\n${campaignId}\n${recordId}`).slice(0, 32);
  }

  sign(campaignId: string, recordId: number): string {
    return `${campaignId}.${recordId.toString(36)}.${this.mac(campaignId, recordId)}`;
  }

  /** The campaign and record a ticket names; null when it is not one of ours. */
  read(ticket: string): { campaignId: string; recordId: number } | null {
    if (ticket.length > ReserveLimits.ticketMax) return null;
    const [campaignId = '', id = '', mac = ''] = ticket.split('.');
    if (!ReserveLimits.campaignIdPattern.test(campaignId) || !/^[0-9a-z]{1,12}$/.test(id)) return null;
    const recordId = parseInt(id, 36);
    if (!Number.isSafeInteger(recordId) || !safeEqual(mac, this.mac(campaignId, recordId))) return null;
    return { campaignId, recordId };
  }
}
