import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { SiteVersion, SiteVersionsAnswer } from '../../../contract/builder';
import { loggedIn, sessionEnded } from '../auth/authSlice';
import { siteVersionRestored } from './siteEvents';
import { rootReducer } from '../../app/rootReducer';

/** 历史版本 of one site (a dialog over the site list): its kept versions and the restore under way. */
export interface SiteVersionsState {
  /** The site whose versions are shown; null while the dialog is closed. */
  siteId: number | null;
  siteName: string;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  items: SiteVersion[];
  /** The most versions a site keeps (the server's BUILDER_VERSIONS_PER_SITE). */
  limit: number;
  /** The version being restored: its button spins, the others wait. */
  restoringId: number | null;
}

export const initialSiteVersionsState: SiteVersionsState = { siteId: null, siteName: '', status: 'idle', items: [], limit: 0, restoringId: null };

export const siteVersionsSlice = createSlice({
  name: 'siteVersions',
  initialState: initialSiteVersionsState,
  reducers: {
    /** 历史版本 on a site's row. */
    versionsOpened(_state, action: PayloadAction<{ id: number; name: string }>) {
      return { ...initialSiteVersionsState, siteId: action.payload.id, siteName: action.payload.name, status: 'loading' };
    },
    versionsLoaded(state, action: PayloadAction<SiteVersionsAnswer>) {
      state.status = 'succeeded';
      state.items = action.payload.list;
      state.limit = action.payload.limit;
    },
    /** The http layer said why; the dialog shows its retry. */
    versionsFailed(state) {
      state.status = 'failed';
      state.items = [];
    },
    versionsClosed() {
      return initialSiteVersionsState;
    },
    /** 恢复 confirmed on a version. */
    restoreRequested(state, action: PayloadAction<{ versionId: number }>) {
      state.restoringId = action.payload.versionId;
    },
    restoreEnded(state) {
      state.restoringId = null;
    },
  },
  extraReducers: (builder) => {
    // The site is now named as the version restored.
    builder.addCase(siteVersionRestored, (state) => {
      state.siteName = state.items.find((version) => version.id === state.restoringId)?.web_name ?? state.siteName;
    });
    builder.addCase(sessionEnded, () => initialSiteVersionsState);
    builder.addCase(loggedIn, () => initialSiteVersionsState);
  },
  selectors: {
    selectSiteVersions: (state) => state,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof siteVersionsSlice> {}
}

// Loaded with the pages that use it, not with the app: the slice joins the store as its code arrives.
const injected = siteVersionsSlice.injectInto(rootReducer);

export const { versionsOpened, versionsLoaded, versionsFailed, versionsClosed, restoreRequested, restoreEnded } = siteVersionsSlice.actions;
export const { selectSiteVersions } = injected.selectors;
