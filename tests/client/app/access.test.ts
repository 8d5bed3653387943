import { canAccess, loginPath } from '../../../src/client/app/access';

describe('canAccess', () => {
  const publicRoutes = [
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
  const protectedRoutes = ['/createWeb', '/result', '/backend', '/backend/siteList', '/backend/personal', '/profile'];

  it.each(publicRoutes)('opens the public route %s without a token', (path) => {
    expect(canAccess(path, null)).toBe(true);
    expect(canAccess(path, 'token')).toBe(true);
  });

  it.each(protectedRoutes)('needs a token for %s', (path) => {
    expect(canAccess(path, null)).toBe(false);
    expect(canAccess(path, '')).toBe(false);
    expect(canAccess(path, 'token')).toBe(true);
  });

  it('ignores a trailing slash', () => {
    expect(canAccess('/auth/login/', null)).toBe(true);
    expect(canAccess('/backend/', null)).toBe(false);
  });

  it('does not open a route that only starts like a public one', () => {
    expect(canAccess('/auth/loginx', null)).toBe(false);
    expect(canAccess('/logo/selectPage/extra', null)).toBe(false);
  });
});

describe('loginPath', () => {
  it('carries the page to come back to, encoded', () => {
    expect(loginPath('/backend/personal?tab=1')).toBe('/auth/login?redirect=%2Fbackend%2Fpersonal%3Ftab%3D1');
  });

  it('has no redirect when there is none, or when it would be an auth page', () => {
    expect(loginPath()).toBe('/auth/login');
    expect(loginPath(null)).toBe('/auth/login');
    expect(loginPath('/auth/login?redirect=%2Fbackend')).toBe('/auth/login');
  });
});
