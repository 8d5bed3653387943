import type { LazyFeature } from '../../../app/lazyFeatures';
import { operatorLogSaga } from './logSaga';

export { default as Page } from './LogPage';
export const feature: LazyFeature = { name: 'operatorLog', saga: operatorLogSaga };
