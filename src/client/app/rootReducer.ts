import { combineSlices } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import { accountFormsSlice } from '../features/auth/accountFormsSlice';
import { authSlice } from '../features/auth/authSlice';
import { bindPhoneSlice } from '../features/bindPhone/bindPhoneSlice';
import { bannerCutsSlice } from '../features/banner/bannerCutsSlice';
import { builderSlice } from '../features/builder/builderSlice';
import { captchaSlice } from '../features/auth/captchaSlice';
import { loginDialogSlice } from '../features/auth/loginDialogSlice';
import { qrLoginSlice } from '../features/auth/qrLoginSlice';
import { smsSlice } from '../features/auth/smsSlice';
import { catalogSlice } from '../features/catalog/catalogSlice';
import { downloadSlice } from '../features/download/downloadSlice';
import { generationSlice } from '../features/generation/generationSlice';
import { keyArtSlice } from '../features/generation/keyArtSlice';
import { miniSiteSlice } from '../features/miniSite/miniSiteSlice';
import { personalSlice } from '../features/personal/personalSlice';
import { phonePreviewSlice } from '../features/phonePreview/phonePreviewSlice';
import { selectionsSlice } from '../features/selections/selectionsSlice';
import { siteConfigSlice } from '../features/siteConfig/siteConfigSlice';
import { siteListSlice } from '../features/siteList/siteListSlice';
import { siteVersionsSlice } from '../features/siteList/siteVersionsSlice';
import { publishingSlice } from '../features/publishing/publishingSlice';
import { tutorialSlice } from '../features/tutorial/tutorialSlice';
import { worksSlice } from '../features/works/worksSlice';
import { builderPersistConfig } from './persist';
import { routerSlice } from './routerSlice';

/**
 * The slices that join the store with their route (the operator console's): each adds itself to
 * this interface from its own module (`declare module` + `WithSlice`), so the state's type knows
 * it while no first page downloads it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging from the lazy slices' modules
export interface LazyLoadedSlices {}

/** One slice per domain; the state key of each is its slice name (STYLE.md habit 2). */
export const rootReducer = combineSlices(
  authSlice,
  loginDialogSlice,
  qrLoginSlice,
  captchaSlice,
  smsSlice,
  accountFormsSlice,
  personalSlice,
  bindPhoneSlice,
  siteConfigSlice,
  routerSlice,
  tutorialSlice,
  catalogSlice,
  selectionsSlice,
  generationSlice,
  keyArtSlice,
  bannerCutsSlice,
  downloadSlice,
  miniSiteSlice,
  siteListSlice,
  siteVersionsSlice,
  publishingSlice,
  phonePreviewSlice,
  worksSlice,
  // Its own redux-persist config: the site id and preview url live in sessionStorage, not localStorage.
  { builder: persistReducer(builderPersistConfig, builderSlice.reducer) },
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
