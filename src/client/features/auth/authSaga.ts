import type { SagaIterator } from 'redux-saga';
import { fork, takeLeading } from 'redux-saga/effects';
import { logoutRequested } from './authSlice';
import { loadUserInfoOnStart, logout } from './sessionSaga';

/**
 * The session's watchers, which every page needs: the user read back on start, and 退出. The
 * forms' watchers (login, SMS codes, QR, register) start with the pages and dialogs that show them
 * (formsSaga.ts, feature.ts), as do the personal centre's.
 */
export function* authSaga(): SagaIterator {
  yield fork(loadUserInfoOnStart);
  // A second click while one is in flight is ignored.
  yield takeLeading(logoutRequested.type, logout);
}
