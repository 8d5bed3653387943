import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SiteStats, SiteStatsRequest } from '../../../contract/analytics';
import * as siteStatsApi from '../../api/siteStatsApi';
import { SERVICES, type Services } from '../../app/services';
import { channelQrDownloadRequested, siteStatsFailed, siteStatsLoaded, siteStatsRequested } from './siteStatsSlice';

export function* loadSiteStats(action: PayloadAction<SiteStatsRequest>): SagaIterator {
  try {
    const stats: SiteStats = yield call(siteStatsApi.getSiteStats, action.payload);
    yield put(siteStatsLoaded(stats));
  } catch {
    // The http layer told the user why (网站不存在或未发布, a lost connection).
    yield put(siteStatsFailed());
  }
}

/** A channel's QR code, drawn by the page, handed to the browser as a download. */
export function* downloadChannelQr(action: ReturnType<typeof channelQrDownloadRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  yield call(services.download, action.payload.image, action.payload.fileName);
}

/** The latest request wins: a 7/30 switch while the other range loads drops the older answer. */
export function* siteStatsSaga(): SagaIterator {
  yield takeLatest(siteStatsRequested.type, loadSiteStats);
  yield takeEvery(channelQrDownloadRequested.type, downloadChannelQr);
}
