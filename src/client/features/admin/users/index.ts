import type { LazyFeature } from '../../../app/lazyFeatures';
import { consoleUsersSaga } from './usersSaga';

export { default as Page } from './UsersPage';
export const feature: LazyFeature = { name: 'consoleUsers', saga: consoleUsersSaga };
