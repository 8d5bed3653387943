import type { SagaIterator, Task } from 'redux-saga';
import { buffers, channel, eventChannel, type Channel, type EventChannel } from 'redux-saga';
import { actionChannel, call, cancel, debounce, delay, fork, getContext, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import {
  BuilderLimits,
  BuilderMessages,
  COMPONENT_TYPES,
  type BannerStatusAnswer,
  type SaveConfigRequest,
  type BuilderSite,
  type ComponentListAnswer,
  type GenerateBannerAnswer,
  type SiteFileUploadAnswer,
  type SiteListAnswer,
  SiteStatus,
  type ZipUrlAnswer,
} from '../../../contract/builder';
import { AnswerCode } from '../../../contract/envelope';
import { GenerationMessages } from '../../../contract/generation';
import { safeLinkHref } from '../../../contract/links';
import { isNetworkFailure, serverMessageOf } from '../../api/ApiError';
import * as builderApi from '../../api/builderApi';
import * as siteListApi from '../../api/siteListApi';
import { locationChanged, selectLocation, type AppLocation } from '../../app/routerSlice';
import { SERVICES, type Services } from '../../app/services';
import { sessionEnded } from '../auth/authSlice';
import { takeLeavingPage } from '../../app/leavingPage';
import { zipFileNameOf } from '../download/zipName';
import { nextPoll, type PollStep } from '../generation/progress';
import { selectMusic } from '../miniSite/miniSiteSlice';
import { BUILDER_NAME_KEY, type GameIdentity } from '../selections/gameIdentity';
import { selectGameIdentity } from '../selections/selectionsSlice';
import { BUILDER_PATH, hasEdits, RESULT_PATH, selectedIdsOf, SITE_LIST_PATH, uploadKeyOf, type PendingEdits, type PickerState, type SaveStatus } from './builder.types';
import { bannerPercent, builderUploadProblem, firstInvalidTab, TAB_TYPES, typesInvalid, withShownBannerPrompt } from './builderRules';
import { selectBuilderSite, selectIsDirty, selectPendingEdits, selectPicker, selectSaveStatus, selectStoredSiteId } from './builderSelectors';
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
  bannerRequested,
  bannerSending,
  builderOpened,
  completeEnded,
  completeRequested,
  completeStarted,
  fieldEdited,
  editUndone,
  editRedone,
  imageUploadRequested,
  musicChosen,
  pickerApplying,
  pickerClosed,
  pickerConfirmed,
  pickerFailed,
  pickerLoaded,
  pickerOpened,
  pickerPageRequested,
  saveFailed,
  saveOffline,
  saveRequested,
  saveStarted,
  saveSucceeded,
  siteFailed,
  siteForgotten,
  siteLoaded,
  siteLogoRequested,
  siteReplaced,
  siteRequested,
  tabChanged,
  templateSwitched,
  uploadEnded,
  uploadProgressed,
  uploadStarted,
} from './builderSlice';

/** How often the banner's progress bar moves. */
export const PROGRESS_TICK_MS = 500;
/** The zip's name when the site has none (its URL normally names it). */
const ZIP_FALLBACK_NAME = '网站';

/** A call the server refused because the session is over ends it here too (the calls are quiet). */
function* endSessionIfExpired(error: unknown): SagaIterator {
  if ((error as { httpStatus?: number } | null)?.httpStatus === AnswerCode.unauthorized) yield put(sessionEnded());
}

// ---- Opening a site -------------------------------------------------------------------------

/**
 * A new site with the default complete configuration, started from the game's identity (its name,
 * slogan, licence rows and links typed in any form) wherever a field means the same.
 */
function* newSite(): SagaIterator<BuilderSite> {
  const identity: GameIdentity = yield select(selectGameIdentity);
  const site: BuilderSite = yield call(builderApi.getWebUrl, { type: 'main', id: 0, selectedComponents: {}, identity });
  return site;
}

/** How many of the most recently changed sites are looked through for one still 编辑中. */
const LATEST_SITES_LOOKED_AT = 20;

