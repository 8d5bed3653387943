import type { SagaIterator } from 'redux-saga';
import { call, getContext, put } from 'redux-saga/effects';
import type { LoginAnswer, LoginRequest } from '../../../contract/auth';
import { AnswerCode } from '../../../contract/envelope';
import { Messages } from '../../../contract/messages';
import * as authApi from '../../api/authApi';
import { SERVICES, type Services } from '../../app/services';
import { answerCodeOf, messageOf } from './apiErrors';
import type { LoginPlace } from './auth.types';
import {
  loggedIn,
  loginFailed,
  passwordLoginLocked,
  type LoggedInPayload,
  type loginRequested,
  type smsLoginRequested,
} from './authSlice';
import { passCaptcha } from './captchaSaga';
import { safeRedirectPath } from './redirect';

/**
 * What every successful login does, account, QR or a registration's: store the token, say so
 * (`notice`), and move on.
 */
export function* completeLogin(login: LoggedInPayload, place: LoginPlace, redirect?: string, notice: string = Messages.loginSucceeded): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  yield put(loggedIn(login));
  // In the place of 验证码已发送, if it is still on screen.
  yield call(services.notify.success, notice, 'account');
  // The dialog closes itself on loggedIn and the generation flow behind it carries on in place.
  if (place === 'loginPage') yield call(services.navigate, safeRedirectPath(redirect), { replace: true });
}

/**
 * Account login. Its news (a refusal, the captcha asked for) takes the place of the session's
 * notices (NoticeKey 'account'): a stopped account's owner reads the reason alone. After 3 failures the server answers 428: the captcha dialog opens and the login is
 * sent again with the passed captchaId; closing the dialog ends the attempt. Answer 423 (locked
 * out of the phone's password logins) turns the form to SMS login, keeping the typed phone.
 */
export function* login(action: ReturnType<typeof loginRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { username, password, remember, redirect, place = 'loginPage' } = action.payload;
  let captchaId = action.payload.captchaId;
  for (;;) {
    const body: LoginRequest = captchaId ? { username, password, captchaId } : { username, password };
    let answer: LoginAnswer;
    try {
      answer = yield call(authApi.login, body);
    } catch (error) {
      if (answerCodeOf(error) === AnswerCode.locked) {
        const message = messageOf(error, Messages.loginLocked);
        yield call(services.notify.warning, message, 'account');
        yield put(passwordLoginLocked({ message }));
        return;
      }
      if (answerCodeOf(error) !== AnswerCode.captchaRequired) {
        yield call(services.notify.error, messageOf(error, Messages.loginFailed), 'account');
        yield put(loginFailed());
        return;
      }
      yield call(services.notify.warning, Messages.loginNeedsCaptcha, 'account');
      captchaId = yield call(passCaptcha, 'login');
      if (!captchaId) {
        yield put(loginFailed());
        return;
      }
      continue;
    }
    yield call(completeLogin, { token: answer.token, userInfo: answer.userInfo, remember, username }, place, redirect);
    return;
  }
}

/**
 * 短信验证码登录: the code sent to the phone (purpose 'login') proves it; then the same outcome as a
 * password login. A wrong, expired or used-up code and an unknown phone are the server's messages.
 */
export function* smsLogin(action: ReturnType<typeof smsLoginRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { mobile, verifyCode, remember, redirect, place = 'loginPage' } = action.payload;
  let answer: LoginAnswer;
  try {
    answer = yield call(authApi.smsLogin, { mobile, verifyCode });
  } catch (error) {
    yield call(services.notify.error, messageOf(error, Messages.requestFailed), 'account');
    yield put(loginFailed());
    return;
  }
  yield call(completeLogin, { token: answer.token, userInfo: answer.userInfo, remember, username: mobile }, place, redirect);
}
