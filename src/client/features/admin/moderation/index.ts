import type { LazyFeature } from '../../../app/lazyFeatures';
import { consoleModerationSaga } from './moderationSaga';

export { default as Page } from './ModerationPage';
export const feature: LazyFeature = { name: 'consoleModeration', saga: consoleModerationSaga };
