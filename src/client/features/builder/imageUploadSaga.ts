import type { SagaIterator, Task } from 'redux-saga';
import { buffers, channel, type Channel } from 'redux-saga';
import { call, cancel, fork, getContext, put, select, take } from 'redux-saga/effects';
import { BuilderMessages, type BuilderSite, type SiteFileUploadAnswer } from '../../../contract/builder';
import { serverMessageOf } from '../../api/ApiError';
import * as builderApi from '../../api/builderApi';
import { SERVICES, type Services } from '../../app/services';
import { endSessionIfExpired } from '../auth/sessionExpiry';
import { uploadKeyOf } from './builder.types';
import { builderUploadProblem } from './builderRules';
import { selectBuilderSite } from './builderSelectors';
import { fieldEdited, imageUploadRequested, uploadEnded, uploadProgressed, uploadStarted } from './builderSlice';

function* reportProgress(key: string, progress: Channel<number>): SagaIterator {
  for (;;) {
    const percent: number = yield take(progress);
    yield put(uploadProgressed({ key, percent }));
  }
}

/** Checks a picked picture (images only, 2 MB) before sending it; its URL becomes the field's value. */
export function* uploadImage(action: ReturnType<typeof imageUploadRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { type, key, file } = action.payload;
  const problem = builderUploadProblem(file);
  if (problem) {
    services.notify.warning(problem);
    return;
  }
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!site) return;
  const uploadKey = uploadKeyOf(type, key);
  yield put(uploadStarted({ key: uploadKey, fileName: file.name }));
  // The progress callback runs outside the saga: a channel brings it in, latest value only.
  const progress: Channel<number> = yield call(channel, buffers.sliding<number>(1));
  const reporter: Task = yield fork(reportProgress, uploadKey, progress);
  try {
    const answer: SiteFileUploadAnswer = yield call(builderApi.siteFileUpload, file, file.name, { id: site.id, type, key }, (percent: number) => progress.put(percent));
    if (!answer?.url) throw new Error('no url');
    yield put(uploadEnded({ key: uploadKey, ok: true }));
    yield put(fieldEdited({ type, key, value: answer.url, kind: 'whole' }));
  } catch (error) {
    yield call(endSessionIfExpired, error);
    services.notify.error(serverMessageOf(error, BuilderMessages.uploadFailed));
    yield put(uploadEnded({ key: uploadKey, ok: false }));
  } finally {
    yield cancel(reporter);
    progress.close();
  }
}

/** One upload per field: a newer picture replaces the one still going up. */
export function* watchUploads(): SagaIterator {
  const running = new Map<string, Task>();
  for (;;) {
    const action: ReturnType<typeof imageUploadRequested> = yield take(imageUploadRequested.type);
    const key = uploadKeyOf(action.payload.type, action.payload.key);
    const previous = running.get(key);
    if (previous?.isRunning()) yield cancel(previous);
    running.set(key, yield fork(uploadImage, action));
  }
}
