import type { Action } from 'redux';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { loggedIn } from '../../../../src/client/features/auth/authSlice';
import { captchaDismissed, captchaImageLoaded, captchaRequested, captchaSlice } from '../../../../src/client/features/auth/captchaSlice';
import { loginDialogClosed, loginDialogOpened, loginDialogSlice } from '../../../../src/client/features/auth/loginDialogSlice';
import { user } from '../../sagaHarness';

const init = { type: '@@test/init' } as Action;

describe('loginDialog slice', () => {
  const { reducer } = loginDialogSlice;
  const open = reducer(reducer(undefined, init), loginDialogOpened());

  it('opens and closes on its events', () => {
    expect(open.open).toBe(true);
    expect(reducer(open, loginDialogClosed()).open).toBe(false);
  });

  it('closes itself on any login', () => {
    expect(reducer(open, loggedIn({ token: 't', userInfo: user, remember: true })).open).toBe(false);
  });

  it('closes when the user navigates away', () => {
    expect(reducer(open, locationChanged({ pathname: '/', search: '' })).open).toBe(false);
  });
});

describe('captcha slice', () => {
  const { reducer } = captchaSlice;
  const image = { captchaId: 'c1', img: 'data:image/svg+xml;base64,AAA' };

  it('shows the image that arrives while open', () => {
    const opened = reducer(undefined, captchaRequested({ purpose: 'sms' }));
    expect(reducer(opened, captchaImageLoaded(image))).toEqual({ status: 'ready', purpose: 'sms', captchaId: 'c1', image: image.img });
  });

  it('does not reopen when an image arrives after the dialog was closed', () => {
    const closed = reducer(reducer(undefined, captchaRequested({ purpose: 'sms' })), captchaDismissed());
    expect(reducer(closed, captchaImageLoaded(image)).status).toBe('closed');
  });
});
