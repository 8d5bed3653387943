import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import { BuilderMessages, type BuilderSite, type SiteFileUploadAnswer } from '../../../contract/builder';
import * as builderApi from '../../api/builderApi';
import { takeUploads, uploadFile } from '../upload/uploadSaga';
import { uploadKeyOf } from './builder.types';
import { builderUploadProblem } from './builderRules';
import { selectBuilderSite } from './builderSelectors';
import { builderUploadEvents, fieldEdited, imageUploadRequested } from './builderSlice';

/** A picked picture (images only, 2 MB) goes up for its site, type and field; its URL becomes the field's value, one step to undo. */
export function* uploadImage(action: ReturnType<typeof imageUploadRequested>): SagaIterator {
  const { type, key, file } = action.payload;
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!site) return;
  const url: string | null = yield call(uploadFile<SiteFileUploadAnswer>, {
    key: uploadKeyOf(type, key),
    file,
    events: builderUploadEvents,
    problemOf: builderUploadProblem,
    *send(onProgress, signal) {
      const answer: SiteFileUploadAnswer = yield call(builderApi.siteFileUpload, file, file.name, { id: site.id, type, key }, onProgress, signal);
      return answer;
    },
    urlOf: (answer) => answer.url,
    failedMessage: BuilderMessages.uploadFailed,
  });
  if (url) yield put(fieldEdited({ type, key, value: url, kind: 'whole' }));
}

export function* watchUploads(): SagaIterator {
  yield call(takeUploads<ReturnType<typeof imageUploadRequested>>, imageUploadRequested.type, (action) => uploadKeyOf(action.payload.type, action.payload.key), uploadImage);
}
