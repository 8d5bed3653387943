import { safeRedirectPath } from '../../../../src/client/features/auth/redirect';

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
