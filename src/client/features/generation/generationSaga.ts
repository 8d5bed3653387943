import type { SagaIterator } from 'redux-saga';
import { call, cancelled, delay, fork, getContext, put, race, spawn, takeLeading } from 'redux-saga/effects';
import {
  bannerFormProblem,
  checkKeyArtPrompt,
  GenerationLimits,
  GenerationMessages,
  logoFormProblem,
  type BannerArtInfo,
  type BannerTexts,
  type LogoCreateAnswer,
  type LogoCreationDurationAnswer,
  type LogoCreationDurationRequest,
  type LogoPollingAnswer,
  type LogoTexts,
} from '../../../contract/generation';
import { isNetworkFailure, serverMessageOf } from '../../api/ApiError';
import * as generationApi from '../../api/generationApi';
import { SERVICES, type Services } from '../../app/services';
import { takeLeavingPage } from '../../app/leavingPage';
import { onlineOrLogin, type LoginFirst } from '../auth/loginFirst';
import { runQueuedJob, type QueuedJob } from '../jobs/queuedJob';
import { retryAfterSecondsOf } from '../jobs/serverBusy';
import { recordOperation } from '../tracking/trackingSaga';
import type { GenerationKind, GenerationRequest, GenerationResult } from './generation.types';
import {
  creationAnswered,
  creationSent,
  defaultSecondsOf,
  durationLoaded,
  generationAccepted,
  generationFailed,
  generationRequested,
  generationStopped,
  generationSucceeded,
  pollAnswered,
  queueConfirmed,
  queueDeclined,
  queueInquired,
} from './generationSlice';
import { previewPathOf } from './previewPaths';

/** The texts that differ between a logo and a banner (spec sections 4, 7 and 8). */
export const KIND_TEXTS: Record<GenerationKind, { succeeded: string; createFailed: string; timeout: string; remark: string }> = {
  logo: {
    succeeded: GenerationMessages.logoSucceeded,
    createFailed: GenerationMessages.logoCreateFailed,
    timeout: GenerationMessages.logoTimeout,
    remark: '生成logo',
  },
  banner: {
    succeeded: GenerationMessages.bannerSucceeded,
    createFailed: GenerationMessages.bannerCreateFailed,
    timeout: GenerationMessages.bannerTimeout,
    remark: '生成整屏动画',
  },
};

/**
 * What stops a submit before anything is sent (spec section 5), or null. The banner form names
 * a missing template, and otherwise says only that the form is invalid (its fields show which).
 */
export function requestProblem({ kind, payload }: GenerationRequest): string | null {
  if (kind === 'logo') return logoFormProblem(payload);
  if (!payload.banner) return GenerationMessages.bannerTemplateRequired;
  if (!payload.logobg) return GenerationMessages.logoTemplateRequired;
  if (bannerFormProblem(payload)) return GenerationMessages.formInvalid;
  // AI生成主视觉 chosen: its description is said to be missing or wrong, not painted as a scene.
  return payload.keyArtPrompt !== undefined ? checkKeyArtPrompt(payload.keyArtPrompt) : null;
}

function resultOf(request: GenerationRequest, answer: { logoUrl: string; bannerUrl: string } & Partial<BannerArtInfo>): GenerationResult {
  return {
    kind: request.kind,
    slot: request.slot,
    module: request.payload.module,
    logoUrl: answer.logoUrl,
    bannerUrl: request.kind === 'banner' ? answer.bannerUrl : '',
    texts: textsOf(request),
    ...(request.kind === 'banner' ? { art: artOf(answer) } : {}),
    ...(request.kind === 'banner' && request.payload.keyArtPrompt ? { keyArtPrompt: request.payload.keyArtPrompt } : {}),
  };
}

/** What a banner's answer says of its picture (a server of before it said nothing: the style's scene). */
function artOf(answer: Partial<BannerArtInfo>): BannerArtInfo {
  return { artMaker: answer.artMaker || 'scene', artMakerLabel: answer.artMakerLabel ?? '', keyArtUrl: answer.keyArtUrl ?? '' };
}

/** The texts a request draws: the logo's, and for a banner its two lines. */
function textsOf({ kind, payload }: GenerationRequest): LogoTexts & Partial<BannerTexts> {
  const logo = { logotext: payload.logotext, rightsealtext: payload.rightsealtext, bottomsealtext: payload.bottomsealtext, bottomtext: payload.bottomtext };
  return kind === 'banner' ? { ...logo, bannertextup: payload.bannertextup ?? '', bannertextdown: payload.bannertextdown ?? '' } : logo;
}

/** What getLogoCreationDuration is asked: the module and the styles chosen (render times differ by style). */
export function durationRequestOf({ payload }: GenerationRequest): LogoCreationDurationRequest {
  return payload.module === 'fsa' ? { module: payload.module, logobg: payload.logobg, banner: payload.banner } : { module: payload.module, logobg: payload.logobg };
}

/**
 * The expected duration for the progress bar until the create's answer gives this job's own; the
 * kind's default when the server cannot say (spec section 7).
 */
export function* loadExpectedDuration(request: GenerationRequest): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  let seconds = defaultSecondsOf(request.kind);
  try {
    const answer: LogoCreationDurationAnswer = yield call(generationApi.getLogoCreationDuration, durationRequestOf(request));
    if (answer && Number.isFinite(answer.logoCreationDuration) && answer.logoCreationDuration > 0) seconds = answer.logoCreationDuration;
  } catch {
    // The default stands; the bar is only a hint.
  }
  yield put(durationLoaded({ seconds, at: services.now() }));
}

