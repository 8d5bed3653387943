import type { LazyFeature } from '../../app/lazyFeatures';
import { siteListSaga } from './siteListSaga';
import { siteVersionsSaga } from './siteVersionsSaga';

/** The back office's site list and its 历史版本 start with the list's page. */
export const siteListFeature: LazyFeature = { name: 'siteList', saga: siteListSaga };
export const siteVersionsFeature: LazyFeature = { name: 'siteVersions', saga: siteVersionsSaga };
