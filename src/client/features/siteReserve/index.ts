import type { LazyFeature } from '../../app/lazyFeatures';
import { siteReserveSaga } from './siteReserveSaga';

export { default as Page } from './SiteReservePage';
export const feature: LazyFeature = { name: 'siteReserve', saga: siteReserveSaga };