/** Tells the user why and closes the loading dialog (an expired session has been ended by the http layer). */
function* fail(message: string): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  yield call(services.notify.error, message);
  yield put(generationFailed(message));
}

/** One creation request; null when it failed (and the user has been told). */
function* create(request: GenerationRequest, isFirst: boolean): SagaIterator<LogoCreateAnswer | null> {
  try {
    const answer: LogoCreateAnswer = yield call(generationApi.logoCreate, { ...request.payload, isFirst });
    return answer;
  } catch (error) {
    yield call(fail, serverMessageOf(error, KIND_TEXTS[request.kind].createFailed));
    return null;
  }
}

/**
 * A logo or a banner as a queued job (spec section 4, steps 3 to 5): logoCreate answers the
 * result at once (exist), the queue question (isInquiry) or the job's id, which logoPolling is
 * asked about until the job is made or expires.
 */
export function generationJob(request: GenerationRequest, services: Services): QueuedJob<string, GenerationResult> {
  return {
    *create(isFirst) {
      const answer: LogoCreateAnswer | null = yield call(create, request, isFirst);
      if (!answer) return null;
      if (isFirst && answer.isInquiry && !answer.exist) return { kind: 'inquiry', waitCount: answer.waitCount };
      if (answer.exist) return { kind: 'done', result: resultOf(request, answer) };
      if (!answer.uniqueId) {
        yield call(fail, GenerationMessages.missingId);
        return null;
      }
      yield put(creationAnswered({ waitCount: answer.waitCount > 0 ? answer.waitCount : 0, expectedSeconds: answer.expectedSeconds, at: services.now() }));
      return { kind: 'queued', ticket: answer.uniqueId, expectedSeconds: answer.expectedSeconds };
    },
    question: {
      asked: (waitCount) => queueInquired({ waitCount }),
      confirmed: queueConfirmed.type,
      declined: queueDeclined.type,
      resending: (waitCount) => creationSent({ startedAt: services.now(), waitCount }),
    },
    *poll(uniqueId) {
      let answer: LogoPollingAnswer;
      try {
        answer = yield call(generationApi.logoPolling, { uniqueId });
      } catch (error) {
        const retryAfterSeconds = retryAfterSecondsOf(error);
        if (retryAfterSeconds !== null) return { retryAfterSeconds };
        const message = isNetworkFailure(error) ? GenerationMessages.pollNetworkFailed : serverMessageOf(error, GenerationMessages.pollFailed);
        yield call(fail, message);
        return null;
      }
      if (answer.expired) {
        yield call(fail, answer.errorMsg || KIND_TEXTS[request.kind].timeout);
        return null;
      }
      if (answer.isCreate) return { result: resultOf(request, answer) };
      yield put(
        pollAnswered({ waitCount: answer.waitCount > 0 ? answer.waitCount : 0, expectedSeconds: answer.expectedSeconds, at: services.now(), ...(answer.stage ? { stage: answer.stage } : {}) }),
      );
      return { expectedSeconds: answer.expectedSeconds };
    },
  };
}

/** The job with what the loading dialog shows beside it. Null when there is no result: failed (told) or the user declined to queue. */
export function* createAndWait(request: GenerationRequest): SagaIterator<GenerationResult | null> {
  const services: Services = yield getContext(SERVICES);
  yield put(creationSent({ startedAt: services.now(), waitCount: 0 }));
  yield fork(loadExpectedDuration, request);
  // Detached: the log of the attempt is kept even if the user leaves at once.
  yield spawn(recordOperation, KIND_TEXTS[request.kind].remark);
  return yield call(runQueuedJob, generationJob(request, services));
}

/** The whole of spec section 4 "Logo and banner generation", steps 1 to 6. */
export function* generate(request: GenerationRequest): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const problem = requestProblem(request);
  if (problem) {
    yield call(services.notify.warning, problem);
    return;
  }
  yield put(generationAccepted(request.payload.keyArtPrompt ? { kind: request.kind, paints: true, slot: request.slot } : { kind: request.kind }));
  // Every generation ends with a message; the first of a visit would load its component only then,
  // after the result (0.3 s of a logo's 0.6 s): loaded now, beside the calls.
  if (services.prepareNotices) yield call(services.prepareNotices);
  try {
    const login: LoginFirst = yield call(onlineOrLogin);
    if (login !== 'online') {
      yield put(login === 'failed' ? generationFailed() : generationStopped());
      return;
    }
    const result: GenerationResult | null = yield call(createAndWait, request);
    if (!result) return;
    yield put(generationSucceeded(result));
    yield call(services.notify.success, KIND_TEXTS[request.kind].succeeded);
    if (!request.openPreview) return;
    yield delay(GenerationLimits.navigateAfterSuccessMs);
    yield call(services.navigate, previewPathOf({ ...result, logotext: request.payload.logotext }));
  } finally {
    // Left the page: the polling stops with it, and no dialog stays behind.
    if (yield cancelled()) yield put(generationStopped());
  }
}

/** Ends with the flow, or when the user goes to another page (which cancels the flow). */
export function* runGeneration(action: ReturnType<typeof generationRequested>): SagaIterator {
  yield race({ done: call(generate, action.payload), left: call(takeLeavingPage) });
}

export function* generationSaga(): SagaIterator {
  // A second submit while one generation runs (or waits for its preview) is ignored.
  yield takeLeading(generationRequested.type, runGeneration);
}
