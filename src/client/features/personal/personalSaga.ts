import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { EditPasswordRequest, UserInfo } from '../../../contract/auth';
import type { StorageUsage } from '../../../contract/storageQuota';
import * as storageApi from '../../api/storageApi';
import { Messages } from '../../../contract/messages';
import * as authApi from '../../api/authApi';
import { SERVICES, type Services } from '../../app/services';
import { selectToken, selectUserInfo, sessionEnded, userInfoLoaded } from '../auth/authSlice';
import { ACCOUNT_LOGIN_PATH } from '../auth/redirect';
import {
  passwordChanged,
  passwordChangeFailed,
  passwordChangeRequested,
  storageUsageLoaded,
  storageUsageRequested,
  userNameChanged,
  userNameChangeFailed,
  userNameChangeRequested,
} from './personalSlice';

/** Edit the user name: the answer carries no user, so the stored one is updated in place. */
export function* changeUserName(action: ReturnType<typeof userNameChangeRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const userInfo: UserInfo | null = yield select(selectUserInfo);
  const token: string | null = yield select(selectToken);
  if (!userInfo || !token) {
    yield put(userNameChangeFailed());
    return;
  }
  const name = action.payload.name.trim();
  try {
    yield call(authApi.updateUserInfo, { name, mobile: userInfo.mobile, token });
  } catch {
    // The http layer has shown why (and handled an expired login).
    yield put(userNameChangeFailed());
    return;
  }
  yield put(userInfoLoaded({ ...userInfo, name }));
  yield put(userNameChanged());
  yield call(services.notify.success, Messages.updateUserSucceeded);
}

/**
 * Change the password (or bind a phone to a QR account). The server revokes every token of the
 * user on success, so the session ends here too and the user logs in again.
 */
export function* changePassword(action: ReturnType<typeof passwordChangeRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const userInfo: UserInfo | null = yield select(selectUserInfo);
  const request: EditPasswordRequest = { ...action.payload };
  if (userInfo?.openid) request.openid = userInfo.openid;
  try {
    yield call(authApi.editPassword, request, 'http');
  } catch {
    // The http layer has shown why (and handled an expired login).
    yield put(passwordChangeFailed());
    return;
  }
  yield put(passwordChanged());
  yield call(services.notify.success, Messages.editPasswordSucceeded);
  yield put(sessionEnded());
  yield call(services.navigate, ACCOUNT_LOGIN_PATH, { replace: true });
}

/** 存储空间: read when the page opens; a failure leaves the figure out rather than warn beside the forms. */
export function* loadStorageUsage(): SagaIterator {
  try {
    const usage: StorageUsage = yield call(storageApi.getStorageUsage);
    yield put(storageUsageLoaded(usage));
  } catch {
    // Nothing to show: the page works without it.
  }
}

export function* personalSaga(): SagaIterator {
  yield takeLeading(userNameChangeRequested.type, changeUserName);
  yield takeLeading(passwordChangeRequested.type, changePassword);
  yield takeLatest(storageUsageRequested.type, loadStorageUsage);
}
