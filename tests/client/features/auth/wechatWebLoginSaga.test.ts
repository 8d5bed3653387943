import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { AnswerCode } from '../../../../src/contract/envelope';
import { Messages } from '../../../../src/contract/messages';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as authApi from '../../../../src/client/api/authApi';
import { loggedIn, loginFailed } from '../../../../src/client/features/auth/authSlice';
import { isWechatBrowser, wechatAuthorizeUrl, wechatOneClickOffered } from '../../../../src/client/features/auth/wechatBrowser';
import { wechatWebLogin, wechatWebLoginReturned } from '../../../../src/client/features/auth/wechatWebLoginSaga';
import { loginTabOf, qrTabLabel } from '../../../../src/client/features/auth/loginTab';
import { fakeWorld, qrUser, rootReducer, stateWith } from '../../sagaHarness';

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN';

describe('微信一键登录 back on the login page', () => {
  it('takes the proven login, stores it as a QR login does, says so and goes on to the redirect', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(wechatWebLogin, wechatWebLoginReturned({ redirect: '/logo/selectPage?module=tl' }))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.wechatWebLogin), { token: 'jwt-wx', userInfo: qrUser }]])
      .put(loggedIn({ token: 'jwt-wx', userInfo: qrUser, remember: true }))
      .run();
    expect(storeState.auth.token).toBe('jwt-wx');
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.loginSucceeded, 'account');
    expect(world.services.navigate).toHaveBeenCalledWith('/logo/selectPage?module=tl', { replace: true });
  });

  it('says why when the server has no login for this browser, and logs nobody in', async () => {
    const world = fakeWorld();
    const refused = new ApiError({ code: AnswerCode.invalid, msg: Messages.wechatOauthInvalid, serverMsg: Messages.wechatOauthInvalid });
    const { storeState } = await expectSaga(wechatWebLogin, wechatWebLoginReturned({}))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.wechatWebLogin), throwError(refused)]])
      .put(loginFailed())
      .run();
    expect(storeState.auth.token).toBeNull();
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.wechatOauthInvalid, 'account');
    expect(world.services.navigate).not.toHaveBeenCalled();
  });
});

describe('where 微信一键登录 is offered', () => {
  const page = (content: string | null): Document => {
    const doc = document.implementation.createHTMLDocument('x');
    if (content !== null) doc.head.innerHTML = `<meta name="wechat-web-login" content="${content}">`;
    return doc;
  };

  it('only in WeChat\u2019s browser, and only when the server says its provider can', () => {
    expect(isWechatBrowser(WECHAT_UA)).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) Safari/604.1')).toBe(false);
    expect(wechatOneClickOffered(WECHAT_UA, page('1'))).toBe(true);
    expect(wechatOneClickOffered(WECHAT_UA, page(null))).toBe(false);
    expect(wechatOneClickOffered('Mozilla/5.0 Chrome/120', page('1'))).toBe(false);
  });

  it('opens on its pane even on a phone, under its own title', () => {
    expect(loginTabOf(null, true, true)).toBe('qrcode');
    expect(loginTabOf('account', true, true)).toBe('account');
    expect(qrTabLabel(true)).toBe('微信登录');
    expect(qrTabLabel(false)).toBe('扫码登录');
  });

  it('starts at the server\u2019s route with the path to come back to', () => {
    expect(wechatAuthorizeUrl('/logo/selectPage?module=tl')).toBe('/api/wxAuth/wechat/authorize?redirect=%2Flogo%2FselectPage%3Fmodule%3Dtl');
    expect(wechatAuthorizeUrl()).toBe('/api/wxAuth/wechat/authorize');
  });
});
