import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { OperatorActionList } from '../../../../contract/operators';
import * as operatorsApi from '../../../api/operatorsApi';
import { logFailed, logLoaded, logPageChanged, logPageOpened, selectLogPage } from './logSlice';

export function* loadLog(): SagaIterator {
  const page: number = yield select(selectLogPage);
  try {
    const answer: OperatorActionList = yield call(operatorsApi.getOperatorActions, page);
    yield put(logLoaded(answer));
  } catch {
    // The http layer told the user why.
    yield put(logFailed());
  }
}

export function* operatorLogSaga(): SagaIterator {
  yield takeLatest([logPageOpened.type, logPageChanged.type], loadLog);
}
