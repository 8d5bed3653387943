import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BuilderLimits, BuilderMessages, PHONE_PREVIEW_PATH, type PhonePreviewAnswer } from '../../../contract/builder';
import type { Clock } from '../../clock';
import { qrPngDataUrl } from '../../render/qrImage';
import { sitePreviewUrl } from './paths';

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

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a phone gets for a link that no longer works: a sentence, not an error code. */
function expiredPage(): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>预览链接已失效</title></head><body style="font-family:system-ui,sans-serif;padding:32px 20px;color:#333;line-height:1.6"><h1 style="font-size:20px">预览链接已失效</h1><p>${escapeHtml(BuilderMessages.phonePreviewExpired)}</p></body></html>`;
}

/** GET /m/<token>: a valid link opens the preview; any other is answered 410 with a page that says so. */
export function registerPhonePreviewRoute(app: FastifyInstance, links: PhonePreviewLinks): void {
  app.get<{ Params: { token: string } }>(`${PHONE_PREVIEW_PATH}:token`, async (request, reply) => {
    const dir = links.folderOf(request.params.token.slice(0, 200));
    // The link must not stay in a cache or leak on in a Referer.
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!dir) return reply.code(410).header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").type('text/html; charset=utf-8').send(expiredPage());
    return reply.redirect(sitePreviewUrl(dir), 302);
  });
}

/** Where a phone reaches the server that answered `request` (behind a proxy, with TRUST_PROXY set). */
export const requestOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;
