import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import { BuilderMessages, type PublishAnswer } from '../../../contract/builder';
import * as siteListApi from '../../api/siteListApi';
import { SERVICES, type Services } from '../../app/services';
import { loadSiteList } from './siteListSaga';
import { publishEnded, publishRequested, published, unpublishRequested } from './sitePublishSlice';

/** 发布 / 更新发布: the link and its QR code are shown, and the list shows the site as published. */
export function* publishSite(action: ReturnType<typeof publishRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  try {
    const answer: PublishAnswer = yield call(siteListApi.publishSite, { id: action.payload.id });
    services.notify.success(BuilderMessages.publishSucceeded);
    yield put(published({ ...answer, siteName: action.payload.name }));
  } catch {
    // The http layer said why (请先生成并下载网站, the limit...).
    yield put(publishEnded());
    return;
  }
  yield put(publishEnded());
  yield call(loadSiteList);
}

/** 下线: the link stops working; the list shows the site as not published. */
export function* unpublishSite(action: ReturnType<typeof unpublishRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  try {
    yield call(siteListApi.unpublishSite, { id: action.payload.id });
    services.notify.success(BuilderMessages.unpublishSucceeded);
  } catch {
    yield put(publishEnded());
    return;
  }
  yield put(publishEnded());
  yield call(loadSiteList);
}

export function* sitePublishSaga(): SagaIterator {
  // One publish or unpublish at a time: a second click while one is under way is ignored.
  yield takeLeading([publishRequested.type, unpublishRequested.type], function* route(action: ReturnType<typeof publishRequested> | ReturnType<typeof unpublishRequested>) {
    if (publishRequested.match(action)) yield call(publishSite, action);
    else yield call(unpublishSite, action);
  });
}
