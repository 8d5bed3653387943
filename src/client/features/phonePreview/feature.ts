import type { LazyFeature } from '../../app/lazyFeatures';
import { phonePreviewSaga } from './phonePreviewSaga';

/** 手机预览 starts with the pages that have the button (the mini site's preview, the builder). */
export const phonePreviewFeature: LazyFeature = { name: 'phonePreview', saga: phonePreviewSaga };
