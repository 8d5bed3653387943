import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, take, takeLatest } from 'redux-saga/effects';
import { GenerationLimits, type BannerCutsAnswer } from '../../../contract/generation';
import * as generationApi from '../../api/generationApi';
import { cutsFailed, cutsReady, cutsUnwatched, cutsWatched, phoneCutReady } from './bannerCutsSlice';

/**
 * Asks for the banner's cuts every cutsPollMs until all are made, at most cutsPollMax times,
 * handing on the phone cut as soon as it comes. A refusal or a failed call ends it quietly: the
 * page says the zip will have them later.
 */
export function* pollCuts(bannerUrl: string): SagaIterator {
  let phoneCutShown = false;
  for (let attempt = 0; attempt < GenerationLimits.cutsPollMax; attempt++) {
    let answer: BannerCutsAnswer;
    try {
      answer = yield call(generationApi.bannerCuts, { bannerUrl });
    } catch {
      yield put(cutsFailed());
      return;
    }
    if (answer?.ready) {
      yield put(cutsReady(answer));
      return;
    }
    if (answer?.portraitUrl && !phoneCutShown) {
      phoneCutShown = true;
      yield put(phoneCutReady(answer));
    }
    yield delay(GenerationLimits.cutsPollMs);
  }
  yield put(cutsFailed());
}

/** Until the page closes (or opens another banner: takeLatest). */
export function* watchCuts(action: ReturnType<typeof cutsWatched>): SagaIterator {
  yield race({ done: call(pollCuts, action.payload.bannerUrl), closed: take(cutsUnwatched.type) });
}

export function* bannerCutsSaga(): SagaIterator {
  yield takeLatest(cutsWatched.type, watchCuts);
}
