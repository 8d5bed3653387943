/** Where the login flows send the user. Paths are inside the SPA (no `/user` basename). */

export const DEFAULT_AFTER_LOGIN = '/backend';

/** The login page on its account tab, after a registration or a password change. */
export const ACCOUNT_LOGIN_PATH = '/auth/login?handleType=account';

/** True for an in-app path. '//evil.com' or '/\evil.com' is a protocol-relative URL to another site (an open redirect). */
function isSafeRedirect(redirect: string | null | undefined): redirect is string {
  return !!redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\');
}

/** The `redirect` query if it is an in-app path, else the back office. */
export function safeRedirectPath(redirect: string | null | undefined): string {
  return isSafeRedirect(redirect) ? redirect : DEFAULT_AFTER_LOGIN;
}

/**
 * `path` (an auth page) carrying `redirect` on: going from the login page to register or forget
 * and back must still end where the user came from. No redirect (or an unsafe one) adds nothing.
 */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  if (!isSafeRedirect(redirect)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(redirect)}`;
}
