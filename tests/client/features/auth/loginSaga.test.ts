import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { AnswerCode } from '../../../../src/contract/envelope';
import { Messages } from '../../../../src/contract/messages';
import * as authApi from '../../../../src/client/api/authApi';
import { loggedIn, loginFailed, loginRequested, type LoginRequestedPayload } from '../../../../src/client/features/auth/authSlice';
import { captchaDismissed, captchaPassed, captchaRequested } from '../../../../src/client/features/auth/captchaSlice';
import { login } from '../../../../src/client/features/auth/loginSaga';
import { apiError, fakeWorld, rootReducer, stateWith, user } from './sagaHarness';

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
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.loginSucceeded);
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
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.loginFailed);
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('falls back to the spec message when the failure has none (network)', async () => {
    const world = fakeWorld();
    await expectSaga(login, loginRequested(form))
      .provide([world.providers, [matchers.call.fn(authApi.login), throwError(new Error('boom'))]])
      .put(loginFailed())
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.loginFailed);
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
    expect(world.services.notify.warning).toHaveBeenCalledWith(Messages.loginNeedsCaptcha);
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
