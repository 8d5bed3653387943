import crypto from 'node:crypto';
import { BuilderLimits, PHONE_PREVIEW_PATH, type PhonePreviewAnswer } from '../../../contract/builder';
import type { Clock } from '../../clock';
import { qrPngDataUrl } from '../../render/qrImage';

const LINK_MS = BuilderLimits.phonePreviewMinutes * 60 * 1000;
/** A link as a QR code (PNG data URL) a phone camera reads off the screen: 手机预览's and a published site's. */
export const linkQrCode = (url: string): Promise<string> => qrPngDataUrl(url, 240, 2);

/** A site folder's name: what the renderer makes (32 lowercase hex). */
const DIR = /^[0-9a-f]{32}$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The folder's 16 bytes and the expiry in ms (8 bytes). */
const PLAIN_BYTES = 16 + 8;
const TOKEN_BYTES = IV_BYTES + PLAIN_BYTES + TAG_BYTES;
/** A token in base64url: exactly this long. */
export const PHONE_TOKEN = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((TOKEN_BYTES * 4) / 3)}}$`);

/**
 * 手机预览 (the builder and the mini-site preview): a link that shows a site folder for
 * BuilderLimits.phonePreviewMinutes and not a moment longer. The token is the folder and the
 * expiry sealed with AES-256-GCM under a key derived from the server secret: nobody can make one
 * for a folder or a time of their choosing, change one, or read the folder's name out of it. The
 * preview is served under the link itself (/m/<token>/...), so whoever holds the link never learns
 * the folder's own address (/sites/<folder>/, which works as long as the site exists).
 */
export class PhonePreviewLinks {
  constructor(
    private readonly key: Buffer,
    private readonly now: Clock,
  ) {}

  /** A link for the preview in folder `dir`, with its QR code; `origin` is where a phone reaches this server. */
  async linkFor(dir: string, origin: string): Promise<PhonePreviewAnswer> {
    if (!DIR.test(dir)) throw new Error(`Not a site folder: ${dir}`);
    const expiresAt = this.now() + LINK_MS;
    const url = `${origin}${PHONE_PREVIEW_PATH}${this.seal(dir, expiresAt)}/`;
    return { url, qrcode: await linkQrCode(url), expiresAt };
  }

  /** The folder a token opens, or null when it is malformed, forged or past its time. */
  folderOf(token: string): string | null {
    if (!PHONE_TOKEN.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    // One spelling per token: the last character's spare bits must be zero.
    if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(bytes.subarray(IV_BYTES + PLAIN_BYTES));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, IV_BYTES + PLAIN_BYTES)), decipher.final()]);
    } catch {
      return null;
    }
    const expiresAt = Number(plain.readBigUInt64BE(16));
    return expiresAt > this.now() ? plain.subarray(0, 16).toString('hex') : null;
  }

  private seal(dir: string, expiresAt: number): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const plain = Buffer.alloc(PLAIN_BYTES);
    Buffer.from(dir, 'hex').copy(plain, 0);
    plain.writeBigUInt64BE(BigInt(expiresAt), 16);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  }
}
