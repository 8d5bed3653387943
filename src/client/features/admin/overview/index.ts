import type { LazyFeature } from '../../../app/lazyFeatures';
import { consoleOverviewSaga } from './overviewSaga';

export { default as Page } from './OverviewPage';
export const feature: LazyFeature = { name: 'consoleOverview', saga: consoleOverviewSaga };
