import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';
import { BuilderLimits, BuilderMessages, type BannerStatusAnswer, type BuilderSite, type GenerateBannerAnswer } from '../../../contract/builder';
import { GenerationMessages } from '../../../contract/generation';
import { isNetworkFailure, serverMessageOf } from '../../api/ApiError';
import * as builderApi from '../../api/builderApi';
import { takeLeavingPage } from '../../app/leavingPage';
import { SERVICES, type Services } from '../../app/services';
import { endSessionIfExpired } from '../auth/sessionExpiry';
import { nextPoll, type PollStep } from '../generation/progress';
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
    yield call(endSessionIfExpired, error);
    services.notify.error(serverMessageOf(error, BuilderMessages.bannerFailed));
    return null;
  }
}

/**
 * One clock for the bar and the polls: every tick moves the bar (linearly to 95 % at the expected
 * duration, then it waits there, spec section 4), and the callback is asked every 2 s (spec
 * section 9), or sooner when the banner is due sooner (nextPoll), at once when the answer said
 * it is made already (`completed`). Answers the status-1 answer, or null after an error (told).
 */
export function* pollBanner(callbackUrl: string, durationSeconds: number, startedAt: number, completed = false): SagaIterator<BannerStatusAnswer | null> {
  const services: Services = yield getContext(SERVICES);
  let shown = 0;
  let step: PollStep | null = completed ? null : nextPoll(durationSeconds, null, BuilderLimits.bannerPollMs);
  let pollAt = startedAt + (step?.delayMs ?? 0);
  for (;;) {
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
    let answer: BannerStatusAnswer;
    try {
      answer = yield call(builderApi.getBannerStatus, callbackUrl);
    } catch (error) {
      yield call(endSessionIfExpired, error);
      services.notify.error(isNetworkFailure(error) ? GenerationMessages.pollNetworkFailed : serverMessageOf(error, BuilderMessages.bannerFailed));
      return null;
    }
    if (answer?.status === 1) return answer;
    yield put(bannerPolled({ waitCount: answer?.waitCount > 0 ? answer.waitCount : 0 }));
    step = nextPoll(durationSeconds - (services.now() - startedAt) / 1000, step, BuilderLimits.bannerPollMs);
    pollAt = services.now() + step.delayMs;
  }
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
    services.notify.warning(BuilderMessages.formInvalid);
    return;
  }
  yield put(bannerSending());
  try {
    // The 画面描述 as the tab shows it: the user's own, or the one written from their game.
    const shown = withShownBannerPrompt(site);
    const formData = { ...shown.formData.banner, ...shown.formData.logo };
    let answer: GenerateBannerAnswer | null = yield call(requestBanner, site.id, true, formData);
    if (!answer) return;
    if (answer.isInquiry && !answer.completed) {
      yield put(bannerInquired({ waitCount: answer.waitCount }));
      const choice: { confirmed?: unknown } = yield race({ confirmed: take(bannerQueueConfirmed.type), declined: take(bannerQueueDeclined.type) });
      if (!choice.confirmed) return;
      answer = yield call(requestBanner, site.id, false, formData);
      if (!answer) return;
    }
    if (!answer.callbackUrl) {
      services.notify.error(BuilderMessages.bannerFailed);
      return;
    }
    const durationSeconds = answer.durationTime > 0 ? answer.durationTime : BuilderLimits.defaultBannerSeconds;
    yield put(bannerRendering({ durationSeconds, waitCount: answer.waitCount > 0 ? answer.waitCount : 0 }));
    const done: BannerStatusAnswer | null = yield call(pollBanner, answer.callbackUrl, durationSeconds, services.now(), answer.completed);
    if (!done) return;
    yield put(bannerFinishing());
    try {
      const withBanner: BuilderSite = yield call(builderApi.setBannerPreview, { id: site.id, bannerId: done.bannerId });
      yield put(siteReplaced(withBanner));
      const withLogo: BuilderSite = yield call(builderApi.setAllConfigLogo, { id: site.id, bannerLogo: { id: done.bannerId, value: done.logoUrl } });
      yield put(siteReplaced(withLogo));
    } catch (error) {
      yield call(endSessionIfExpired, error);
      services.notify.error(BuilderMessages.changeBannerFailed);
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
