import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import { safeLinkHref } from '../../../contract/links';
import { GenerationMessages, type ZipAnswer } from '../../../contract/generation';
import { serverMessageOf } from '../../api/ApiError';
import * as generationApi from '../../api/generationApi';
import { SERVICES, type Services } from '../../app/services';
import { selectAutoDownloadVisit, zipDownloadFailed, zipDownloadRequested, zipDownloadStarted, zipDownloadSucceeded } from './downloadSlice';
import { zipFileNameOf } from './zipName';

/** Packs the result files into a zip on the server and hands its URL to the browser's download. */
export function* downloadZip(action: ReturnType<typeof zipDownloadRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { fileName, fileList, visit } = action.payload;
  if (visit) {
    const done: string | null = yield select(selectAutoDownloadVisit);
    if (done === visit) return;
  }
  yield put(zipDownloadStarted({ visit }));
  let answer: ZipAnswer;
  try {
    answer = yield call(generationApi.createZipUrlByFile, { fileName, fileList });
  } catch (error) {
    services.notify.error(serverMessageOf(error, GenerationMessages.zipEmpty));
    yield put(zipDownloadFailed());
    return;
  }
  // Only http(s) or same-site URLs reach the link: a javascript: URL would run in our page.
  const zipUrl = safeLinkHref(answer?.zipUrl);
  if (!zipUrl) {
    services.notify.error(GenerationMessages.zipEmpty);
    yield put(zipDownloadFailed());
    return;
  }
  services.download(zipUrl, zipFileNameOf(zipUrl, fileName, services.now()));
  services.notify.success(GenerationMessages.downloadStarted);
  yield put(zipDownloadSucceeded());
}

export function* downloadSaga(): SagaIterator {
  // A click while a zip is being made is ignored: one click, one download.
  yield takeLeading(zipDownloadRequested.type, downloadZip);
}
