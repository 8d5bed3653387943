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
/** Tokens whose signature was checked, kept until they expire; past this many the oldest go. */
const VERIFIED_CACHE_SIZE = 10_000;

interface Verified {
  claims: TokenClaims;
  expiresAt: number;
}

/**
 * Login tokens (DESIGN.md section 8, ASVS 9.1): JWTs signed and checked by `jose`, HS256 only
 * (alg none, other algorithms and key confusion are refused by the algorithm list), `exp` checked
 * against the server's clock, and the claims this server writes: `sub` (user id) and `ver` (the
 * user's token version, which the auth plugin compares with the database on every request).
 */
export class TokenService {
  private readonly key: KeyObject;
  /**
   * A token's signature and claims never change, so each is checked once: jose's WebCrypto HMAC is
   * a tenth of a poll's cost. Only tokens this server signed get in, and expiry is still checked on
   * every use; revocation is the auth plugin's token-version check, which reads the database each time.
   */
  private readonly verified = new Map<string, Verified>();

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
    const known = this.verified.get(token);
    if (known) {
      if (this.now() < known.expiresAt) return known.claims;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.check(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, claims);
    }
    return claims?.claims ?? null;
  }

  private async check(token: string): Promise<Verified | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        typ: 'JWT',
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'exp'],
      });
      const { sub, ver, exp } = payload;
      if (typeof sub !== 'string' || !USER_ID.test(sub) || typeof ver !== 'number' || !Number.isInteger(ver) || typeof exp !== 'number') return null;
      return { claims: { userId: Number(sub), version: ver }, expiresAt: exp * 1000 };
    } catch {
      return null;
    }
  }
}
