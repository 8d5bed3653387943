import { buffers, type SagaIterator } from 'redux-saga';
import { actionChannel, call, delay, getContext, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { ConsoleQueueLimits, type ConsoleJobList } from '../../../../contract/consoleQueue';
import * as consoleQueueApi from '../../../api/consoleQueueApi';
import { SERVICES, type Services } from '../../../app/services';
import {
  jobActionFinished,
  jobActionRequested,
  jobsFailed,
  jobsLoaded,
  queueListChanged,
  queuePageChanged,
  queuePageClosed,
  queuePageOpened,
  queueRefreshRequested,
  selectQueueQuery,
  type ConsoleQueueState,
} from './queueSlice';

export function* loadJobs(): SagaIterator {
  const query: ConsoleQueueState['query'] = yield select(selectQueueQuery);
  try {
    const answer: ConsoleJobList = yield call(consoleQueueApi.getConsoleJobs, query.status, query.page);
    // A page emptied meanwhile (its jobs ended) turns to the last one with jobs.
    const last = Math.max(1, Math.ceil(answer.total / ConsoleQueueLimits.pageSize));
    if (!answer.list.length && query.page > last) {
      yield put(queuePageChanged({ page: last }));
      return;
    }
    yield put(jobsLoaded({ query, answer }));
  } catch {
    // The http layer told the operator why; the next refresh tries again.
    yield put(jobsFailed());
  }
}

/**
 * While the page is open: the list now, then again every few seconds, and at once when the
 * operator picks another list or page or an action went through. What happens while a read is
 * out waits in the channel (the latest of it), so no change and no leaving is missed.
 */
export function* watchQueue(): SagaIterator {
  const signals = yield actionChannel([queueListChanged.type, queuePageChanged.type, queueRefreshRequested.type, queuePageClosed.type], buffers.sliding(1));
  try {
    for (;;) {
      yield call(loadJobs);
      const { signal } = yield race({ wait: delay(ConsoleQueueLimits.refreshMs), signal: take(signals) });
      if (signal?.type === queuePageClosed.type) return;
    }
  } finally {
    signals.close();
  }
}

const DONE: Record<ReturnType<typeof jobActionRequested>['payload']['kind'], string> = { cancel: '任务已取消，用户会看到提示', retry: '任务已重新排队' };

/** 取消 / 重试: the list is read again either way (the job may have ended meanwhile, which the refusal said). */
export function* actOnJob(action: ReturnType<typeof jobActionRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { id, kind } = action.payload;
  try {
    yield call(kind === 'cancel' ? consoleQueueApi.cancelJob : consoleQueueApi.retryJob, id);
    yield call(services.notify.success, DONE[kind]);
  } catch {
    // The http layer showed the server's reason (已结束, 正在停止...).
  }
  yield put(jobActionFinished());
  yield put(queueRefreshRequested());
}

export function* consoleQueueSaga(): SagaIterator {
  yield takeLatest(queuePageOpened.type, watchQueue);
  // One action at a time: a second click while the first is on its way is ignored.
  yield takeLeading(jobActionRequested.type, actOnJob);
}
