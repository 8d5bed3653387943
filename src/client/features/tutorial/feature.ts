import type { LazyFeature } from '../../app/lazyFeatures';
import { tutorialSaga } from './tutorialSaga';

/** The tutorial page's video is looked up by its own saga, which starts with the page. */
export const tutorialFeature: LazyFeature = { name: 'tutorial', saga: tutorialSaga };
