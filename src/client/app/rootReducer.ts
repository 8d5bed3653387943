import { combineSlices } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import { authSlice } from '../features/auth/authSlice';
import { bindPhoneSlice } from '../features/bindPhone/bindPhoneSlice';
import { builderSlice } from '../features/builder/builderSlice';
import { loginDialogSlice } from '../features/auth/loginDialogSlice';
import { catalogSlice } from '../features/catalog/catalogSlice';
import { generationSlice } from '../features/generation/generationSlice';
import { miniSiteSlice } from '../features/miniSite/miniSiteSlice';
import { selectionsSlice } from '../features/selections/selectionsSlice';
import { siteConfigSlice } from '../features/siteConfig/siteConfigSlice';
import { builderPersistConfig } from './persist';
import { routerSlice } from './routerSlice';

/**
 * The slices that join the store with their route (the operator console's, the back office's, the
 * result pages'...): each adds itself to this interface from its own module (`declare module` +
 * `WithSlice`), so the state's type knows it while no first page downloads it. Only a slice that
 * nothing persists can be one: redux-persist reads its keys when the app starts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging from the lazy slices' modules
export interface LazyLoadedSlices {}

/** The slices the first page needs, or that are persisted; the state key of each is its slice name (STYLE.md habit 2). */
export const rootReducer = combineSlices(
  authSlice,
  loginDialogSlice,
  bindPhoneSlice,
  siteConfigSlice,
  routerSlice,
  catalogSlice,
  selectionsSlice,
  generationSlice,
  miniSiteSlice,
  // Its own redux-persist config: the site id and preview url live in sessionStorage, not localStorage.
  { builder: persistReducer(builderPersistConfig, builderSlice.reducer) },
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
