import type { LazyFeature } from '../../../app/lazyFeatures';
import { settingsSaga } from './settingsSaga';

export { default as Page } from './SettingsPage';
export const feature: LazyFeature = { name: 'adminSettings', saga: settingsSaga };