/** The user's most recently changed site still 编辑中, or null (none, or the list did not load). */
export function* latestEditingSiteId(): SagaIterator<number | null> {
  try {
    const answer: SiteListAnswer = yield call(siteListApi.getSiteList, { page: 1, page_size: LATEST_SITES_LOOKED_AT });
    return answer.list.find((record) => record.status === SiteStatus.editing)?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * Spec screen 7: `?new=1` makes a new site (then the address loses its query), `?id=N` opens site
 * N, no query opens the session's site, else (builder page only) the user's latest site still
 * 编辑中, else a new one: only 立即搭建 (`?new=1`) adds a site when one is being edited. The site
 * already on screen is not asked for again: coming back from the result page keeps unsaved edits.
 */
export function* openSite(action: ReturnType<typeof builderOpened>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { opening, page } = action.payload;
  const current: BuilderSite | null = yield select(selectBuilderSite);
  const storedId: number | null = yield select(selectStoredSiteId);
  let wanted = opening.kind === 'id' ? opening.id : opening.kind === 'stored' ? storedId : null;
  if (wanted !== null && current?.id === wanted) return;
  if (wanted === null && opening.kind === 'stored' && page === 'edit') wanted = yield call(latestEditingSiteId);
  if (wanted === null && page === 'result') {
    yield put(siteFailed());
    return;
  }
  yield put(siteRequested());
  try {
    const site: BuilderSite = wanted === null ? yield call(newSite) : yield call(builderApi.getSelectConfig, { id: wanted });
    yield put(siteLoaded(site));
    // A new site shows the sample logo until its own comes; an older one may still.
    if (page === 'edit') yield put(siteLogoRequested());
    if (opening.kind === 'new') services.navigate(BUILDER_PATH, { replace: true });
  } catch (error) {
    yield call(endSessionIfExpired, error);
    services.notify.error(serverMessageOf(error, wanted === null ? BuilderMessages.configUpdateFailed : BuilderMessages.siteUnknown));
    // A stored site that cannot be opened (deleted, another account's) is not tried again.
    if (opening.kind === 'stored') yield put(siteForgotten());
    yield put(siteFailed());
  }
}

// ---- Saving ---------------------------------------------------------------------------------

/** A save sends the whole form as shown, with every type's template. */
function saveRequestOf(site: BuilderSite): SaveConfigRequest {
  return { id: site.id, previewUrl: site.previewUrl, formData: site.formData, selectedComponents: selectedIdsOf(site.selectedComponents) };
}

/**
 * Sends the whole form. `auto` sends only when there are unsaved edits and says nothing unless it
 * failed; a network failure keeps the edits and says so once (BuilderMessages.savedOffline).
 * True when the server has everything.
 */
export function* saveSite(origin: 'auto' | 'resources' | 'manual'): SagaIterator<boolean> {
  const services: Services = yield getContext(SERVICES);
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!site) return false;
  const sent: PendingEdits = yield select(selectPendingEdits);
  if (origin === 'auto' && !hasEdits(sent)) return true;
  const before: SaveStatus = yield select(selectSaveStatus);
  yield put(saveStarted());
  try {
    const answer: BuilderSite = yield call(builderApi.saveConfig, saveRequestOf(site));
    yield put(saveSucceeded({ site: answer, sent }));
    if (namesTheLogo(sent)) yield put(siteLogoRequested());
    if (origin === 'manual') services.notify.success('保存成功');
    return true;
  } catch (error) {
    if (isNetworkFailure(error)) {
      yield put(saveOffline());
      if (before !== 'offline' || origin !== 'auto') services.notify.warning(BuilderMessages.savedOffline);
    } else {
      yield call(endSessionIfExpired, error);
      yield put(saveFailed());
      services.notify.error(serverMessageOf(error, BuilderMessages.saveFailed));
    }
    return false;
  }
}

/** The logo tab's LOGO文字 field (empty: the logo says the site's name). */
const LOGO_TEXT_KEY = 'logotext';

/** Whether edits change what the site's logo says: its name or its LOGO文字. */
function namesTheLogo(edits: PendingEdits): boolean {
  return edits.main?.[BUILDER_NAME_KEY] !== undefined || edits.logo?.[LOGO_TEXT_KEY] !== undefined;
}

/** Whether two answers of a site use the same templates, the logo style aside (the user's own logo brings its style). */
function sameTemplates(a: BuilderSite, b: BuilderSite): boolean {
  return COMPONENT_TYPES.every((type) => type === 'logo' || a.selectedComponents[type]?.id === b.selectedComponents[type]?.id);
}

/** The site's logo brought in step with its name and style (siteLogoRequested); quiet: the logo is kept as it was on failure. */
export function* followLogo(): SagaIterator {
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!site) return;
  try {
    const answer: BuilderSite | null = yield call(builderApi.siteLogo, { id: site.id });
    // A template switched or undone while the logo was drawn is newer than the answer: the page keeps
    // it (its own save follows), and the logo comes with the next answer.
    const now: BuilderSite | null = yield select(selectBuilderSite);
    if (answer?.id === site.id && now && sameTemplates(answer, now)) yield put(siteReplaced(answer));
  } catch (error) {
    yield call(endSessionIfExpired, error);
  }
}

