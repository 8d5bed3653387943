import type { SagaIterator } from 'redux-saga';
import { call, put, select, take } from 'redux-saga/effects';
import type { CheckOnlineAnswer } from '../../../contract/common';
import * as commonApi from '../../api/commonApi';
import { locationChanged } from '../../app/routerSlice';
import { loggedIn } from './authSlice';
import { loginDialogClosed, loginDialogOpened, selectLoginDialogOpen } from './loginDialogSlice';

/**
 * Opens the login dialog and waits: true once logged in, false when the user closes it (or it
 * closed because the page changed under it).
 */
export function* waitForLogin(): SagaIterator<boolean> {
  yield put(loginDialogOpened());
  for (;;) {
    const action: { type: string } = yield take([loggedIn.type, loginDialogClosed.type, locationChanged.type]);
    if (loggedIn.match(action)) return true;
    if (loginDialogClosed.match(action)) return false;
    const open: boolean = yield select(selectLoginDialogOpen);
    if (!open) return false;
  }
}

/**
 * How the check before a flow that needs a login ended: 'online' (or logged in since, in the
 * dialog), 'closed' (the user closed the login dialog), 'failed' (the check itself failed; the
 * http layer has told the user why).
 */
export type LoginFirst = 'online' | 'closed' | 'failed';

/** Asks the server whether the session is alive, and when it is not, the login dialog first (spec section 5). */
export function* onlineOrLogin(): SagaIterator<LoginFirst> {
  let online: CheckOnlineAnswer;
  try {
    online = yield call(commonApi.checkOnline);
  } catch {
    return 'failed';
  }
  if (online?.isOnline) return 'online';
  const loggedInNow: boolean = yield call(waitForLogin);
  return loggedInNow ? 'online' : 'closed';
}
