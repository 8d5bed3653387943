import { SignJWT, jwtVerify } from 'jose';
import crypto, { type KeyObject } from 'node:crypto';
import { Security } from '../../contract/limits';
import type { Clock } from '../clock';

export interface TokenClaims {
  /** The user id. */
  userId: number;
  /** users.token_version when the token was made: logout and password changes move it on. */
  version: number;
}

const ALGORITHM = 'HS256';
const USER_ID = /^[1-9]\d{0,15}$/;

/**
 * Login tokens (DESIGN.md section 8, ASVS 9.1): JWTs signed and checked by `jose`, HS256 only
 * (alg none, other algorithms and key confusion are refused by the algorithm list), `exp` checked
 * against the server's clock, and the claims this server writes: `sub` (user id) and `ver` (the
 * user's token version, which the auth plugin compares with the database on every request).
 */
export class TokenService {
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly now: Clock,
    private readonly lifetimeSeconds: number = Security.tokenLifetimeSeconds,
  ) {
    this.key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: TokenClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.lifetimeSeconds)
      .sign(this.key);
  }

  /** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        typ: 'JWT',
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'exp'],
      });
      const { sub, ver } = payload;
      if (typeof sub !== 'string' || !USER_ID.test(sub) || typeof ver !== 'number' || !Number.isInteger(ver)) return null;
      return { userId: Number(sub), version: ver };
    } catch {
      return null;
    }
  }
}
