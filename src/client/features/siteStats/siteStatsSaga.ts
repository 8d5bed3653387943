import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { SiteStats, SiteStatsRequest } from '../../../contract/analytics';
import * as siteStatsApi from '../../api/siteStatsApi';
import { siteStatsFailed, siteStatsLoaded, siteStatsRequested } from './siteStatsSlice';

export function* loadSiteStats(action: PayloadAction<SiteStatsRequest>): SagaIterator {
  try {
    const stats: SiteStats = yield call(siteStatsApi.getSiteStats, action.payload);
    yield put(siteStatsLoaded(stats));
  } catch {
    // The http layer told the user why (网站不存在或未发布, a lost connection).
    yield put(siteStatsFailed());
  }
}

/** The latest request wins: a 7/30 switch while the other range loads drops the older answer. */
export function* siteStatsSaga(): SagaIterator {
  yield takeLatest(siteStatsRequested.type, loadSiteStats);
}
