import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, race, select, take, takeLeading } from 'redux-saga/effects';
import type { BindPhoneAnswer, LoginAnswer } from '../../../contract/auth';
import { Messages } from '../../../contract/messages';
import * as authApi from '../../api/authApi';
import { SERVICES, type Services } from '../../app/services';
import { loggedIn, selectRemember, sessionEnded, userInfoLoaded } from '../auth/authSlice';
import {
  bindPhoneCancelled,
  bindPhoneFailed,
  bindPhoneOpened,
  bindPhoneSubmitted,
  mergeChoiceOffered,
  mergeSubmitted,
  phoneBound,
  selectBindPhone,
  type BindPhoneReason,
  type BindPhoneState,
} from './bindPhoneSlice';

/**
 * Opens the bind dialog and waits until the account has a phone (true) or the user gives up
 * (false): what 发布 calls when the server answers that a phone is needed, to publish after.
 */
export function* waitForBoundPhone(reason: BindPhoneReason): SagaIterator<boolean> {
  yield put(bindPhoneOpened({ reason }));
  const outcome: { bound?: unknown } = yield race({ bound: take(phoneBound.type), cancelled: take(bindPhoneCancelled.type), ended: take(sessionEnded.type) });
  return outcome.bound !== undefined;
}

/** 绑定: a free phone is bound at once; a phone with an account of its own turns the dialog to the choice. */
export function* submitBind(action: ReturnType<typeof bindPhoneSubmitted>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  let answer: BindPhoneAnswer;
  try {
    answer = yield call(authApi.bindPhone, action.payload);
  } catch {
    // The http layer said why (验证码错误, 发送过于频繁...).
    yield put(bindPhoneFailed());
    return;
  }
  if (answer.status === 'choose') {
    yield put(mergeChoiceOffered({ ...action.payload, current: answer.current, phone: answer.phone }));
    return;
  }
  yield put(userInfoLoaded(answer.userInfo));
  // Keyed: in the place of 验证码已发送, the news of what the code led to.
  yield call(services.notify.success, Messages.phoneBound, 'account');
  yield put(phoneBound());
}

/**
 * 确认合并: the server moves everything into the account kept and answers its session, which
 * replaces this one (the account given up is ended: its token would be refused from now on).
 */
export function* submitMerge(action: ReturnType<typeof mergeSubmitted>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { choice }: BindPhoneState = yield select(selectBindPhone);
  if (!choice) {
    yield put(bindPhoneFailed());
    return;
  }
  const remember: boolean = yield select(selectRemember);
  let answer: LoginAnswer;
  try {
    answer = yield call(authApi.mergeAccounts, { mobile: choice.mobile, verifyCode: choice.verifyCode, keep: action.payload.keep });
  } catch {
    yield put(bindPhoneFailed());
    return;
  }
  yield put(loggedIn({ token: answer.token, userInfo: answer.userInfo, remember }));
  yield call(services.notify.success, Messages.accountsMerged, 'account');
  yield put(phoneBound());
}

export function* bindPhoneSaga(): SagaIterator {
  yield takeLeading(bindPhoneSubmitted.type, submitBind);
  yield takeLeading(mergeSubmitted.type, submitMerge);
}
