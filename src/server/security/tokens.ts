import crypto from 'node:crypto';
import { Security } from '../../contract/limits';
import type { Clock } from '../clock';

export interface TokenClaims {
  /** The user id. */
  userId: number;
  /** users.token_version when the token was made: logout and password changes move it on. */
  version: number;
}

/** The only header we write and accept: anything else (alg none, RS256 confusion...) is refused. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function headerIsExactlyHs256(part: string): boolean {
  const header = decodeJson(part);
  if (!isObject(header)) return false;
  const keys = Object.keys(header).sort();
  return keys.length === 2 && keys[0] === 'alg' && keys[1] === 'typ' && header.alg === 'HS256' && header.typ === 'JWT';
}

/** HS256 JWTs written with node:crypto (DESIGN.md section 8, ASVS 9.1). */
export class TokenService {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: Clock,
    private readonly lifetimeSeconds: number = Security.tokenLifetimeSeconds,
  ) {
    this.key = Buffer.from(secret, 'utf8');
  }

  private signature(signingInput: string): Buffer {
    return crypto.createHmac('sha256', this.key).update(signingInput).digest();
  }

  sign(claims: TokenClaims): string {
    const iat = Math.floor(this.now() / 1000);
    const payload = { sub: String(claims.userId), ver: claims.version, iat, exp: iat + this.lifetimeSeconds };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${this.signature(body).toString('base64url')}`;
  }

  /** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
  verify(token: string): TokenClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3 || !headerIsExactlyHs256(parts[0])) return null;
    const expected = this.signature(`${parts[0]}.${parts[1]}`);
    const given = Buffer.from(parts[2], 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const payload = decodeJson(parts[1]);
    if (!isObject(payload)) return null;
    const { sub, ver, exp } = payload;
    if (typeof sub !== 'string' || !/^[1-9]\d{0,15}$/.test(sub)) return null;
    if (typeof ver !== 'number' || !Number.isInteger(ver) || typeof exp !== 'number') return null;
    if (exp <= Math.floor(this.now() / 1000)) return null;
    return { userId: Number(sub), version: ver };
  }
}
