import type { SagaIterator } from 'redux-saga';
import { call, getContext, put } from 'redux-saga/effects';
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
import { ACCOUNT_LOGIN_PATH } from './redirect';

/** Register (spec screen 2); the `invite` query travels in the payload when there is one. */
export function* register(action: ReturnType<typeof registerRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  try {
    yield call(authApi.register, action.payload);
  } catch (error) {
    services.notify.error(messageOf(error, Messages.registerFailed));
    yield put(registerFailed());
    return;
  }
  yield put(registerSucceeded());
  services.notify.success(Messages.registerSucceeded);
  services.navigate(ACCOUNT_LOGIN_PATH);
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
