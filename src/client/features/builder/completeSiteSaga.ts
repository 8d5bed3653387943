import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select } from 'redux-saga/effects';
import { BuilderMessages, type BuilderSite, type ZipUrlAnswer } from '../../../contract/builder';
import { safeLinkHref } from '../../../contract/links';
import { serverMessageOf } from '../../api/ApiError';
import * as builderApi from '../../api/builderApi';
import { SERVICES, type Services } from '../../app/services';
import { zipFileNameOf } from '../download/zipName';
import { SITE_LIST_PATH } from './builder.types';
import { firstInvalidTab } from './builderRules';
import { selectBuilderSite } from './builderSelectors';
import { completeEnded, completeStarted, siteForgotten, tabChanged } from './builderSlice';
import { saveSite } from './saveSaga';

/** The zip's name when the site has none (its URL normally names it). */
const ZIP_FALLBACK_NAME = '网站';

/** 生成并下载: the whole form valid, saved, completed, its zip downloaded, then the back office. */
export function* completeSite(): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!site) {
    yield call(services.notify.warning, BuilderMessages.noSiteId);
    return;
  }
  const invalidTab = firstInvalidTab(site);
  if (invalidTab) {
    yield put(tabChanged(invalidTab));
    yield call(services.notify.warning, BuilderMessages.formInvalid);
    return;
  }
  yield put(completeStarted());
  try {
    const saved: boolean = yield call(saveSite, 'auto');
    if (!saved) return;
    const current: BuilderSite = yield select(selectBuilderSite);
    const answer: ZipUrlAnswer = yield call(builderApi.completeWeb, { id: current.id, formData: current.formData });
    // Only http(s) or same-site URLs reach the link: a javascript: URL would run in our page.
    const zipUrl = safeLinkHref(answer?.url);
    if (!zipUrl) {
      yield call(services.notify.error, BuilderMessages.completeFailed);
      return;
    }
    yield call(services.download, zipUrl, zipFileNameOf(zipUrl, current.web_name || ZIP_FALLBACK_NAME, services.now()));
    yield call(services.notify.success, BuilderMessages.completeSucceeded);
    // Done: 立即搭建 starts a new site; this one is edited again from the site list.
    yield put(siteForgotten());
    yield call(services.navigate, SITE_LIST_PATH);
  } catch (error) {
    yield call(services.notify.error, serverMessageOf(error, BuilderMessages.completeFailed));
  } finally {
    yield put(completeEnded());
  }
}