/**
 * One save at a time, in the order asked: two saves never race each other to the server. The
 * site's logo is asked for in the same line, so that a save never sends back the logo it replaces.
 */
export function* saveQueue(): SagaIterator {
  const requests: Channel<ReturnType<typeof saveRequested> | ReturnType<typeof siteLogoRequested>> = yield actionChannel([saveRequested.type, siteLogoRequested.type], buffers.expanding(4));
  const services: Services = yield getContext(SERVICES);
  for (;;) {
    const action: ReturnType<typeof saveRequested> | ReturnType<typeof siteLogoRequested> = yield take(requests);
    if (!saveRequested.match(action)) {
      yield call(followLogo);
      continue;
    }
    const saved: boolean = yield call(saveSite, action.payload.origin);
    // 生成资源: the result page shows what was just saved.
    if (saved && action.payload.origin === 'resources') services.navigate(RESULT_PATH);
  }
}

export function* requestAutoSave(): SagaIterator {
  yield put(saveRequested({ origin: 'auto' }));
}

/** The window's `online` events (back online) or `pagehide` events (the tab closing, reloading or leaving the app). */
export function windowEvents(name: 'online' | 'pagehide'): EventChannel<true> {
  return eventChannel<true>((emit) => {
    const listener = () => emit(true);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  });
}

/** Back online with edits the server has not seen: they go at once. */
export function* retryWhenOnline(): SagaIterator {
  const events: EventChannel<true> = yield call(windowEvents, 'online');
  try {
    for (;;) {
      yield take(events);
      const dirty: boolean = yield select(selectIsDirty);
      if (dirty) yield put(saveRequested({ origin: 'auto' }));
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
    if (previous !== next && (previous === BUILDER_PATH || previous === RESULT_PATH)) {
      const dirty: boolean = yield select(selectIsDirty);
      if (dirty) yield put(saveRequested({ origin: 'auto' }));
    }
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

// ---- Picker ---------------------------------------------------------------------------------

/** One page of the picker's templates (spec section 9: 9 a page, 10 for content and sidebar). */
export function* loadPickerPage(): SagaIterator {
  const picker: PickerState = yield select(selectPicker);
  if (!picker.type) return;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer: ComponentListAnswer | null = yield call(builderApi.getComponentList, picker.type, { page: picker.page });
      const items = Array.isArray(answer?.data) ? answer.data : [];
      const total = typeof answer?.total === 'number' && answer.total > 0 ? answer.total : 0;
      yield put(pickerLoaded({ page: picker.page, total, items }));
      return;
    } catch (error) {
      // Asked once more when nothing came back (a dropped line, or the call timed out queued behind
      // the gallery's pictures): an empty picker would tell the user there are no templates.
      if (attempt === 1 && isNetworkFailure(error)) continue;
      yield put(pickerFailed());
      return;
    }
  }
}

/** OK in the picker: a template must be chosen; the site switches to it (getWebUrl) and re-renders. */
export function* chooseTemplate(): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const picker: PickerState = yield select(selectPicker);
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!picker.type || !site) return;
  const type = picker.type;
  if (picker.selectedId === null) {
    services.notify.warning(BuilderMessages.templateRequired);
    return;
  }
  if (site.selectedComponents[type]?.id === picker.selectedId) {
    yield put(pickerClosed());
    return;
  }
  yield put(pickerApplying(true));
  // Edits still waiting for the debounce go first: the switch re-renders from what the server has.
  const dirty: boolean = yield select(selectIsDirty);
  if (dirty) yield call(saveSite, 'auto');
  // The new templates' fields that would hold samples start from the game's identity, as a new site's do.
  const identity: GameIdentity = yield select(selectGameIdentity);
  try {
    const answer: BuilderSite = yield call(builderApi.getWebUrl, {
      type,
      id: site.id,
      selectedComponents: { ...selectedIdsOf(site.selectedComponents), [type]: picker.selectedId },
      identity,
    });
    yield put(templateSwitched(answer));
    yield put(pickerClosed());
    if (type === 'main' || type === 'logo') yield put(siteLogoRequested());
  } catch (error) {
    yield call(endSessionIfExpired, error);
    services.notify.error(serverMessageOf(error, BuilderMessages.configUpdateFailed));
    yield put(pickerApplying(false));
  }
}

// ---- Banner generation ----------------------------------------------------------------------

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

// ---- Uploads and music ----------------------------------------------------------------------

