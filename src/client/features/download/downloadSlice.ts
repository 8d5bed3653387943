import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { RequestStatus } from '../auth/auth.types';
import { rootReducer } from '../../app/rootReducer';

/** The zip download of a preview page (spec screens 14 and 17). */
export interface DownloadState {
  status: RequestStatus;
  /**
   * The page visit (router location key) whose automatic download has started: a visit downloads
   * once, however often its page mounts (StrictMode runs effects twice).
   */
  autoVisit: string | null;
}

const initialState: DownloadState = { status: 'idle', autoVisit: null };

/** Result files packed on the server (logo and banner previews). */
export interface FilesZip {
  /** Names the zip on the server ('星河战纪-LOGO', '星河战纪-整屏动画'). */
  fileName: string;
  fileList: string[];
  /** False: the server packs the extras ready now instead of waiting for the others (the banner's automatic download). */
  waitForExtras?: boolean;
}

/** A created mini site's folder (the mini-site preview). */
export interface SiteZip {
  webSiteDir: string;
}

export type ZipDownloadRequest = (FilesZip | SiteZip) & {
  /** Set by the automatic download on page load: the visit it belongs to. Absent for the 下载 button. */
  visit?: string;
};

export const downloadSlice = createSlice({
  name: 'download',
  initialState,
  reducers: {
    /** Page load or the 下载 button. The saga decides whether it goes ahead; no state change here. */
    zipRequested(_state, _action: PayloadAction<ZipDownloadRequest>) {},
    started(state, action: PayloadAction<{ visit?: string }>) {
      state.status = 'loading';
      if (action.payload.visit) state.autoVisit = action.payload.visit;
    },
    succeeded(state) {
      state.status = 'succeeded';
    },
    failed(state) {
      state.status = 'failed';
    },
  },
  selectors: {
    selectDownloadStatus: (state) => state.status,
    selectAutoDownloadVisit: (state) => state.autoVisit,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof downloadSlice> {}
}

// Loaded with the pages that use it, not with the app: the slice joins the store as its code arrives.
const injected = downloadSlice.injectInto(rootReducer);

export const { zipRequested: zipDownloadRequested, started: zipDownloadStarted, succeeded: zipDownloadSucceeded, failed: zipDownloadFailed } =
  downloadSlice.actions;
export const { selectDownloadStatus, selectAutoDownloadVisit } = injected.selectors;
