import type { LazyFeature } from '../../app/lazyFeatures';
import { builderSaga } from './builderSaga';

/** The builder's sagas start with its pages: no visitor of the other pages downloads them. */
export const builderFeature: LazyFeature = { name: 'builder', saga: builderSaga };
