import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { WORK_TYPES, WorkLimits, type WorkListAnswer, type WorkRecord } from '../../../contract/works';
import { pageOfAnswer } from '../../api/pagedAnswer';
import * as worksApi from '../../api/worksApi';
import { zipDownloadRequested } from '../download/downloadSlice';
import { downloadRequested, listFailed, listLoaded, pageChanged, pageOpened, selectWorks, selectWorksQuery, typeChosen, type WorksQuery } from './worksSlice';

/** Only records of a known type are shown: a malformed answer shows as an empty list, not a crash. */
function recordsOf(answer: WorkListAnswer | null): WorkRecord[] {
  if (!Array.isArray(answer?.list)) return [];
  return answer.list.filter((work) => (WORK_TYPES as readonly string[]).includes(work?.type) && typeof work.picture === 'string' && work.download);
}

/** Loads the page the query names. A page past the end (works expired meanwhile) turns to the last one. */
export function* loadWorks(): SagaIterator {
  const query: WorksQuery = yield select(selectWorksQuery);
  let answer: WorkListAnswer | null;
  try {
    answer = yield call(worksApi.getWorkList, { type: query.type, page: query.page, page_size: WorkLimits.pageSize });
  } catch {
    yield put(listFailed());
    return;
  }
  const items = recordsOf(answer);
  const { total, turnTo } = pageOfAnswer(answer, items.length, query.page, WorkLimits.pageSize);
  if (turnTo !== null) {
    yield put(pageChanged({ page: turnTo }));
    return;
  }
  yield put(listLoaded({ items, total }));
}

/** 下载: the zip its record names, made and downloaded as on the preview pages. */
export function* downloadWork(action: ReturnType<typeof downloadRequested>): SagaIterator {
  const works: WorkRecord[] = yield select(selectWorks);
  const work = works.find((candidate) => candidate.key === action.payload.key);
  if (work) yield put(zipDownloadRequested(work.download));
}

export function* worksSaga(): SagaIterator {
  // A newer query replaces the load still under way: the list shows what was asked last.
  yield takeLatest([pageOpened.type, typeChosen.type, pageChanged.type], loadWorks);
  // The download domain ignores a click while a zip is being made.
  yield takeEvery(downloadRequested.type, downloadWork);
}
