import type { LazyFeature } from '../../app/lazyFeatures';
import { bannerCutsSaga } from './bannerCutsSaga';

/** The banner preview's extra cuts are watched from that page only: the saga starts with it. */
export const bannerCutsFeature: LazyFeature = { name: 'bannerCuts', saga: bannerCutsSaga };
