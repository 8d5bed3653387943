import type { LazyFeature } from '../../app/lazyFeatures';
import { worksSaga } from './worksSaga';

/** 我的作品 starts with its page. */
export const worksFeature: LazyFeature = { name: 'works', saga: worksSaga };
