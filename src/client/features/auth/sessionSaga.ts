import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select } from 'redux-saga/effects';
import type { UserInfo } from '../../../contract/auth';
import { Messages } from '../../../contract/messages';
import * as authApi from '../../api/authApi';
import { isPublicPath, loginPath } from '../../app/access';
import { SERVICES, type Services } from '../../app/services';
import { selectToken, sessionEnded, userInfoLoaded, type logoutRequested } from './authSlice';

function currentPath(services: Services): string {
  const { pathname, search } = services.currentLocation();
  return pathname + search;
}

/**
 * Logout: the session ends on this side whatever the server answers (it may be down or the token
 * already dead). A public page (a generator, the tutorials) is still open to a visitor, so the
 * user stays on it; any other page goes to the login page, coming back after the next login.
 */
export function* logout(action: ReturnType<typeof logoutRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  try {
    yield call(authApi.logout);
  } catch {
    // Ignored on purpose: the user asked to leave, and the token is forgotten below either way.
  }
  yield put(sessionEnded());
  yield call(services.notify.success, Messages.logoutSucceeded);
  const page = action.payload?.redirect ?? currentPath(services);
  if (isPublicPath(page.split(/[?#]/)[0])) return;
  yield call(services.navigate, loginPath(page));
}

/**
 * On start, a stored token is checked by reading the user behind it (spec section 7: failure logs
 * out). The root saga starts authSaga only once `app/started` has come (persisted state loaded),
 * so this runs at once rather than waiting for that action again.
 */
export function* loadUserInfoOnStart(): SagaIterator {
  const token: string | null = yield select(selectToken);
  if (!token) return;
  const services: Services = yield getContext(SERVICES);
  try {
    const userInfo: UserInfo = yield call(authApi.getUserInfo);
    yield put(userInfoLoaded(userInfo));
  } catch {
    yield put(sessionEnded());
    yield call(services.notify.error, Messages.userInfoFailed, 'account');
    yield call(services.navigate, loginPath(currentPath(services)), { replace: true });
  }
}
