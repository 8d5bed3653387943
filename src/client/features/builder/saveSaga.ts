import type { SagaIterator } from 'redux-saga';
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, getContext, put, select, take } from 'redux-saga/effects';
import { BuilderMessages, COMPONENT_TYPES, type BuilderSite, type SaveConfigRequest } from '../../../contract/builder';
import { isNetworkFailure, serverMessageOf } from '../../api/ApiError';
import * as builderApi from '../../api/builderApi';
import { SERVICES, type Services } from '../../app/services';
import { BUILDER_NAME_KEY } from '../selections/gameIdentity';
import { hasEdits, RESULT_PATH, selectedIdsOf, type PendingEdits, type SaveStatus } from './builder.types';
import { selectBuilderSite, selectPendingEdits, selectSaveStatus } from './builderSelectors';
import { saveFailed, saveOffline, saveRequested, saveStarted, saveSucceeded, siteLogoRequested, siteReplaced } from './builderSlice';

/** A save sends the whole form as shown, with every type's template. */
export function saveRequestOf(site: BuilderSite): SaveConfigRequest {
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
    if (origin === 'manual') yield call(services.notify.success, '保存成功');
    return true;
  } catch (error) {
    if (isNetworkFailure(error)) {
      yield put(saveOffline());
      if (before !== 'offline' || origin !== 'auto') yield call(services.notify.warning, BuilderMessages.savedOffline);
    } else {
      yield put(saveFailed());
      yield call(services.notify.error, serverMessageOf(error, BuilderMessages.saveFailed));
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
  } catch {
    // Quiet: the logo stays as it was, and comes with the next answer.
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
    if (saved && action.payload.origin === 'resources') yield call(services.navigate, RESULT_PATH);
  }
}
