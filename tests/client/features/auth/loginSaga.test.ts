import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { AnswerCode } from '../../../../src/contract/envelope';
import { Messages, accountDisabledMessage } from '../../../../src/contract/messages';
import * as authApi from '../../../../src/client/api/authApi';
import {
  loggedIn,
  loginFailed,
  loginModeSwitched,
  loginRequested,
  passwordLoginLocked,
  smsLoginRequested,
  type LoginRequestedPayload,
  type SmsLoginRequestedPayload,
} from '../../../../src/client/features/auth/authSlice';
import { captchaDismissed, captchaPassed, captchaRequested } from '../../../../src/client/features/auth/captchaSlice';
import { login, smsLogin } from '../../../../src/client/features/auth/loginSaga';
import { apiError, fakeWorld, rootReducer, stateWith, user } from '../../sagaHarness';

const form: LoginRequestedPayload = { username: '13800138000', password: 'secret123', remember: true };
const answer = { token: 'jwt-1', userInfo: user };

describe('account login', () => {
  it('stores the session, remembers the phone, says so and goes to the back office by default', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(login, loginRequested(form))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.login), answer]])
      .call(authApi.login, { username: form.username, password: form.password })
      .put(loggedIn({ token: 'jwt-1', userInfo: user, remember: true, username: form.username }))
      .run();
    expect(storeState.auth).toMatchObject({ token: 'jwt-1', savedUsername: '13800138000', status: 'succeeded' });
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.loginSucceeded, 'account');
    expect(world.services.navigate).toHaveBeenCalledWith('/backend', { replace: true });
  });

  it('honours a safe redirect query', async () => {
    const world = fakeWorld();
    await expectSaga(login, loginRequested({ ...form, redirect: '/backend/personal?tab=1' }))
      .provide([world.providers, [matchers.call.fn(authApi.login), answer]])
      .run();
    expect(world.services.navigate).toHaveBeenCalledWith('/backend/personal?tab=1', { replace: true });
  });

  it.each(['//evil.com', 'https://evil.com/', '/\\evil.com'])('ignores the unsafe redirect %s', async (redirect) => {
    const world = fakeWorld();
    await expectSaga(login, loginRequested({ ...form, redirect }))
      .provide([world.providers, [matchers.call.fn(authApi.login), answer]])
      .run();
    expect(world.services.navigate).toHaveBeenCalledWith('/backend', { replace: true });
  });

  it('forgets the saved phone when "remember me" is off', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(login, loginRequested({ ...form, remember: false }))
      .withReducer(rootReducer, stateWith({ auth: { ...stateWith().auth, savedUsername: '13900139000' } }))
      .provide([world.providers, [matchers.call.fn(authApi.login), answer]])
      .run();
    expect(storeState.auth).toMatchObject({ remember: false, savedUsername: '' });
  });

  it('shows the server message and keeps the user on the page when the login fails', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(login, loginRequested(form))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.login), throwError(apiError(AnswerCode.invalid, Messages.loginFailed))]])
      .put(loginFailed())
      .not.put.like({ action: { type: loggedIn.type } })
      .run();
    expect(storeState.auth).toMatchObject({ token: null, status: 'failed' });
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.loginFailed, 'account');
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('says why a stopped account is refused, once, in the place of the notice of the session it lost', async () => {
    const world = fakeWorld();
    const refusal = accountDisabledMessage('发布违规内容');
    await expectSaga(login, loginRequested(form))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.login), throwError(apiError(AnswerCode.invalid, refusal))]])
      .put(loginFailed())
      .run();
    // Keyed as 登录已过期 and 获取用户信息失败 are (http.ts, sessionSaga.ts): the reason replaces them on screen.
    expect(world.services.notify.error.mock.calls).toEqual([[refusal, 'account']]);
    expect(world.services.notify.warning).not.toHaveBeenCalled();
  });

  it('falls back to the spec message when the failure has none (network)', async () => {
    const world = fakeWorld();
    await expectSaga(login, loginRequested(form))
      .provide([world.providers, [matchers.call.fn(authApi.login), throwError(new Error('boom'))]])
      .put(loginFailed())
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.loginFailed, 'account');
  });

  it('asks for the captcha on answer 428 and retries with the passed captchaId', async () => {
    const world = fakeWorld();
    let attempts = 0;
    const loginProvider = dynamic(() => {
      attempts += 1;
      if (attempts === 1) throw apiError(AnswerCode.captchaRequired, Messages.loginNeedsCaptcha);
      return answer;
    });
    await expectSaga(login, loginRequested(form))
      .provide([world.providers, [matchers.call.fn(authApi.login), loginProvider]])
      .put(captchaRequested({ purpose: 'login' }))
      .dispatch(captchaPassed({ captchaId: 'cap-1' }))
      .call(authApi.login, { username: form.username, password: form.password, captchaId: 'cap-1' })
      .put(loggedIn({ token: 'jwt-1', userInfo: user, remember: true, username: form.username }))
      .run();
    expect(attempts).toBe(2);
    expect(world.services.notify.warning).toHaveBeenCalledWith(Messages.loginNeedsCaptcha, 'account');
  });

  it('gives up when the captcha dialog is closed', async () => {
    const world = fakeWorld();
    await expectSaga(login, loginRequested(form))
      .provide([world.providers, [matchers.call.fn(authApi.login), throwError(apiError(AnswerCode.captchaRequired))]])
      .dispatch(captchaDismissed())
      .put(loginFailed())
      .not.put.like({ action: { type: loggedIn.type } })
      .run();
  });
});

