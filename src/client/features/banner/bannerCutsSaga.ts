import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, take, takeLatest } from 'redux-saga/effects';
import { GenerationLimits, type BannerCutsAnswer } from '../../../contract/generation';
import * as generationApi from '../../api/generationApi';
import { cutsFailed, cutsReady, cutsUnwatched, cutsWatched, phoneCutReady, portraitProgressed } from './bannerCutsSlice';

/**
 * Asks for the banner's cuts until all are made, for at most cutsWaitMaxMs: every portraitPollMs
 * while the phone cut is made (handing on how far it is), then every cutsPollMs; hands on the
 * phone cut as soon as it comes. A refusal or a failed call ends it quietly: the page says the zip
 * will have them later.
 */
export function* pollCuts(bannerUrl: string): SagaIterator {
  let phoneCutShown = false;
  for (let waited = 0; waited < GenerationLimits.cutsWaitMaxMs; ) {
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
    } else if (!answer?.portraitUrl) {
      yield put(portraitProgressed(answer?.portraitProgress ?? 0));
    }
    const wait = phoneCutShown ? GenerationLimits.cutsPollMs : GenerationLimits.portraitPollMs;
    yield delay(wait);
    waited += wait;
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
