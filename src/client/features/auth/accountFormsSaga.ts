import type { SagaIterator } from 'redux-saga';
import { call, getContext, put } from 'redux-saga/effects';
import type { LoginAnswer } from '../../../contract/auth';
import { Messages } from '../../../contract/messages';
import * as authApi from '../../api/authApi';
import { SERVICES, type Services } from '../../app/services';
import { messageOf } from './apiErrors';
import {
  passwordResetFailed,
  type passwordResetRequested,
  passwordResetSucceeded,
  registerFailed,
  type registerRequested,
  registerSucceeded,
} from './accountFormsSlice';
import { loginDialogViewChanged } from './loginDialogSlice';
import { completeLogin } from './loginSaga';
import { ACCOUNT_LOGIN_PATH, withRedirect } from './redirect';

/**
 * Register (spec screen 2); the `invite` query travels in the payload when there is one. The new
 * account is logged in at once with what was just typed (the SMS code proved the phone): nobody
 * should type it all again. Then, as any login: the register page goes to its `redirect`, the
 * login dialog closes and the generation behind it carries on. Should that login not go through,
 * the account login form opens (the dialog's own pane, or the login page keeping the redirect).
 */
export function* register(action: ReturnType<typeof registerRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { place = 'loginPage', redirect, ...account } = action.payload;
  try {
    yield call(authApi.register, account);
  } catch (error) {
    yield call(services.notify.error, messageOf(error, Messages.registerFailed));
    yield put(registerFailed());
    return;
  }
  yield put(registerSucceeded());
  let answer: LoginAnswer | null = null;
  try {
    answer = yield call(authApi.login, { username: account.mobile, password: account.password });
  } catch {
    answer = null;
  }
  if (answer) {
    const login = { token: answer.token, userInfo: answer.userInfo, remember: true, username: account.mobile };
    yield call(completeLogin, login, place, redirect, Messages.registerLoggedIn);
    return;
  }
  yield call(services.notify.success, Messages.registerSucceeded, 'account');
  if (place === 'loginDialog') yield put(loginDialogViewChanged('account'));
  else yield call(services.navigate, withRedirect(ACCOUNT_LOGIN_PATH, redirect));
}

/** Forgot password (spec screen 3): editPassword proved by an SMS code, without a token. */
export function* resetPassword(action: ReturnType<typeof passwordResetRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { redirect, ...change } = action.payload;
  try {
    yield call(authApi.editPassword, change);
  } catch (error) {
    yield call(services.notify.error, messageOf(error, Messages.editPasswordFailed));
    yield put(passwordResetFailed());
    return;
  }
  yield put(passwordResetSucceeded());
  yield call(services.notify.success, Messages.editPasswordSucceeded, 'account');
  yield call(services.navigate, withRedirect(ACCOUNT_LOGIN_PATH, redirect));
}
