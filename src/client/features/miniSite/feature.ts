import type { LazyFeature } from '../../app/lazyFeatures';
import { miniSiteSaga } from './miniSiteSaga';

/** The mini site's config work starts with the pages that use it: the first page only lists templates. */
export const miniSiteFeature: LazyFeature = { name: 'miniSite', saga: miniSiteSaga };
