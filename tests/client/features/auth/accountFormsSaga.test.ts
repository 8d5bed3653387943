import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { Messages } from '../../../../src/contract/messages';
import * as authApi from '../../../../src/client/api/authApi';
import {
  passwordResetFailed,
  passwordResetRequested,
  passwordResetSucceeded,
  registerFailed,
  registerRequested,
  registerSucceeded,
} from '../../../../src/client/features/auth/accountFormsSlice';
import { register, resetPassword } from '../../../../src/client/features/auth/accountFormsSaga';
import { loggedIn } from '../../../../src/client/features/auth/authSlice';
import { apiError, fakeWorld, rootReducer, stateWith, user } from '../../sagaHarness';

const registration = { mobile: '13800138000', password: 'secret123', verifyCode: '123456', invite: 'friend-1' };

describe('register', () => {
  it('registers (with the invite) and logs the new account in with what was typed', async () => {
    const world = fakeWorld();
    const answer = { token: 'jwt', userInfo: user };
    const { storeState } = await expectSaga(register, registerRequested(registration))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.register), null], [matchers.call.fn(authApi.login), answer]])
      .call(authApi.register, registration)
      .put(registerSucceeded())
      .call(authApi.login, { username: registration.mobile, password: registration.password })
      .put(loggedIn({ token: 'jwt', userInfo: user, remember: true, username: registration.mobile }))
      .run();
    expect(storeState.accountForms.register).toBe('succeeded');
    expect(storeState.auth.token).toBe('jwt');
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.registerLoggedIn, 'account');
    expect(world.services.navigate).toHaveBeenCalledWith('/backend', { replace: true });
  });

  it('goes back to the page the register page was opened from (its redirect query)', async () => {
    const world = fakeWorld();
    await expectSaga(register, registerRequested({ ...registration, place: 'loginPage', redirect: '/logo/config?module=tl' }))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.register), null], [matchers.call.fn(authApi.login), { token: 'jwt', userInfo: user }]])
      .call(authApi.register, registration)
      .put.actionType(loggedIn.type)
      .run();
    expect(world.services.navigate).toHaveBeenCalledWith('/logo/config?module=tl', { replace: true });
  });

  it('stays on the page in the login dialog: it closes, and the flow that opened it goes on', async () => {
    const world = fakeWorld({ location: { pathname: '/logo/config', search: '?module=tl' } });
    const { storeState } = await expectSaga(register, registerRequested({ ...registration, place: 'loginDialog' }))
      .withReducer(rootReducer, stateWith({ loginDialog: { open: true, view: 'register' } }))
      .provide([world.providers, [matchers.call.fn(authApi.register), null], [matchers.call.fn(authApi.login), { token: 'jwt', userInfo: user }]])
      .call(authApi.register, registration)
      .put.actionType(loggedIn.type)
      .run();
    expect(storeState.loginDialog.open).toBe(false);
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.registerLoggedIn, 'account');
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('opens the account login tab when the login after registering does not go through', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(register, registerRequested(registration))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.register), null], [matchers.call.fn(authApi.login), throwError(apiError(428, Messages.loginNeedsCaptcha))]])
      .put(registerSucceeded())
      .run();
    expect(storeState.auth.token).toBeNull();
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.registerSucceeded, 'account');
    expect(world.services.navigate).toHaveBeenCalledWith('/auth/login?handleType=account');
  });

  it('keeps the redirect on the way to the login page when that login does not go through', async () => {
    const world = fakeWorld();
    await expectSaga(register, registerRequested({ ...registration, redirect: '/createWeb' }))
      .provide([world.providers, [matchers.call.fn(authApi.register), null], [matchers.call.fn(authApi.login), throwError(apiError(428, Messages.loginNeedsCaptcha))]])
      .run();
    expect(world.services.navigate).toHaveBeenCalledWith('/auth/login?handleType=account&redirect=%2FcreateWeb');
  });

  it("turns the dialog to its own login pane when that login does not go through, staying on the page", async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(register, registerRequested({ ...registration, place: 'loginDialog' }))
      .withReducer(rootReducer, stateWith({ loginDialog: { open: true, view: 'register' } }))
      .provide([world.providers, [matchers.call.fn(authApi.register), null], [matchers.call.fn(authApi.login), throwError(apiError(428, Messages.loginNeedsCaptcha))]])
      .run();
    expect(storeState.loginDialog).toEqual({ open: true, view: 'account' });
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.registerSucceeded, 'account');
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('shows why it failed and stays on the form', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(register, registerRequested(registration))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.register), throwError(apiError(422, Messages.phoneTaken))]])
      .put(registerFailed())
      .run();
    expect(storeState.accountForms.register).toBe('failed');
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.phoneTaken);
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('falls back to 注册失败', async () => {
    const world = fakeWorld();
    await expectSaga(register, registerRequested(registration))
      .provide([world.providers, [matchers.call.fn(authApi.register), throwError(new Error('offline'))]])
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.registerFailed);
  });
});

describe('forgot password', () => {
  const reset = { mobile: '13800138000', password: 'newsecret', verifyCode: '654321' };

  it('changes the password without a token and goes to the account login tab', async () => {
    const world = fakeWorld();
    await expectSaga(resetPassword, passwordResetRequested(reset))
      .provide([world.providers, [matchers.call.fn(authApi.editPassword), null]])
      .call(authApi.editPassword, reset)
      .put(passwordResetSucceeded())
      .run();
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.editPasswordSucceeded, 'account');
    expect(world.services.navigate).toHaveBeenCalledWith('/auth/login?handleType=account');
  });

  it('keeps the redirect the forget page was opened with', async () => {
    const world = fakeWorld();
    await expectSaga(resetPassword, passwordResetRequested({ ...reset, redirect: '/logo/config?module=tl' }))
      .provide([world.providers, [matchers.call.fn(authApi.editPassword), null]])
      .call(authApi.editPassword, reset)
      .run();
    expect(world.services.navigate).toHaveBeenCalledWith('/auth/login?handleType=account&redirect=%2Flogo%2Fconfig%3Fmodule%3Dtl');
  });

  it('shows the server message when the code is wrong', async () => {
    const world = fakeWorld();
    await expectSaga(resetPassword, passwordResetRequested(reset))
      .provide([world.providers, [matchers.call.fn(authApi.editPassword), throwError(apiError(422, Messages.smsCodeInvalid))]])
      .put(passwordResetFailed())
      .not.put(passwordResetSucceeded())
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(Messages.smsCodeInvalid);
  });
});
