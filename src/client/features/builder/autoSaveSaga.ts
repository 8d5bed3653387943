import type { SagaIterator } from 'redux-saga';
import type { EventChannel } from 'redux-saga';
import { call, debounce, fork, put, select, take } from 'redux-saga/effects';
import { BuilderLimits, type BuilderSite } from '../../../contract/builder';
import * as builderApi from '../../api/builderApi';
import { locationChanged, selectLocation, type AppLocation } from '../../app/routerSlice';
import { windowEvents } from '../../app/windowEvents';
import { BUILDER_PATH, RESULT_PATH } from './builder.types';
import { selectBuilderSite, selectIsDirty } from './builderSelectors';
import { editRedone, editUndone, fieldEdited, saveRequested } from './builderSlice';
import { saveQueue, saveRequestOf } from './saveSaga';

export function* requestAutoSave(): SagaIterator {
  yield put(saveRequested({ origin: 'auto' }));
}

/** Edits the server has not seen go now, without waiting for the debounce. */
function* saveIfDirty(): SagaIterator {
  const dirty: boolean = yield select(selectIsDirty);
  if (dirty) yield call(requestAutoSave);
}

/** Back online with edits the server has not seen: they go at once. */
export function* retryWhenOnline(): SagaIterator {
  const events: EventChannel<true> = yield call(windowEvents, 'online');
  try {
    for (;;) {
      yield take(events);
      yield call(saveIfDirty);
    }
  } finally {
    events.close();
  }
}

/** Leaving the builder or its result page with unsaved edits saves them without waiting for the debounce. */
export function* saveOnLeaving(): SagaIterator {
  const start: AppLocation | null = yield select(selectLocation);
  let previous = start?.pathname ?? null;
  for (;;) {
    const action: ReturnType<typeof locationChanged> = yield take(locationChanged.type);
    const next = action.payload.pathname;
    if (previous !== next && (previous === BUILDER_PATH || previous === RESULT_PATH)) yield call(saveIfDirty);
    previous = next;
  }
}

/**
 * The page goes with edits the debounce has not sent yet (typed, then the tab closed within the
 * second): they go in one last save that outlives the page.
 */
export function* saveOnPageHide(): SagaIterator {
  const events: EventChannel<true> = yield call(windowEvents, 'pagehide');
  try {
    for (;;) {
      yield take(events);
      const dirty: boolean = yield select(selectIsDirty);
      const site: BuilderSite | null = yield select(selectBuilderSite);
      if (dirty && site) {
        yield call(builderApi.saveConfigOnUnload, saveRequestOf(site));
      }
    }
  } finally {
    events.close();
  }
}

/** Spec section 4: edits are saved 1 s after the last one; a burst of edits is one save. An undo or a redo is an edit. */
export function* autoSaveSaga(): SagaIterator {
  yield fork(saveQueue);
  yield debounce(BuilderLimits.autoSaveDebounceMs, [fieldEdited.type, editUndone.type, editRedone.type], requestAutoSave);
  yield fork(retryWhenOnline);
  yield fork(saveOnLeaving);
  yield fork(saveOnPageHide);
}
