import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put } from 'redux-saga/effects';
import type { LoginAnswer } from '../../../contract/auth';
import { Messages } from '../../../contract/messages';
import * as authApi from '../../api/authApi';
import { SERVICES, type Services } from '../../app/services';
import { messageOf } from './apiErrors';
import { loginFailed } from './authSlice';
import { completeLogin } from './loginSaga';

/** The login page was opened by the server at the end of 微信一键登录 (`wxLogin=1`); `redirect` is where to go on. */
export const wechatWebLoginReturned = createAction<{ redirect?: string }>('auth/wechatWebLoginReturned');

/**
 * Takes the login WeChat's web authorization proved (the server holds it for this browser) and
 * finishes it as every other login: stored token, 登录成功, on to `redirect`.
 */
export function* wechatWebLogin(action: ReturnType<typeof wechatWebLoginReturned>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  let answer: LoginAnswer;
  try {
    answer = yield call(authApi.wechatWebLogin);
  } catch (error) {
    yield call(services.notify.error, messageOf(error, Messages.wechatOauthInvalid), 'account');
    yield put(loginFailed());
    return;
  }
  // A WeChat login always remembers, as a scan does.
  yield call(completeLogin, { token: answer.token, userInfo: answer.userInfo, remember: true }, 'loginPage', action.payload.redirect);
}
