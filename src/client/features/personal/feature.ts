import type { LazyFeature } from '../../app/lazyFeatures';
import { personalSaga } from './personalSaga';

/** 个人中心's forms and storage figure start with its page. */
export const personalFeature: LazyFeature = { name: 'personal', saga: personalSaga };
