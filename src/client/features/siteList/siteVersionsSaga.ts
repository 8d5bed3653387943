import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { BuilderMessages, type RestoreVersionAnswer, type SiteVersionsAnswer } from '../../../contract/builder';
import * as siteListApi from '../../api/siteListApi';
import { SERVICES, type Services } from '../../app/services';
import { loadSiteList } from './siteListSaga';
import { siteVersionRestored } from './siteEvents';
import { restoreEnded, restoreRequested, selectSiteVersions, versionsFailed, versionsLoaded, versionsOpened, type SiteVersionsState } from './siteVersionsSlice';

/** Only an answer with a list is taken: a malformed one shows as no versions, not a crash. */
function answerOf(answer: SiteVersionsAnswer | null): SiteVersionsAnswer {
  return { list: Array.isArray(answer?.list) ? answer.list : [], limit: typeof answer?.limit === 'number' ? answer.limit : 0 };
}

/** 历史版本: loads the site's versions (a failure is told by the http layer). */
export function* loadVersions(action: ReturnType<typeof versionsOpened>): SagaIterator {
  try {
    const answer: SiteVersionsAnswer | null = yield call(siteListApi.getVersions, { id: action.payload.id });
    yield put(versionsLoaded(answerOf(answer)));
  } catch {
    yield put(versionsFailed());
  }
}

/**
 * 恢复: the version becomes the site's draft. The list of versions (now with the replaced draft)
 * and the site list (its new change time) are shown as they are after; the builder forgets its copy.
 */
export function* restoreVersion(action: ReturnType<typeof restoreRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { siteId }: SiteVersionsState = yield select(selectSiteVersions);
  if (siteId === null) return;
  try {
    const answer: RestoreVersionAnswer | null = yield call(siteListApi.restoreVersion, { id: siteId, versionId: action.payload.versionId });
    if (answer?.restored === false) {
      yield call(services.notify.info, BuilderMessages.restoreUnneeded);
    } else {
      yield put(siteVersionRestored({ id: siteId }));
      yield call(services.notify.success, BuilderMessages.restoreSucceeded);
    }
    yield put(versionsLoaded(answerOf(answer)));
  } catch {
    // The http layer said why (版本不存在, 网站不存在...); the versions stay as they were.
    yield put(restoreEnded());
    return;
  }
  yield put(restoreEnded());
  yield call(loadSiteList);
}

export function* siteVersionsSaga(): SagaIterator {
  yield takeLatest(versionsOpened.type, loadVersions);
  // One restore at a time: a second click while one is under way is ignored.
  yield takeLeading(restoreRequested.type, restoreVersion);
}
