import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';
import { BuilderLimits, BuilderMessages, type BannerStatusAnswer, type BuilderSite, type GenerateBannerAnswer } from '../../../contract/builder';
import { GenerationMessages } from '../../../contract/generation';
import { isNetworkFailure, serverMessageOf } from '../../api/ApiError';
import * as builderApi from '../../api/builderApi';
import { takeLeavingPage } from '../../app/leavingPage';
import { SERVICES, type Services } from '../../app/services';
import { runQueuedJob, type QueuedJob } from '../jobs/queuedJob';
import { retryAfterSecondsOf } from '../jobs/serverBusy';
import { bannerPercent, TAB_TYPES, typesInvalid, withShownBannerPrompt } from './builderRules';
import { selectBuilderSite } from './builderSelectors';
import {
  bannerCancelled,
  bannerClosed,
  bannerFinishing,
  bannerInquired,
  bannerPolled,
  bannerProgressed,
  bannerQueueConfirmed,
  bannerQueueDeclined,
  bannerRendering,
  bannerSending,
  siteReplaced,
} from './builderSlice';

/** How often the banner's progress bar moves. */
export const PROGRESS_TICK_MS = 500;

/** One generateBanner request; null when it failed (and the user has been told). */
function* requestBanner(id: number, isFirst: boolean, formData: Record<string, string>): SagaIterator<GenerateBannerAnswer | null> {
  const services: Services = yield getContext(SERVICES);
  try {
    const answer: GenerateBannerAnswer = yield call(builderApi.generateBanner, { id, isFirst, formData });
    return answer;
  } catch (error) {
    yield call(services.notify.error, serverMessageOf(error, BuilderMessages.bannerFailed));
    return null;
  }
}

/**
 * A site's banner as a queued job: generateBanner answers the queue question (isInquiry) or the
 * callback to poll, which answers status 1 once the banner is made (spec section 9). One clock
 * for the bar and the polls: while waiting for a poll, every tick moves the bar (linearly to
 * 95 % at the expected duration, then it waits there, spec section 4). The first poll goes at
 * once when the answer said the banner is made already (`completed`).
 */
export function bannerJob(site: BuilderSite, formData: Record<string, string>, services: Services): QueuedJob<string, BannerStatusAnswer> {
  let durationSeconds: number = BuilderLimits.defaultBannerSeconds;
  let startedAt = 0;
  let shown = 0;
  return {
    *create(isFirst) {
      const answer: GenerateBannerAnswer | null = yield call(requestBanner, site.id, isFirst, formData);
      if (!answer) return null;
      if (isFirst && answer.isInquiry && !answer.completed) return { kind: 'inquiry', waitCount: answer.waitCount };
      if (!answer.callbackUrl) {
        yield call(services.notify.error, BuilderMessages.bannerFailed);
        return null;
      }
      durationSeconds = answer.durationTime > 0 ? answer.durationTime : BuilderLimits.defaultBannerSeconds;
      yield put(bannerRendering({ durationSeconds, waitCount: answer.waitCount > 0 ? answer.waitCount : 0 }));
      startedAt = services.now();
      return { kind: 'queued', ticket: answer.callbackUrl, expectedSeconds: durationSeconds, due: answer.completed };
    },
    question: { asked: (waitCount) => bannerInquired({ waitCount }), confirmed: bannerQueueConfirmed.type, declined: bannerQueueDeclined.type },
    pollIntervalMs: BuilderLimits.bannerPollMs,
    *wait(ms) {
      const pollAt = services.now() + ms;
      while (services.now() < pollAt) {
        // Ticks counted from the start, shortened to meet the poll.
        const sinceStart = services.now() - startedAt;
        yield delay(Math.min(PROGRESS_TICK_MS - (sinceStart % PROGRESS_TICK_MS), pollAt - services.now()));
        const percent = bannerPercent(services.now() - startedAt, durationSeconds);
        if (percent !== shown) {
          shown = percent;
          yield put(bannerProgressed({ percent }));
        }
      }
    },
    *poll(callbackUrl) {
      let answer: BannerStatusAnswer;
      try {
        answer = yield call(builderApi.getBannerStatus, callbackUrl);
      } catch (error) {
        const retryAfterSeconds = retryAfterSecondsOf(error);
        if (retryAfterSeconds !== null) return { retryAfterSeconds };
        yield call(services.notify.error, isNetworkFailure(error) ? GenerationMessages.pollNetworkFailed : serverMessageOf(error, BuilderMessages.bannerFailed));
        return null;
      }
      if (answer?.status === 1) return { result: answer };
      yield put(bannerPolled({ waitCount: answer?.waitCount > 0 ? answer.waitCount : 0 }));
      return { expectedSeconds: durationSeconds - (services.now() - startedAt) / 1000 };
    },
  };
}

/**
 * 生成banner (spec section 4): the banner tab must be valid; the first request may ask whether to
 * queue; then the callback is polled every 2 s while the bar rises; the result goes into the
 * banner field (setBannerPreview) and every logo field (setAllConfigLogo).
 */
export function* generateSiteBanner(): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!site) return;
  if (typesInvalid(site, TAB_TYPES.banner)) {
    yield call(services.notify.warning, BuilderMessages.formInvalid);
    return;
  }
  yield put(bannerSending());
  try {
    // The 画面描述 as the tab shows it: the user's own, or the one written from their game.
    const shown = withShownBannerPrompt(site);
    const formData = { ...shown.formData.banner, ...shown.formData.logo };
    const done: BannerStatusAnswer | null = yield call(runQueuedJob, bannerJob(site, formData, services));
    if (!done) return;
    yield put(bannerFinishing());
    try {
      const withBanner: BuilderSite = yield call(builderApi.setBannerPreview, { id: site.id, bannerId: done.bannerId });
      yield put(siteReplaced(withBanner));
      const withLogo: BuilderSite = yield call(builderApi.setAllConfigLogo, { id: site.id, bannerLogo: { id: done.bannerId, value: done.logoUrl } });
      yield put(siteReplaced(withLogo));
    } catch {
      yield call(services.notify.error, BuilderMessages.changeBannerFailed);
      return;
    }
    yield delay(BuilderLimits.progressCloseDelayMs);
  } finally {
    // Every way out closes the dialog: done, failed, declined, cancelled, or the page left.
    yield put(bannerClosed());
  }
}

/** Ends with the flow, the dialog's 取消, or leaving the page (each cancels the polling). */
export function* runBanner(): SagaIterator {
  yield race({ done: call(generateSiteBanner), left: call(takeLeavingPage), stopped: take(bannerCancelled.type) });
}
