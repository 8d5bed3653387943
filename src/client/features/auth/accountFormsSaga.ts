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
import { loggedIn } from './authSlice';
import { ACCOUNT_LOGIN_PATH, safeRedirectPath } from './redirect';

/**
 * Register (spec screen 2); the `invite` query travels in the payload when there is one. The new
 * account is logged in at once with what was just typed (the SMS code proved the phone): nobody
 * should type it all again. Should that login not go through, the login form opens as before.
 */
export function* register(action: ReturnType<typeof registerRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { mobile, password } = action.payload;
  try {
    yield call(authApi.register, action.payload);
  } catch (error) {
    services.notify.error(messageOf(error, Messages.registerFailed));
    yield put(registerFailed());
    return;
  }
  yield put(registerSucceeded());
  let answer: LoginAnswer | null = null;
  try {
    answer = yield call(authApi.login, { username: mobile, password });
  } catch {
    answer = null;
  }
  if (!answer) {
    services.notify.success(Messages.registerSucceeded);
    services.navigate(ACCOUNT_LOGIN_PATH);
    return;
  }
  yield put(loggedIn({ token: answer.token, userInfo: answer.userInfo, remember: true, username: mobile }));
  services.notify.success(Messages.registerLoggedIn);
  services.navigate(safeRedirectPath(null), { replace: true });
}

/** Forgot password (spec screen 3): editPassword proved by an SMS code, without a token. */
export function* resetPassword(action: ReturnType<typeof passwordResetRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  try {
    yield call(authApi.editPassword, action.payload);
  } catch (error) {
    services.notify.error(messageOf(error, Messages.editPasswordFailed));
    yield put(passwordResetFailed());
    return;
  }
  yield put(passwordResetSucceeded());
  services.notify.success(Messages.editPasswordSucceeded);
  services.navigate(ACCOUNT_LOGIN_PATH);
}
