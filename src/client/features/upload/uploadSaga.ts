import type { Action } from 'redux';
import type { SagaIterator, Task } from 'redux-saga';
import { buffers, channel, type Channel } from 'redux-saga';
import { call, cancel, cancelled, fork, getContext, put, race, take } from 'redux-saga/effects';
import { serverMessageOf } from '../../api/ApiError';
import { takeLeavingPage } from '../../app/leavingPage';
import { SERVICES, type Services } from '../../app/services';
import type { UploadEvents } from './uploadEvents';

/** One picked picture on its way to the server, as its domain sends it. */
export interface Upload<Answer> {
  /** The field's key in its domain's uploads. */
  key: string;
  file: File;
  events: UploadEvents;
  /** Why the picture is refused before it is sent (type, size), or null. */
  problemOf(file: File): string | null;
  /** The domain's request: sends the file, reporting its progress, until the signal aborts it. */
  send(onProgress: (percent: number) => void, signal: AbortSignal): SagaIterator<Answer>;
  /** The URL the field takes from the answer; '' when there is none (the upload failed). */
  urlOf(answer: Answer): string;
  /** Said when the server gave no reason. */
  failedMessage: string;
}

function* reportProgress(key: string, events: UploadEvents, progress: Channel<number>): SagaIterator {
  for (;;) {
    const percent: number = yield take(progress);
    yield put(events.uploadProgressed({ key, percent }));
  }
}

/** Checks and sends one picture, reporting its progress; answers the URL the field takes, or null. */
export function* uploadFile<Answer>(upload: Upload<Answer>): SagaIterator<string | null> {
  const services: Services = yield getContext(SERVICES);
  const { key, file, events } = upload;
  const problem = upload.problemOf(file);
  if (problem) {
    yield call(services.notify.warning, problem);
    return null;
  }
  yield put(events.uploadStarted({ key, fileName: file.name }));
  // The progress callback runs outside the saga: a channel brings it in, latest value only.
  const progress: Channel<number> = yield call(channel, buffers.sliding<number>(1));
  const reporter: Task = yield fork(reportProgress, key, events, progress);
  const abort = new AbortController();
  try {
    const answer: Answer = yield call([upload, upload.send], (percent: number) => progress.put(percent), abort.signal);
    const url = answer ? upload.urlOf(answer) : '';
    if (!url) throw new Error('no url');
    yield put(events.uploadSucceeded({ key, url }));
    return url;
  } catch (error) {
    yield call(services.notify.error, serverMessageOf(error, upload.failedMessage));
    yield put(events.uploadFailed({ key }));
    return null;
  } finally {
    // Replaced by a newer picture, or the page left: the old bytes need not go on.
    if (yield cancelled()) {
      abort.abort();
      yield put(events.uploadStopped({ key }));
    }
    yield cancel(reporter);
    progress.close();
  }
}

function* untilLeavingPage<A extends Action>(worker: (action: A) => SagaIterator, action: A): SagaIterator {
  yield race({ done: call(worker, action), left: call(takeLeavingPage) });
}

/**
 * Runs `worker` for each pick, one upload per field (`keyOf`): a newer picture for a field aborts
 * the one still going up, and leaving the page aborts every upload begun on it.
 */
export function* takeUploads<A extends Action>(type: string, keyOf: (action: A) => string, worker: (action: A) => SagaIterator): SagaIterator {
  const running = new Map<string, Task>();
  for (;;) {
    const action: A = yield take(type);
    const key = keyOf(action);
    const previous = running.get(key);
    if (previous?.isRunning()) yield cancel(previous);
    running.set(key, yield fork(untilLeavingPage<A>, worker, action));
  }
}
