import type { LazyFeature } from '../../../app/lazyFeatures';
import { consoleQueueSaga } from './queueSaga';

export { default as Page } from './QueuePage';
export const feature: LazyFeature = { name: 'consoleQueue', saga: consoleQueueSaga };
