import { createAction, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { AnalyticsRange, SiteStats, SiteStatsRequest } from '../../../contract/analytics';
import { rootReducer } from '../../app/rootReducer';
import { loggedIn, sessionEnded } from '../auth/authSlice';

export interface SiteStatsState {
  slug: string;
  days: AnalyticsRange;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** The figures last read, of `slug` and `days`; kept on screen while another range loads. */
  stats: SiteStats | null;
}

export const initialSiteStatsState: SiteStatsState = { slug: '', days: 7, status: 'idle', stats: null };

/** A published site's 数据 page: the site and range asked for, and the figures as last read. */
export const siteStatsSlice = createSlice({
  name: 'siteStats',
  initialState: initialSiteStatsState,
  reducers: {
    /** The page opened for a site, the 7/30 switch, or 刷新: (re)read these figures. */
    siteStatsRequested(state, action: PayloadAction<SiteStatsRequest>) {
      // Another site's figures are not shown under this one's name, even for a moment.
      if (action.payload.slug !== state.slug) state.stats = null;
      state.slug = action.payload.slug;
      state.days = action.payload.days;
      state.status = 'loading';
    },
    siteStatsLoaded(state, action: PayloadAction<SiteStats>) {
      state.status = 'succeeded';
      state.stats = action.payload;
    },
    siteStatsFailed(state) {
      state.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialSiteStatsState);
    builder.addCase(loggedIn, () => initialSiteStatsState);
  },
  selectors: {
    selectSiteStatsSlug: (state) => state.slug,
    selectSiteStatsDays: (state) => state.days,
    selectSiteStatsStatus: (state) => state.status,
    selectSiteStats: (state) => state.stats,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof siteStatsSlice> {}
}

// Loaded with the 数据 page, not with the app: the slice joins the store as its code arrives.
const injected = siteStatsSlice.injectInto(rootReducer);

export const { siteStatsRequested, siteStatsLoaded, siteStatsFailed } = siteStatsSlice.actions;

/** 下载二维码 of a channel: the PNG drawn (a data URL) and the name it is saved under. Nothing to keep in the state. */
export const channelQrDownloadRequested = createAction<{ image: string; fileName: string }>('siteStats/channelQrDownloadRequested');
export const { selectSiteStatsSlug, selectSiteStatsDays, selectSiteStatsStatus, selectSiteStats } = injected.selectors;
