import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { BuilderMessages, type SiteListAnswer, type SiteRecord, type ZipUrlAnswer } from '../../../contract/builder';
import { AnswerCode } from '../../../contract/envelope';
import { GenerationMessages } from '../../../contract/generation';
import { safeLinkHref } from '../../../contract/links';
import { SiteDeletionMessages } from '../../../contract/siteDeletion';
import { pageOfAnswer } from '../../api/pagedAnswer';
import * as siteListApi from '../../api/siteListApi';
import { SERVICES, type Services } from '../../app/services';
import { answerCodeOf } from '../auth/apiErrors';
import { SITE_ZIP_BASE } from '../download/downloadSaga';
import { zipFileNameOf } from '../download/zipName';
import { isDownloadable, selectSiteRecord } from './siteListSelectors';
import {
  deleteFailed,
  deleteRequested,
  deleteStarted,
  downloadFinished,
  downloadRequested,
  downloadStarted,
  listFailed,
  listLoaded,
  pageChanged,
  pageOpened,
  searchSubmitted,
  selectSiteListQuery,
  type SiteListQuery,
} from './siteListSlice';
import { siteDeleted } from './siteEvents';

/** Only an array of records is taken: a malformed answer shows as an empty list, not a crash. */
function recordsOf(answer: SiteListAnswer | null): SiteRecord[] {
  return Array.isArray(answer?.list) ? answer.list : [];
}

/** Loads the page the query names. A page past the end (the list shrank meanwhile) turns to the last one. */
export function* loadSiteList(): SagaIterator {
  const query: SiteListQuery = yield select(selectSiteListQuery);
  let answer: SiteListAnswer | null;
  try {
    answer = yield call(siteListApi.getSiteList, query);
  } catch {
    // The http layer has told the user why (spec section 8); the table shows its empty state.
    yield put(listFailed());
    return;
  }
  const items = recordsOf(answer);
  const { total, turnTo } = pageOfAnswer(answer, items.length, query.page, query.page_size);
  if (turnTo !== null) {
    yield put(pageChanged({ page: turnTo, page_size: query.page_size }));
    return;
  }
  yield put(listLoaded({ items, total }));
}

/** Ends a download that did not start, after telling the user why. */
function* downloadRefused(message: string): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  yield call(services.notify.error, message);
  yield put(downloadFinished());
}

/**
 * 下载 (spec section 4): asks for the completed site's zip and hands it to the browser's download,
 * as the preview pages do: saved under the name its URL ends in, '文件开始下载', and
 * '获取下载文件失败' when no usable URL comes back.
 */
export function* downloadSite(action: ReturnType<typeof downloadRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { id } = action.payload;
  const record: SiteRecord | undefined = yield select(selectSiteRecord, id);
  // The button shows only for completed sites; the list may have changed under a late click.
  if (record && !isDownloadable(record)) {
    yield call(services.notify.warning, BuilderMessages.siteNotCompleted);
    return;
  }
  yield put(downloadStarted({ id }));
  let answer: ZipUrlAnswer | null;
  try {
    answer = yield call(siteListApi.getFilePath, { id });
  } catch {
    // Told by the http layer (the server's own text, e.g. 网站尚未生成完成，暂不能下载).
    yield put(downloadFinished());
    return;
  }
  // Only http(s) or same-site URLs reach the link: a javascript: URL would run in our page.
  const zipUrl = safeLinkHref(answer?.url);
  if (!zipUrl) {
    yield call(downloadRefused, GenerationMessages.zipEmpty);
    return;
  }
  yield call(services.download, zipUrl, zipFileNameOf(zipUrl, record?.web_name || SITE_ZIP_BASE, services.now()));
  yield call(services.notify.success, GenerationMessages.downloadStarted);
  yield put(downloadFinished());
}

/**
 * 删除 (asked first on the page): the row goes, and the page is asked for again so that the next
 * site moves up (or, past the end, the last page shows). A refusal (a published site, one already
 * gone) is told by the http layer alone.
 */
export function* deleteSite(action: ReturnType<typeof deleteRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { id } = action.payload;
  yield put(deleteStarted({ id }));
  try {
    yield call(siteListApi.deleteSite, { id });
  } catch (error) {
    yield put(deleteFailed());
    // Deleted meanwhile (another tab): the list shows what is left.
    if (answerCodeOf(error) === AnswerCode.notFound) yield call(loadSiteList);
    return;
  }
  yield put(siteDeleted({ id }));
  yield call(services.notify.success, SiteDeletionMessages.succeeded);
  yield call(loadSiteList);
}

export function* siteListSaga(): SagaIterator {
  // A newer query replaces the load still under way: the table shows what was asked last.
  yield takeLatest([pageOpened.type, searchSubmitted.type, pageChanged.type], loadSiteList);
  // A click while a zip is being fetched is ignored: one click, one download.
  yield takeLeading(downloadRequested.type, downloadSite);
  // One delete at a time: a second confirm while one is under way is ignored.
  yield takeLeading(deleteRequested.type, deleteSite);
}
