import crypto from 'node:crypto';

/** An unguessable identifier (captcha ids, QR tickets, openids): `bytes` random bytes, base64url. */
export function randomToken(bytes: number): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** `length` random decimal digits from the CSPRNG (SMS codes). */
export function randomDigits(length: number): string {
  return String(crypto.randomInt(0, 10 ** length)).padStart(length, '0');
}

/** A key for one use, derived from the server secret so that one leak does not expose another use. */
export function deriveKey(secret: string, label: string): Buffer {
  return crypto.createHmac('sha256', secret).update(label).digest();
}

export function hmacHex(key: Buffer, value: string): string {
  return crypto.createHmac('sha256', key).update(value).digest('hex');
}

/** Constant-time comparison of two strings (lengths may differ: that alone is not secret). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
