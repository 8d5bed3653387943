import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLeading } from 'redux-saga/effects';
import type { KeyArtProviderAnswer } from '../../../contract/generation';
import * as generationApi from '../../api/generationApi';
import { keyArtProviderFailed, keyArtProviderLoaded, keyArtProviderLoading, keyArtProviderRequested, selectKeyArtProvider, type KeyArtState } from './keyArtSlice';

/** Asks the server once; a failure is silent (the choice stays hidden) and the next form asks again. */
export function* loadKeyArtProvider(): SagaIterator {
  const known: KeyArtState = yield select(selectKeyArtProvider);
  if (known.status === 'succeeded' || known.status === 'loading') return;
  yield put(keyArtProviderLoading());
  try {
    const answer: KeyArtProviderAnswer = yield call(generationApi.getKeyArtProvider);
    yield put(keyArtProviderLoaded({ available: Boolean(answer?.available), label: answer?.label ?? '' }));
  } catch {
    yield put(keyArtProviderFailed());
  }
}

export function* keyArtSaga(): SagaIterator {
  yield takeLeading(keyArtProviderRequested.type, loadKeyArtProvider);
}
