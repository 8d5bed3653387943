import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { MiniSiteMessages, type UploadAnswer } from '../../../contract/miniSite';
import * as miniSiteApi from '../../api/miniSiteApi';
import { takeUploads, uploadFile } from '../upload/uploadSaga';
import { imageUploadRequested, miniSiteUploadEvents } from './miniSiteSlice';
import { uploadProblem } from './siteRules';

/** A picked picture goes up after the checks the server would make first; the field takes its shortUrl. */
export function* uploadImage(action: ReturnType<typeof imageUploadRequested>): SagaIterator {
  const { key, file } = action.payload;
  yield call(uploadFile<UploadAnswer>, {
    key,
    file,
    events: miniSiteUploadEvents,
    problemOf: uploadProblem,
    *send(onProgress, signal) {
      const answer: UploadAnswer = yield call(miniSiteApi.uploadImage, file, file.name, onProgress, signal);
      return answer;
    },
    urlOf: (answer) => answer.shortUrl,
    failedMessage: MiniSiteMessages.uploadFailed,
  });
}

export function* watchUploads(): SagaIterator {
  yield call(takeUploads<ReturnType<typeof imageUploadRequested>>, imageUploadRequested.type, (action) => action.payload.key, uploadImage);
}
