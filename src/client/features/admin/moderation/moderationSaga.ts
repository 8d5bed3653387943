import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ModerationLimits, ModerationMessages, type ConsolePublishedList, type ConsoleReportList, type SensitiveWords } from '../../../../contract/moderation';
import * as moderationApi from '../../../api/moderationApi';
import { SERVICES, type Services } from '../../../app/services';
import {
  changeFinished,
  changeRequested,
  pagesFailed,
  pagesLoaded,
  pagesOpened,
  pagesPageChanged,
  pagesSearched,
  reportsFailed,
  reportsFiltered,
  reportsLoaded,
  reportsOpened,
  reportsPageChanged,
  selectPages,
  selectReports,
  wordsFailed,
  wordsLoaded,
  wordsOpened,
  wordsSaveFailed,
  wordsSaveRequested,
  type ConsoleModerationState,
  type ModerationChange,
} from './moderationSlice';

const lastPage = (total: number): number => Math.max(1, Math.ceil(total / ModerationLimits.pageSize));

export function* loadPages(): SagaIterator {
  const { query }: ConsoleModerationState['pages'] = yield select(selectPages);
  try {
    const answer: ConsolePublishedList = yield call(moderationApi.getPublishedPages, query.q, query.status, query.page);
    // A page past the end (pages taken down meanwhile) turns to the last one.
    if (!answer.list.length && query.page > lastPage(answer.total)) {
      yield put(pagesPageChanged({ page: lastPage(answer.total) }));
      return;
    }
    yield put(pagesLoaded(answer));
  } catch {
    // The http layer told the user why.
    yield put(pagesFailed());
  }
}

export function* loadReports(): SagaIterator {
  const { query }: ConsoleModerationState['reports'] = yield select(selectReports);
  try {
    const answer: ConsoleReportList = yield call(moderationApi.getReports, query.status, query.page);
    if (!answer.list.length && query.page > lastPage(answer.total)) {
      yield put(reportsPageChanged({ page: lastPage(answer.total) }));
      return;
    }
    yield put(reportsLoaded(answer));
  } catch {
    yield put(reportsFailed());
  }
}

export function* loadWords(): SagaIterator {
  try {
    const answer: SensitiveWords = yield call(moderationApi.getSensitiveWords);
    yield put(wordsLoaded(answer));
  } catch {
    yield put(wordsFailed());
  }
}

export function* saveWords(action: ReturnType<typeof wordsSaveRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  try {
    const answer: SensitiveWords = yield call(moderationApi.saveSensitiveWords, action.payload.words);
    yield put(wordsLoaded(answer));
  } catch {
    // The list stays as typed, for the operator to fix what the message says.
    yield put(wordsSaveFailed());
    return;
  }
  yield call(services.notify.success, ModerationMessages.sensitiveWordsSaved);
}

const DONE: Record<string, string> = {
  takedown: ModerationMessages.takedownSucceeded,
  restore: ModerationMessages.restoreSucceeded,
  dismiss: '已驳回举报',
};

function changeCall(change: ModerationChange) {
  if (change.kind === 'takedown') return call(moderationApi.takedownPage, change.slug, change.reason);
  if (change.kind === 'restore') return call(moderationApi.restorePage, change.slug);
  return call(moderationApi.resolveReport, change.id, { action: change.action, note: change.note });
}

/** 下线 / 恢复 / 处理举报: on success both lists show the change; on failure the dialog keeps what was typed. */
export function* changeModeration(action: ReturnType<typeof changeRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  try {
    yield changeCall(action.payload);
  } catch {
    yield put(changeFinished({ done: false }));
    return;
  }
  yield put(changeFinished({ done: true }));
  yield call(services.notify.success, DONE[action.payload.kind === 'resolve' ? action.payload.action : action.payload.kind]);
  yield call(loadPages);
  yield call(loadReports);
}

export function* consoleModerationSaga(): SagaIterator {
  yield takeLatest([pagesOpened.type, pagesSearched.type, pagesPageChanged.type], loadPages);
  yield takeLatest([reportsOpened.type, reportsFiltered.type, reportsPageChanged.type], loadReports);
  yield takeLatest(wordsOpened.type, loadWords);
  yield takeLeading(wordsSaveRequested.type, saveWords);
  // One change at a time: a second click while the first is on its way is ignored.
  yield takeLeading(changeRequested.type, changeModeration);
}
