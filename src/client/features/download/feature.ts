import type { LazyFeature } from '../../app/lazyFeatures';
import { downloadSaga } from './downloadSaga';

/** Zips are asked for on the result pages and in the back office: the saga starts with those pages. */
export const downloadFeature: LazyFeature = { name: 'download', saga: downloadSaga };