function* reportProgress(key: string, progress: Channel<number>): SagaIterator {
  for (;;) {
    const percent: number = yield take(progress);
    yield put(uploadProgressed({ key, percent }));
  }
}

/** Checks a picked picture (images only, 2 MB) before sending it; its URL becomes the field's value. */
export function* uploadImage(action: ReturnType<typeof imageUploadRequested>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const { type, key, file } = action.payload;
  const problem = builderUploadProblem(file);
  if (problem) {
    services.notify.warning(problem);
    return;
  }
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!site) return;
  const uploadKey = uploadKeyOf(type, key);
  yield put(uploadStarted({ key: uploadKey, fileName: file.name }));
  // The progress callback runs outside the saga: a channel brings it in, latest value only.
  const progress: Channel<number> = yield call(channel, buffers.sliding<number>(1));
  const reporter: Task = yield fork(reportProgress, uploadKey, progress);
  try {
    const answer: SiteFileUploadAnswer = yield call(builderApi.siteFileUpload, file, file.name, { id: site.id, type, key }, (percent: number) => progress.put(percent));
    if (!answer?.url) throw new Error('no url');
    yield put(uploadEnded({ key: uploadKey, ok: true }));
    yield put(fieldEdited({ type, key, value: answer.url, kind: 'whole' }));
  } catch (error) {
    yield call(endSessionIfExpired, error);
    services.notify.error(serverMessageOf(error, BuilderMessages.uploadFailed));
    yield put(uploadEnded({ key: uploadKey, ok: false }));
  } finally {
    yield cancel(reporter);
    progress.close();
  }
}

/** One upload per field: a newer picture replaces the one still going up. */
export function* watchUploads(): SagaIterator {
  const running = new Map<string, Task>();
  for (;;) {
    const action: ReturnType<typeof imageUploadRequested> = yield take(imageUploadRequested.type);
    const key = uploadKeyOf(action.payload.type, action.payload.key);
    const previous = running.get(key);
    if (previous?.isRunning()) yield cancel(previous);
    running.set(key, yield fork(uploadImage, action));
  }
}

/** The main tab's music: set on the server at once (setWebMusic), the track's id and name from the list. */
export function* chooseMusic(action: ReturnType<typeof musicChosen>): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!site) return;
  const music: ReturnType<typeof selectMusic> = yield select(selectMusic);
  const track = music.items.find((item) => item.value === action.payload.value);
  try {
    const answer: BuilderSite = yield call(builderApi.setWebMusic, { id: site.id, musicId: track?.id ?? 0, name: track?.name ?? '' });
    yield put(siteReplaced(answer));
  } catch (error) {
    yield call(endSessionIfExpired, error);
    services.notify.error(serverMessageOf(error, BuilderMessages.configUpdateFailed));
  }
}

// ---- Completing -----------------------------------------------------------------------------

/** 生成并下载: the whole form valid, saved, completed, its zip downloaded, then the back office. */
export function* completeSite(): SagaIterator {
  const services: Services = yield getContext(SERVICES);
  const site: BuilderSite | null = yield select(selectBuilderSite);
  if (!site) {
    services.notify.warning(BuilderMessages.noSiteId);
    return;
  }
  const invalidTab = firstInvalidTab(site);
  if (invalidTab) {
    yield put(tabChanged(invalidTab));
    services.notify.warning(BuilderMessages.formInvalid);
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
      services.notify.error(BuilderMessages.completeFailed);
      return;
    }
    services.download(zipUrl, zipFileNameOf(zipUrl, current.web_name || ZIP_FALLBACK_NAME, services.now()));
    services.notify.success(BuilderMessages.completeSucceeded);
    // Done: 立即搭建 starts a new site; this one is edited again from the site list.
    yield put(siteForgotten());
    services.navigate(SITE_LIST_PATH);
  } catch (error) {
    yield call(endSessionIfExpired, error);
    services.notify.error(serverMessageOf(error, BuilderMessages.completeFailed));
  } finally {
    yield put(completeEnded());
  }
}

export function* builderSaga(): SagaIterator {
  // Opening is not repeated while under way (StrictMode's double effects must not make two sites).
  yield takeLeading(builderOpened.type, openSite);
  yield fork(autoSaveSaga);
  yield takeLatest([pickerOpened.type, pickerPageRequested.type], loadPickerPage);
  yield takeLeading(pickerConfirmed.type, chooseTemplate);
  yield takeLeading(bannerRequested.type, runBanner);
  yield fork(watchUploads);
  yield takeLatest(musicChosen.type, chooseMusic);
  yield takeLeading(completeRequested.type, completeSite);
}
