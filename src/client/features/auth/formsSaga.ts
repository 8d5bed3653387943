import type { SagaIterator } from 'redux-saga';
import { fork, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { passwordResetRequested, registerRequested } from './accountFormsSlice';
import { register, resetPassword } from './accountFormsSaga';
import { loginRequested, smsLoginRequested } from './authSlice';
import { captchaSaga } from './captchaSaga';
import { login, smsLogin } from './loginSaga';
import { qrLoginFlow } from './qrLoginSaga';
import { qrLoginStarted } from './qrLoginSlice';
import { requestSmsCode, runSmsCountdown } from './smsSaga';
import { smsCodeRequested, smsCodeSent } from './smsSlice';
import { wechatWebLogin, wechatWebLoginReturned } from './wechatWebLoginSaga';

/**
 * The account forms' watchers: logging in (password, SMS code, QR, WeChat's return), registering,
 * resetting a password, SMS codes and their captcha. Every worker catches its own errors, so one
 * failure cannot stop the others.
 */
export function* authFormsSaga(): SagaIterator {
  // Submits: a second click while one is in flight is ignored.
  yield takeLeading(loginRequested.type, login);
  yield takeLeading(smsLoginRequested.type, smsLogin);
  yield takeLeading(wechatWebLoginReturned.type, wechatWebLogin);
  yield takeLeading(registerRequested.type, register);
  yield takeLeading(passwordResetRequested.type, resetPassword);
  yield takeLeading(smsCodeRequested.type, requestSmsCode);
  // A refresh (or a pane that remounts) replaces the running QR session.
  yield takeLatest(qrLoginStarted.type, qrLoginFlow);
  // One countdown per form, side by side.
  yield takeEvery(smsCodeSent.type, runSmsCountdown);
  yield fork(captchaSaga);
}
