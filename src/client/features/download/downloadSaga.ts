import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import { safeLinkHref } from '../../../contract/links';
import { GenerationMessages, type ZipAnswer } from '../../../contract/generation';
import { serverMessageOf } from '../../api/ApiError';
import * as generationApi from '../../api/generationApi';
import * as miniSiteApi from '../../api/miniSiteApi';
import { SERVICES, type Services } from '../../app/services';
import { selectAutoDownloadVisit, zipDownloadFailed, zipDownloadRequested, zipDownloadStarted, zipDownloadSucceeded, type ZipDownloadRequest } from './downloadSlice';
import { zipFileNameOf } from './zipName';

/** The name a site zip falls back to when its URL names none. */
export const SITE_ZIP_BASE = '网站';

/** Asks the server for the zip of result files, or of a created site. */
function zipCall(request: ZipDownloadRequest) {
  return 'webSiteDir' in request
    ? call(miniSiteApi.getDownloadZipUrl, { webSiteDir: request.webSiteDir })
    : call(generationApi.createZipUrlByFile, { fileName: request.fileName, fileList: request.fileList, ...(request.waitForExtras === false ? { waitForExtras: false } : {}) });
}

/** Packs the result files (or a created site) into a zip on the server and hands its URL to the browser's download. */
export function* downloadZip(action: ReturnType<typeof zipDownloadRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { visit } = action.payload;
  const fileName = 'webSiteDir' in action.payload ? SITE_ZIP_BASE : action.payload.fileName;
  if (visit) {
    const done: string | null = yield select(selectAutoDownloadVisit);
    if (done === visit) return;
  }
  yield put(zipDownloadStarted({ visit }));
  let answer: ZipAnswer;
  try {
    answer = yield zipCall(action.payload);
  } catch (error) {
    yield call(services.notify.error, serverMessageOf(error, GenerationMessages.zipEmpty));
    yield put(zipDownloadFailed());
    return;
  }
  // Only http(s) or same-site URLs reach the link: a javascript: URL would run in our page.
  const zipUrl = safeLinkHref(answer?.zipUrl);
  if (!zipUrl) {
    yield call(services.notify.error, GenerationMessages.zipEmpty);
    yield put(zipDownloadFailed());
    return;
  }
  yield call(services.download, zipUrl, zipFileNameOf(zipUrl, fileName, services.now()));
  yield call(services.notify.success, GenerationMessages.downloadStarted);
  yield put(zipDownloadSucceeded());
}

export function* downloadSaga(): SagaIterator {
  // A click while a zip is being made is ignored: one click, one download.
  yield takeLeading(zipDownloadRequested.type, downloadZip);
}
