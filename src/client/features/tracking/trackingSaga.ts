import type { PayloadAction } from '@reduxjs/toolkit';
import { call, select, takeEvery } from 'redux-saga/effects';
import * as commonApi from '../../api/commonApi';
import { locationChanged, selectLocation, type AppLocation } from '../../app/routerSlice';

/** Records one operation; tracking must never disturb the user, so every error is swallowed. */
function* record(location: AppLocation, remark: string): Generator {
  try {
    yield call(commonApi.recordOperateLog, { path: location.pathname, query: location.search.replace(/^\?/, ''), remark });
  } catch {
    // The visit log is best effort.
  }
}

/**
 * Records an operation on the current page with a remark, e.g.
 * `yield call(recordOperation, '生成logo')` when a logo is generated.
 */
export function* recordOperation(remark: string): Generator {
  const location = (yield select(selectLocation)) as AppLocation | null;
  if (location) yield call(record, location, remark);
}

function* recordVisit(action: PayloadAction<AppLocation>): Generator {
  yield call(record, action.payload, '');
}

/**
 * Every navigation is reported (spec section 2). The page the app opened on was reached before
 * this saga started (it waits for rehydration), so it is recorded from the store first.
 */
export function* trackingSaga(): Generator {
  const opened = (yield select(selectLocation)) as AppLocation | null;
  if (opened) yield call(record, opened, '');
  yield takeEvery(locationChanged.type, recordVisit);
}
