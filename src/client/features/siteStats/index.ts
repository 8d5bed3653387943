import type { LazyFeature } from '../../app/lazyFeatures';
import { siteStatsSaga } from './siteStatsSaga';

export { default as Page } from './SiteStatsPage';
export const feature: LazyFeature = { name: 'siteStats', saga: siteStatsSaga };
