import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { ConsoleOverview } from '../../../../contract/consoleQueue';
import * as consoleQueueApi from '../../../api/consoleQueueApi';
import { overviewFailed, overviewLoaded, overviewOpened, overviewRefreshed } from './overviewSlice';

export function* loadOverview(): SagaIterator {
  try {
    const figures: ConsoleOverview = yield call(consoleQueueApi.getConsoleOverview);
    yield put(overviewLoaded(figures));
  } catch {
    // The http layer told the user why.
    yield put(overviewFailed());
  }
}

export function* consoleOverviewSaga(): SagaIterator {
  yield takeLatest([overviewOpened.type, overviewRefreshed.type], loadOverview);
}
