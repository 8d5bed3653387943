import type { SagaIterator } from 'redux-saga';
import { call, cancelled, getContext, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CaptchaAnswer } from '../../../contract/auth';
import { Messages } from '../../../contract/messages';
import * as authApi from '../../api/authApi';
import { SERVICES, type Services } from '../../app/services';
import { messageOf } from './apiErrors';
import { takeLeavingPage } from '../../app/leavingPage';
import type { CaptchaPurpose } from './auth.types';
import {
  captchaDismissed,
  captchaFetchFailed,
  captchaImageLoaded,
  captchaPassed,
  captchaRefreshRequested,
  captchaRequested,
  captchaSubmitted,
  captchaVerifyFailed,
  selectCaptchaId,
} from './captchaSlice';

/**
 * Opens the captcha dialog and waits until the user passes it (the captchaId) or closes it (null).
 * Called by the SMS and login sagas; if the caller is cancelled the dialog closes with it. Leaving
 * the page also gives up: the dialog lives in the page, and a waiting takeLeading watcher would
 * otherwise ignore every later request.
 */
export function* passCaptcha(purpose: CaptchaPurpose): SagaIterator<string | null> {
  yield put(captchaRequested({ purpose }));
  try {
    const outcome: { passed?: ReturnType<typeof captchaPassed>; left?: unknown } = yield race({
      passed: take(captchaPassed.type),
      dismissed: take(captchaDismissed.type),
      left: call(takeLeavingPage),
    });
    if (outcome.passed) return outcome.passed.payload.captchaId;
    if (outcome.left) yield put(captchaDismissed());
    return null;
  } finally {
    if (yield cancelled()) yield put(captchaDismissed());
  }
}

/** Loads a new image; the previous captcha (if any) is simply abandoned and expires on the server. */
export function* fetchCaptcha(): SagaIterator {
  try {
    const answer: CaptchaAnswer = yield call(authApi.getCaptcha);
    yield put(captchaImageLoaded(answer));
  } catch {
    const services: Services = yield getContext(SERVICES);
    yield call(services.notify.error, Messages.captchaFetchFailed);
    yield put(captchaFetchFailed());
  }
}

/** Checks the typed code; a wrong code is void on the server, so a fresh image follows. */
export function* verifyCaptcha(action: ReturnType<typeof captchaSubmitted>): SagaIterator {
  const captchaId: string | null = yield select(selectCaptchaId);
  if (!captchaId) return;
  try {
    yield call(authApi.verifyCaptcha, { captchaId, code: action.payload.code });
  } catch (error) {
    const services: Services = yield getContext(SERVICES);
    yield call(services.notify.error, messageOf(error, Messages.captchaWrong));
    yield put(captchaVerifyFailed());
    yield call(fetchCaptcha);
    return;
  }
  yield put(captchaPassed({ captchaId }));
}

export function* captchaSaga(): SagaIterator {
  // takeLatest: a newer request for an image makes an older one pointless.
  yield takeLatest([captchaRequested.type, captchaRefreshRequested.type], fetchCaptcha);
  yield takeLeading(captchaSubmitted.type, verifyCaptcha);
}
