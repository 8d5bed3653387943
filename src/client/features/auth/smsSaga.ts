import type { SagaIterator } from 'redux-saga';
import type { Action } from 'redux';
import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';
import { Limits } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { checkPhone } from '../../../contract/validation';
import * as authApi from '../../api/authApi';
import { SERVICES, type Services } from '../../app/services';
import { messageOf } from './apiErrors';
import type { SmsFormId } from './auth.types';
import { passCaptcha } from './captchaSaga';
import { secondsUntil } from './countdown';
import {
  selectSmsButton,
  smsCodeSendFailed,
  smsCodeSendStarted,
  smsCodeSent,
  smsCountdownCancelled,
  smsCountdownFinished,
  smsCountdownTicked,
  type SmsButtonState,
  type smsCodeRequested,
} from './smsSlice';

/** 获取验证码: a valid phone first, then a passed graphic captcha, then the send (spec section 5). */
export function* requestSmsCode(action: ReturnType<typeof smsCodeRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { form, phone, purpose } = action.payload;
  const phoneProblem = checkPhone(phone);
  if (phoneProblem || !phone) {
    yield call(services.notify.warning, phoneProblem ?? Messages.phoneRequired);
    return;
  }
  const button: SmsButtonState = yield select(selectSmsButton, form);
  if (button.status !== 'idle') return;

  // 验证码已发送 is the answer to come: the message component loads while the captcha is typed. Loaded
  // only when the news arrives, on a slow line it came after the registration's own notice had
  // replaced it (same key), and the user never saw that the code was sent.
  if (services.prepareNotices) yield call(services.prepareNotices);
  const captchaId: string | null = yield call(passCaptcha, 'sms');
  if (!captchaId) return;

  yield put(smsCodeSendStarted({ form }));
  try {
    yield call(authApi.sendSmsCode, { iphone: phone, captchaId, purpose });
  } catch (error) {
    yield call(services.notify.error, messageOf(error, Messages.smsSendFailed));
    yield put(smsCodeSendFailed({ form }));
    return;
  }
  // Keyed: the registration or login it leads to says its own news in its place.
  yield call(services.notify.success, Messages.smsSent, 'account');
  yield put(smsCodeSent({ form, secondsLeft: Limits.smsCountdownSeconds }));
}

function* countDown(form: SmsFormId, seconds: number): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const deadline = services.now() + seconds * 1000;
  for (;;) {
    yield delay(1000);
    const secondsLeft = secondsUntil(deadline, services.now());
    if (secondsLeft === 0) break;
    yield put(smsCountdownTicked({ form, secondsLeft }));
  }
  yield put(smsCountdownFinished({ form }));
}

/** The 60 s before the button may send again; the form can cancel it when it goes away. */
export function* runSmsCountdown(action: ReturnType<typeof smsCodeSent>): SagaIterator {
  const { form, secondsLeft } = action.payload;
  const isCancelOfThisForm = (candidate: Action) =>
    smsCountdownCancelled.match(candidate) && candidate.payload.form === form;
  yield race({
    finished: call(countDown, form, secondsLeft),
    cancelled: take(isCancelOfThisForm),
  });
}
