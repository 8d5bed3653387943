import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';
import type { QrcodeAnswer, QrcodeRequest, QrLoginInfoAnswer } from '../../../contract/auth';
import { AnswerCode } from '../../../contract/envelope';
import { Limits } from '../../../contract/limits';
import { ApiError } from '../../api/ApiError';
import * as authApi from '../../api/authApi';
import { SERVICES, type Services } from '../../app/services';
import { secondsUntil } from './countdown';
import { takeLeavingPage } from '../../app/leavingPage';
import { completeLogin } from './loginSaga';
import {
  qrLoginConfirmed,
  qrLoginExpired,
  qrLoginPollSucceeded,
  qrLoginQrcodeFailed,
  qrLoginQrcodeReceived,
  type qrLoginStarted,
  qrLoginStopped,
  qrLoginTicked,
  selectQrTicket,
} from './qrLoginSlice';

/**
 * One QR code's life: fetch it, then poll every second until the scan is confirmed, the server
 * says expired, or its lifetime (120 s) runs out.
 */
export function* runQrSession(action: ReturnType<typeof qrLoginStarted>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { host, place, redirect } = action.payload;
  // A refresh sends the old ticket so the server voids it: only one live code per page.
  const previousTicket: string | null = yield select(selectQrTicket);
  const request: QrcodeRequest = previousTicket ? { qrcode: previousTicket, host } : { host };
  let qrcode: QrcodeAnswer;
  try {
    qrcode = yield call(authApi.getWechatQrcode, request);
  } catch (error) {
    // The server's own words when it gave them (微信登录暂不可用，请使用手机号登录), else the generic text.
    yield put(qrLoginQrcodeFailed(error instanceof ApiError && error.serverMsg ? error.serverMsg : undefined));
    return;
  }
  const lifetime = qrcode.expiresIn > 0 ? qrcode.expiresIn : Limits.qrLifetimeSeconds;
  const deadline = services.now() + lifetime * 1000;
  yield put(qrLoginQrcodeReceived({ ticket: qrcode.ticket, image: qrcode.qrcode, secondsLeft: lifetime, ...(qrcode.scanUrl ? { scanUrl: qrcode.scanUrl } : {}) }));

  for (;;) {
    yield delay(Limits.qrPollIntervalMs);
    const secondsLeft = secondsUntil(deadline, services.now());
    if (secondsLeft === 0) {
      yield put(qrLoginExpired());
      return;
    }
    yield put(qrLoginTicked(secondsLeft));

    let info: QrLoginInfoAnswer;
    try {
      info = yield call(authApi.getWxLoginInfo, qrcode.ticket);
    } catch (error) {
      // The server refused the login itself (an account an operator stopped says why): show its words.
      if (error instanceof ApiError && error.code === AnswerCode.invalid && error.serverMsg) {
        yield put(qrLoginQrcodeFailed(error.serverMsg));
        return;
      }
      continue; // A lost poll is retried on the next tick; the deadline still bounds the whole.
    }
    if (info.status === 'confirmed' && info.token && info.userInfo) {
      yield put(qrLoginConfirmed());
      // QR login always remembers (there is no checkbox to say otherwise).
      yield call(completeLogin, { token: info.token, userInfo: info.userInfo, remember: true }, place, redirect);
      return;
    }
    if (info.status === 'expired') {
      yield put(qrLoginExpired());
      return;
    }
    if (info.status === 'waiting' || info.status === 'scanned') yield put(qrLoginPollSucceeded(info.status));
  }
}

/** Started by the QR pane; ends early when the pane goes away or the user leaves the page. */
export function* qrLoginFlow(action: ReturnType<typeof qrLoginStarted>): SagaIterator {
  yield race({
    session: call(runQrSession, action),
    stopped: take(qrLoginStopped.type),
    left: call(takeLeavingPage),
  });
}
