import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select } from 'redux-saga/effects';
import { BuilderMessages, SiteStatus, type BuilderSite, type SiteListAnswer } from '../../../contract/builder';
import { serverMessageOf } from '../../api/ApiError';
import * as builderApi from '../../api/builderApi';
import * as siteListApi from '../../api/siteListApi';
import { SERVICES, type Services } from '../../app/services';
import type { GameIdentity } from '../selections/gameIdentity';
import { selectGameIdentity } from '../selections/selectionsSlice';
import { BUILDER_PATH } from './builder.types';
import { selectBuilderSite, selectStoredSiteId } from './builderSelectors';
import { builderOpened, siteFailed, siteForgotten, siteLoaded, siteLogoRequested, siteRequested } from './builderSlice';

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
    if (opening.kind === 'new') yield call(services.navigate, BUILDER_PATH, { replace: true });
  } catch (error) {
    yield call(services.notify.error, serverMessageOf(error, wanted === null ? BuilderMessages.configUpdateFailed : BuilderMessages.siteUnknown));
    // A stored site that cannot be opened (deleted, another account's) is not tried again.
    if (opening.kind === 'stored') yield put(siteForgotten());
    yield put(siteFailed());
  }
}
