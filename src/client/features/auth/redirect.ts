/** Where the login flows send the user. Paths are inside the SPA (no `/user` basename). */

export const DEFAULT_AFTER_LOGIN = '/backend';

/** The login page on its account tab, after a registration or a password change. */
export const ACCOUNT_LOGIN_PATH = '/auth/login?handleType=account';

/**
 * The `redirect` query if it is an in-app path, else the back office. A value such as
 * '//evil.com' or '/\evil.com' is a protocol-relative URL to another site (an open redirect).
 */
export function safeRedirectPath(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/')) return DEFAULT_AFTER_LOGIN;
  if (redirect.startsWith('//') || redirect.startsWith('/\\')) return DEFAULT_AFTER_LOGIN;
  return redirect;
}
