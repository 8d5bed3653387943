import { call, put, select } from 'redux-saga/effects';
import type { SiteConfig } from '../../../contract/common';
import * as commonApi from '../../api/commonApi';
import { normalizeSiteConfig, refreshSucceeded, sameSiteConfig, selectCachedSiteConfig } from './siteConfigSlice';

/**
 * Refreshes the cached site config once at start (spec section 3: "cached locally and refreshed if
 * the server differs"). Puts only a changed config, so an unchanged one re-renders nothing and
 * writes nothing to storage; a failure keeps the cached copy without a word.
 */
export function* siteConfigSaga(): Generator {
  let fresh: SiteConfig;
  try {
    fresh = normalizeSiteConfig(yield call(commonApi.getSiteConfig));
  } catch {
    return;
  }
  const cached = (yield select(selectCachedSiteConfig)) as SiteConfig | null;
  if (!sameSiteConfig(cached, fresh)) yield put(refreshSucceeded(fresh));
}
