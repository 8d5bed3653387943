import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { BuilderMessages, type PublishAnswer } from '../../../contract/builder';
import { AnswerCode } from '../../../contract/envelope';
import { Messages } from '../../../contract/messages';
import * as miniSiteApi from '../../api/miniSiteApi';
import * as siteListApi from '../../api/siteListApi';
import { SERVICES, type Services } from '../../app/services';
import { answerCodeOf } from '../auth/apiErrors';
import { waitForBoundPhone } from '../bindPhone/bindPhoneSaga';
import { loadSiteList } from '../siteList/siteListSaga';
import {
  miniSitePublishStateLoaded,
  miniSitePublishStateRequested,
  publishEnded,
  publishRequested,
  publishResumed,
  published,
  reviewRequested,
  unpublishRequested,
  type PublishTarget,
} from './publishingSlice';

/** Where the change shows: the site list reloads; the mini-site preview learns its link. */
function* showChange(target: PublishTarget, url: string): SagaIterator {
  if (target.kind === 'builder') yield call(loadSiteList);
  else yield put(miniSitePublishStateLoaded({ webSiteDir: target.webSiteDir, url }));
}

function* callPublish(target: PublishTarget): SagaIterator<PublishAnswer> {
  return target.kind === 'builder' ? yield call(siteListApi.publishSite, { id: target.id }) : yield call(miniSiteApi.publishSite, { webSiteDir: target.webSiteDir });
}

/**
 * The publish call; when the account has no phone yet (a WeChat account), the bind dialog first and
 * then the same publish again: the user asked to publish, and binding is a step on the way.
 */
function* publishWithPhone(target: PublishTarget): SagaIterator<PublishAnswer> {
  try {
    return yield call(callPublish, target);
  } catch (error) {
    if (answerCodeOf(error) !== AnswerCode.phoneRequired) throw error;
  }
  const bound: boolean = yield call(waitForBoundPhone, 'publish');
  if (!bound) throw new Error('No phone bound');
  // A merge logs in again, which clears the spinner: the button spins while the publish goes on.
  yield put(publishResumed(target));
  return yield call(callPublish, target);
}

/** 发布 / 更新发布: the link and its QR code are shown, and the page shows the site as published. */
export function* publishSite(action: ReturnType<typeof publishRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const target = action.payload;
  let answer: PublishAnswer;
  try {
    answer = yield call(publishWithPhone, target);
  } catch {
    // The http layer said why (请先生成并下载网站, the limit...), or the user closed the bind dialog.
    yield put(publishEnded());
    return;
  }
  yield call(services.notify.success, BuilderMessages.publishSucceeded);
  yield put(published({ ...answer, siteName: target.name, kind: target.kind }));
  yield put(publishEnded());
  yield call(showChange, target, answer.url);
}

/** 下线: the link stops working; the page shows the site as not published. */
export function* unpublishSite(action: ReturnType<typeof unpublishRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const target = action.payload;
  try {
    if (target.kind === 'builder') yield call(siteListApi.unpublishSite, { id: target.id });
    else yield call(miniSiteApi.unpublishSite, { webSiteDir: target.webSiteDir });
  } catch {
    yield put(publishEnded());
    return;
  }
  yield call(services.notify.success, BuilderMessages.unpublishSucceeded);
  yield put(publishEnded());
  yield call(showChange, target, '');
}

/** Whether a mini site shown in the preview is published; a failure leaves it unknown (shown as not). */
export function* loadMiniSitePublishState(action: ReturnType<typeof miniSitePublishStateRequested>): SagaIterator {
  const { webSiteDir } = action.payload;
  try {
    const answer: PublishAnswer = yield call(miniSiteApi.publishState, { webSiteDir });
    yield put(miniSitePublishStateLoaded({ webSiteDir, url: answer.url, takedown: answer.takedown ?? null }));
  } catch {
    // The http layer said why; 发布 stays offered.
  }
}

/** 申请复审: the operators are asked to look again; the page stays down until they restore it. */
export function* requestReview(action: ReturnType<typeof reviewRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { target, slug } = action.payload;
  try {
    yield call(siteListApi.requestReview, slug);
  } catch {
    // The http layer said why (already asked, too often...).
    yield put(publishEnded());
    return;
  }
  yield call(services.notify.success, Messages.reviewRequested);
  yield put(publishEnded());
  if (target.kind === 'builder') yield call(loadSiteList);
  else yield call(loadMiniSitePublishState, miniSitePublishStateRequested({ webSiteDir: target.webSiteDir }));
}

export function* publishingSaga(): SagaIterator {
  // One publish or unpublish at a time: a second click while one is under way is ignored.
  yield takeLeading([publishRequested.type, unpublishRequested.type], function* route(action: ReturnType<typeof publishRequested> | ReturnType<typeof unpublishRequested>) {
    if (publishRequested.match(action)) yield call(publishSite, action);
    else yield call(unpublishSite, action);
  });
  yield takeLatest(miniSitePublishStateRequested.type, loadMiniSitePublishState);
  yield takeLeading(reviewRequested.type, requestReview);
}
