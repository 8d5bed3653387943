/** Reads one cookie from a Cookie header (RFC 6265 pairs separated by ';'). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path: string;
  secure: boolean;
}

/** A Set-Cookie value that scripts cannot read and other sites' POSTs do not carry. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${options.maxAgeSeconds}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
