import { safeRedirectPath, withRedirect } from '../../../../src/client/features/auth/redirect';
import { loginTabOf } from '../../../../src/client/features/auth/loginTab';

describe('safeRedirectPath', () => {
  it.each([
    ['/createWeb', '/createWeb'],
    ['/backend/personal?x=1', '/backend/personal?x=1'],
    [null, '/backend'],
    [undefined, '/backend'],
    ['', '/backend'],
    ['//evil.com', '/backend'],
    ['/\\evil.com', '/backend'],
    ['https://evil.com', '/backend'],
    ['javascript:alert(1)', '/backend'],
  ])('%p -> %p', (redirect, expected) => {
    expect(safeRedirectPath(redirect)).toBe(expected);
  });
});

describe('withRedirect', () => {
  it('adds an in-app redirect to an auth path, with or without a query already', () => {
    expect(withRedirect('/auth/register', '/logo/config?module=tl')).toBe('/auth/register?redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl');
    expect(withRedirect('/auth/login?handleType=account', '/createWeb')).toBe('/auth/login?handleType=account&redirect=%2FcreateWeb');
  });

  it.each([undefined, null, '', '//evil.com', 'https://evil.com'])('adds nothing for %p', (redirect) => {
    expect(withRedirect('/auth/register', redirect)).toBe('/auth/register');
  });
});

describe('loginTabOf', () => {
  it('opens the QR code on a desktop (the spec default) and the account form on a phone, which cannot scan its own screen', () => {
    expect(loginTabOf(null, false)).toBe('qrcode');
    expect(loginTabOf(null, true)).toBe('account');
    expect(loginTabOf('bogus', true)).toBe('account');
  });

  it('follows the tab the address names, on any screen', () => {
    expect(loginTabOf('qrcode', true)).toBe('qrcode');
    expect(loginTabOf('account', false)).toBe('account');
  });
});
