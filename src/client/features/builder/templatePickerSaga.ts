import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select } from 'redux-saga/effects';
import { BuilderMessages, type BuilderSite, type ComponentListAnswer } from '../../../contract/builder';
import { isNetworkFailure, serverMessageOf } from '../../api/ApiError';
import * as builderApi from '../../api/builderApi';
import { SERVICES, type Services } from '../../app/services';
import type { GameIdentity } from '../selections/gameIdentity';
import { selectGameIdentity } from '../selections/selectionsSlice';
import { selectedIdsOf, type PickerState } from './builder.types';
import { selectBuilderSite, selectIsDirty, selectPicker } from './builderSelectors';
import { pickerClosed, pickerFailed, pickerLoaded, siteLogoRequested, templateApplyFailed, templateApplyStarted, templateSwitched } from './builderSlice';
import { saveSite } from './saveSaga';

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
    yield call(services.notify.warning, BuilderMessages.templateRequired);
    return;
  }
  if (site.selectedComponents[type]?.id === picker.selectedId) {
    yield put(pickerClosed());
    return;
  }
  yield put(templateApplyStarted());
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
    yield call(services.notify.error, serverMessageOf(error, BuilderMessages.configUpdateFailed));
    yield put(templateApplyFailed());
  }
}
