import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import { randomToken } from '../../security/secrets';
import type { QrDeviceRepository } from './repository';

export const DEVICE_COOKIE = 'wx_device';
const YEAR_SECONDS = 365 * 24 * 3600;

const hashOf = (secret: string): string => crypto.createHash('sha256').update(secret).digest('hex');

/**
 * The local QR provider's stand-in for a messaging-app user: a phone's browser that holds a secret
 * this server issued, in a signed, HttpOnly cookie scoped to the scan page. Only the secret's hash
 * is stored, beside an openid made apart from it: the openid is a public id (the spec shows it in
 * the user info), so knowing it, or forging any cookie, proves nothing; a browser without a valid
 * secret is a new user.
 */
export class QrDevices {
  constructor(
    private readonly repo: QrDeviceRepository,
    private readonly now: Clock,
  ) {}

  /** The openid of the phone behind `request`; a phone the server does not know gets a new identity. */
  async identify(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const known = await this.known(request);
    if (known) return known;
    const secret = randomToken(32);
    // 'o' + 27 characters: the length and look of a real openid, and nothing to do with the secret.
    const openid = `o${randomToken(20)}`;
    await this.repo.insert(hashOf(secret), openid, this.now());
    void reply.setCookie(DEVICE_COOKIE, secret, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/api/wxAuth/scan',
      maxAge: YEAR_SECONDS,
    });
    return openid;
  }

  private async known(request: FastifyRequest): Promise<string | null> {
    const cookie = request.cookies[DEVICE_COOKIE];
    if (!cookie) return null;
    const { valid, value } = request.unsignCookie(cookie);
    if (!valid || !value) return null;
    const hash = hashOf(value);
    const openid = await this.repo.openidOf(hash);
    if (openid) await this.repo.used(hash, this.now());
    return openid;
  }
}
