import type { LazyFeature } from '../../app/lazyFeatures';
import { siteReserveSaga } from './siteReserveSaga';

/** The 预约 sagas, started by the back office's 预约 page and by the builder's 预约 panel (without the page's code). */
export const feature: LazyFeature = { name: 'siteReserve', saga: siteReserveSaga };
