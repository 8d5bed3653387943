import { devToolsOptions, maskSecrets } from '../../../src/client/app/devtools';

describe('maskSecrets', () => {
  it('masks token and password fields at any depth, in arrays too', () => {
    const action = {
      type: 'auth/loggedIn',
      payload: { token: 'abc', userInfo: { name: '小明' }, form: { password: 'secret', confirmPassword: 'secret' }, list: [{ accessToken: 'x' }] },
    };
    expect(maskSecrets(action)).toEqual({
      type: 'auth/loggedIn',
      payload: { token: '***', userInfo: { name: '小明' }, form: { password: '***', confirmPassword: '***' }, list: [{ accessToken: '***' }] },
    });
  });

  it('masks SMS codes, which log a user in like a password', () => {
    const action = { type: 'auth/smsLoginRequested', payload: { mobile: '13800138000', verifyCode: '123456', remember: true } };
    expect(maskSecrets(action)).toEqual({ type: 'auth/smsLoginRequested', payload: { mobile: '13800138000', verifyCode: '***', remember: true } });
  });

  it('leaves empty secrets as they are, so "no token" stays visible', () => {
    expect(maskSecrets({ token: null, password: '' })).toEqual({ token: null, password: '' });
  });

  it('does not change the original', () => {
    const state = { auth: { token: 'abc' } };
    maskSecrets(state);
    expect(state.auth.token).toBe('abc');
  });
});

describe('devToolsOptions', () => {
  it('is on in development, with sanitizers', () => {
    const options = devToolsOptions(true, '');
    expect(options).not.toBe(false);
    if (options === false) return;
    expect(options.stateSanitizer?.({ auth: { token: 't' } }, 0)).toEqual({ auth: { token: '***' } });
    expect(options.actionSanitizer?.({ type: 'x', payload: { password: 'p' } } as never, 0)).toEqual({ type: 'x', payload: { password: '***' } });
  });

  it('is off in production unless the page enables it', () => {
    expect(devToolsOptions(false, '')).toBe(false);
    expect(devToolsOptions(false, '0')).toBe(false);
    expect(devToolsOptions(false, '1')).not.toBe(false);
  });
});