describe('account login locked out (answer 423)', () => {
  it.each([Messages.loginLocked, Messages.loginLockedUseSms])('says %s and switches the form to SMS login', async (message) => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(login, loginRequested(form))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.login), throwError(apiError(AnswerCode.locked, message))]])
      .put(passwordLoginLocked({ message }))
      .not.put(loginFailed())
      .not.put.like({ action: { type: loggedIn.type } })
      .run();
    expect(storeState.auth).toMatchObject({ token: null, status: 'failed', loginMode: 'sms', passwordLockNotice: message });
    expect(world.services.notify.warning).toHaveBeenCalledWith(message, 'account');
    expect(world.services.notify.error).not.toHaveBeenCalled();
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('switches to SMS login when the retry after the captcha is the one refused', async () => {
    const world = fakeWorld();
    let attempts = 0;
    const loginProvider = dynamic(() => {
      attempts += 1;
      throw attempts === 1 ? apiError(AnswerCode.captchaRequired, Messages.loginNeedsCaptcha) : apiError(AnswerCode.locked, Messages.loginLocked);
    });
    const { storeState } = await expectSaga(login, loginRequested(form))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.login), loginProvider]])
      .dispatch(captchaPassed({ captchaId: 'cap-1' }))
      .put(passwordLoginLocked({ message: Messages.loginLocked }))
      .run();
    expect(attempts).toBe(2);
    expect(storeState.auth.loginMode).toBe('sms');
  });

  it('keeps the lock notice until the user picks a mode or logs in', () => {
    const locked = rootReducer(stateWith(), passwordLoginLocked({ message: Messages.loginLockedUseSms }));
    expect(rootReducer(locked, loginModeSwitched('password')).auth).toMatchObject({ loginMode: 'password', passwordLockNotice: null });
    expect(rootReducer(locked, loggedIn({ ...answer, remember: true })).auth).toMatchObject({ loginMode: 'password', passwordLockNotice: null });
  });
});

describe('SMS code login', () => {
  const smsForm: SmsLoginRequestedPayload = { mobile: '13800138000', verifyCode: '123456', remember: true, redirect: '/createWeb' };

  it('logs in like a password login: session stored, phone remembered, redirect followed', async () => {
    const world = fakeWorld();
    const locked = rootReducer(stateWith(), passwordLoginLocked({ message: Messages.loginLockedUseSms }));
    const { storeState } = await expectSaga(smsLogin, smsLoginRequested(smsForm))
      .withReducer(rootReducer, locked)
      .provide([world.providers, [matchers.call.fn(authApi.smsLogin), answer]])
      .call(authApi.smsLogin, { mobile: '13800138000', verifyCode: '123456' })
      .put(loggedIn({ token: 'jwt-1', userInfo: user, remember: true, username: '13800138000' }))
      .run();
    expect(storeState.auth).toMatchObject({
      token: 'jwt-1',
      userInfo: user,
      savedUsername: '13800138000',
      status: 'succeeded',
      loginMode: 'password',
      passwordLockNotice: null,
    });
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.loginSucceeded, 'account');
    expect(world.services.navigate).toHaveBeenCalledWith('/createWeb', { replace: true });
  });

  it('goes to the back office without a redirect query', async () => {
    const world = fakeWorld();
    await expectSaga(smsLogin, smsLoginRequested({ ...smsForm, redirect: undefined }))
      .provide([world.providers, [matchers.call.fn(authApi.smsLogin), answer]])
      .run();
    expect(world.services.navigate).toHaveBeenCalledWith('/backend', { replace: true });
  });

  it.each([Messages.smsCodeInvalid, Messages.smsCodeExpired, Messages.smsCodeTooManyTries])(
    'shows %s when the code is refused and stays on the form',
    async (message) => {
      const world = fakeWorld();
      const { storeState } = await expectSaga(smsLogin, smsLoginRequested(smsForm))
        .withReducer(rootReducer, rootReducer(stateWith(), loginModeSwitched('sms')))
        .provide([world.providers, [matchers.call.fn(authApi.smsLogin), throwError(apiError(AnswerCode.invalid, message))]])
        .put(loginFailed())
        .not.put.like({ action: { type: loggedIn.type } })
        .run();
      expect(storeState.auth).toMatchObject({ token: null, status: 'failed', loginMode: 'sms' });
      expect(world.services.notify.error).toHaveBeenCalledWith(message, 'account');
      expect(world.services.navigate).not.toHaveBeenCalled();
    },
  );

  it('says the phone has no account (told only once the code is right)', async () => {
    const world = fakeWorld();
    await expectSaga(smsLogin, smsLoginRequested(smsForm))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.smsLogin), throwError(apiError(AnswerCode.invalid, Messages.accountNotFound))]])
      .put(loginFailed())
      .not.put.like({ action: { type: loggedIn.type } })
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.accountNotFound, 'account');
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('shows the rate limit and falls back to 请求失败 when the failure has no message', async () => {
    const limited = fakeWorld();
    await expectSaga(smsLogin, smsLoginRequested(smsForm))
      .provide([limited.providers, [matchers.call.fn(authApi.smsLogin), throwError(apiError(AnswerCode.tooMany, Messages.tooManyRequests))]])
      .put(loginFailed())
      .run();
    expect(limited.services.notify.error).toHaveBeenCalledWith(Messages.tooManyRequests, 'account');

    const quiet = fakeWorld();
    await expectSaga(smsLogin, smsLoginRequested(smsForm))
      .provide([quiet.providers, [matchers.call.fn(authApi.smsLogin), throwError(new Error('boom'))]])
      .put(loginFailed())
      .run();
    expect(quiet.services.notify.error).toHaveBeenCalledWith(Messages.requestFailed, 'account');
  });
});
