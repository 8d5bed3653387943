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
import { apiError, fakeWorld, rootReducer, stateWith, user } from './sagaHarness';

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
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.registerLoggedIn);
    expect(world.services.navigate).toHaveBeenCalledWith('/backend', { replace: true });
  });

  it('opens the account login tab when the login after registering does not go through', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(register, registerRequested(registration))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(authApi.register), null], [matchers.call.fn(authApi.login), throwError(apiError(428, Messages.loginNeedsCaptcha))]])
      .put(registerSucceeded())
      .run();
    expect(storeState.auth.token).toBeNull();
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.registerSucceeded);
    expect(world.services.navigate).toHaveBeenCalledWith('/auth/login?handleType=account');
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
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.editPasswordSucceeded);
    expect(world.services.navigate).toHaveBeenCalledWith('/auth/login?handleType=account');
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
