/**
 * Who may open which route (spec section 2, "Navigation rules"): the public list is open to
 * everyone; every other route needs a token.
 */
export const publicPaths: readonly string[] = [
  '/',
  '/auth/login',
  '/auth/register',
  '/auth/forget',
  '/videoTutorial',
  '/miniSite/selectPage',
  '/miniSite/config',
  '/miniSite/preview',
  '/logo/selectPage',
  '/logo/config',
  '/logo/preview',
  '/banner/selectPage',
  '/banner/config',
  '/banner/preview',
];

export const LOGIN_PATH = '/auth/login';

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isPublicPath(pathname: string): boolean {
  return publicPaths.includes(normalize(pathname));
}

export function canAccess(pathname: string, token: string | null | undefined): boolean {
  return isPublicPath(pathname) || !!token;
}

/**
 * The login page, coming back to `redirect` (path + search) after login. No redirect back to an
 * auth page itself: after logging in, the login page is not where anyone wants to be.
 */
export function loginPath(redirect?: string | null): string {
  if (!redirect || redirect.startsWith('/auth/')) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`;
}
