import type { LazyFeature } from '../../app/lazyFeatures';
import { authFormsSaga } from './formsSaga';

/**
 * The account forms' sagas start with what shows the forms: the login, register and reset pages,
 * the login and phone-binding dialogs, and the personal centre. A visitor who only browses never
 * downloads them.
 */
export const authFormsFeature: LazyFeature = { name: 'authForms', saga: authFormsSaga };
