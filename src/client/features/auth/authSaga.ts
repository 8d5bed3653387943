import type { SagaIterator } from 'redux-saga';
import { fork, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { passwordResetRequested, registerRequested } from './accountFormsSlice';
import { register, resetPassword } from './accountFormsSaga';
import { loginRequested, logoutRequested, smsLoginRequested } from './authSlice';
import { captchaSaga } from './captchaSaga';
import { login, smsLogin } from './loginSaga';
import { qrLoginFlow } from './qrLoginSaga';
import { qrLoginStarted } from './qrLoginSlice';
import { loadUserInfoOnStart, logout } from './sessionSaga';
import { requestSmsCode, runSmsCountdown } from './smsSaga';
import { smsCodeRequested, smsCodeSent } from './smsSlice';
import { wechatWebLogin, wechatWebLoginReturned } from './wechatWebLoginSaga';

/**
 * The root of the auth domain's watchers (the personal centre's, which manage the same account,
 * start with its page). Every worker catches its own errors, so one failure cannot stop the others.
 */
export function* authSaga(): SagaIterator {
  yield fork(loadUserInfoOnStart);
  // Submits: a second click while one is in flight is ignored.
  yield takeLeading(loginRequested.type, login);
  yield takeLeading(smsLoginRequested.type, smsLogin);
  yield takeLeading(wechatWebLoginReturned.type, wechatWebLogin);
  yield takeLeading(logoutRequested.type, logout);
  yield takeLeading(registerRequested.type, register);
  yield takeLeading(passwordResetRequested.type, resetPassword);
  yield takeLeading(smsCodeRequested.type, requestSmsCode);
  // A refresh (or a pane that remounts) replaces the running QR session.
  yield takeLatest(qrLoginStarted.type, qrLoginFlow);
  // One countdown per form, side by side.
  yield takeEvery(smsCodeSent.type, runSmsCountdown);
  yield fork(captchaSaga);
}
