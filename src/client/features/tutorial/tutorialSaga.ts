import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, getContext, put, race, take, takeLatest } from 'redux-saga/effects';
import type { VideoTutorialAnswer } from '../../../contract/common';
import { Messages } from '../../../contract/messages';
import * as commonApi from '../../api/commonApi';
import { locationChanged } from '../../app/routerSlice';
import { SERVICES, type Services } from '../../app/services';
import { loadFailed, pageOpened, videoLoaded, videoMissing } from './tutorialSlice';

/** How long the "no video" message stays before the page goes home (spec section 4). */
export const GO_HOME_DELAY_MS = 2_000;

function* loadTutorial(type: string): Generator {
  const services = (yield getContext(SERVICES)) as Services;
  let answer: VideoTutorialAnswer;
  try {
    answer = (yield call(commonApi.getVideoTutorialUrl, { type })) as VideoTutorialAnswer;
  } catch {
    // The http client has already told the user why.
    yield put(loadFailed());
    return;
  }
  if (answer?.videoUrl) {
    yield put(videoLoaded({ videoUrl: answer.videoUrl }));
    return;
  }
  yield put(videoMissing());
  yield call(services.notify.error, Messages.tutorialMissing);
  yield delay(GO_HOME_DELAY_MS);
  yield call(services.navigate, '/');
}

/** Leaving the page cancels the load and the pending trip home. */
function* showTutorial(action: PayloadAction<{ type: string }>): Generator {
  yield race({ done: call(loadTutorial, action.payload.type), left: take(locationChanged.type) });
}

export function* tutorialSaga(): Generator {
  yield takeLatest(pageOpened.type, showTutorial);
}
