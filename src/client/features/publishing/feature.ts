import type { LazyFeature } from '../../app/lazyFeatures';
import { publishingSaga } from './publishingSaga';

/** 发布, 下线 and 申请复审 start with the pages that offer them (the mini site's preview, the site list). */
export const publishingFeature: LazyFeature = { name: 'publishing', saga: publishingSaga };
