import crypto from 'node:crypto';
import { BuilderLimits, PHONE_PREVIEW_PATH, type PhonePreviewAnswer } from '../../../contract/builder';
import type { Clock } from '../../clock';
import { qrPngDataUrl } from '../../render/qrImage';

const LINK_MS = BuilderLimits.phonePreviewMinutes * 60 * 1000;
/** A link as a QR code (PNG data URL) a phone camera reads off the screen: 手机预览's and a published site's. */
export const linkQrCode = (url: string): Promise<string> => qrPngDataUrl(url, 240, 2);

/** A site folder's name: what the renderer makes (32 lowercase hex). */
const DIR = /^[0-9a-f]{32}$/;

/**
 * 手机预览 (the builder and the mini-site preview): a link to a site folder that works for BuilderLimits.phonePreviewMinutes, signed with
 * the server's key so that nobody can make one for a folder or a time of their choosing. The token
 * is `<folder>.<expiry in base 36>.<HMAC>`; it opens the preview folder, which is as reachable as
 * the preview frame the owner sees (its name is 128 random bits).
 */
export class PhonePreviewLinks {
  constructor(
    private readonly key: Buffer,
    private readonly now: Clock,
  ) {}

  /** A link for the preview in folder `dir`, with its QR code; `origin` is where a phone reaches this server. */
  async linkFor(dir: string, origin: string): Promise<PhonePreviewAnswer> {
    const expiresAt = this.now() + LINK_MS;
    const payload = `${dir}.${expiresAt.toString(36)}`;
    const url = `${origin}${PHONE_PREVIEW_PATH}${payload}.${this.signature(payload)}`;
    return { url, qrcode: await linkQrCode(url), expiresAt };
  }

  /** The folder a token opens, or null when it is malformed, forged or past its time. */
  folderOf(token: string): string | null {
    const [dir, expiry, signature, ...rest] = token.split('.');
    if (rest.length || !dir || !expiry || !signature || !DIR.test(dir) || !/^[0-9a-z]{1,12}$/.test(expiry)) return null;
    const expected = Buffer.from(this.signature(`${dir}.${expiry}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    return Number.parseInt(expiry, 36) > this.now() ? dir : null;
  }

  private signature(payload: string): string {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
