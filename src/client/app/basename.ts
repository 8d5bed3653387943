/** The SPA lives under /user/ (spec section 2); the data router's locations include this prefix. */
export const BASENAME = '/user';

/** A router pathname ('/user/backend') as the app's own path ('/backend'). */
export function stripBasename(pathname: string, basename: string = BASENAME): string {
  if (pathname === basename) return '/';
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
}
