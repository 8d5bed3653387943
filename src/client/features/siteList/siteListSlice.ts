import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { BuilderLimits, type SiteListRequest, type SiteRecord } from '../../../contract/builder';
import { loggedIn, sessionEnded } from '../auth/authSlice';
import { rootReducer } from '../../app/rootReducer';
import { siteDeleted } from './siteEvents';

/** What the list is asked for: the page, its size and the name filter ('' for none). */
export type SiteListQuery = Required<SiteListRequest>;

export interface SiteListState {
  query: SiteListQuery;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  items: SiteRecord[];
  total: number;
  /** The site whose zip is being asked for: its 下载 button spins. */
  downloadingId: number | null;
  /** The site being deleted: its 删除 button spins. */
  deletingId: number | null;
}

export const initialSiteListState: SiteListState = {
  query: { page: 1, page_size: BuilderLimits.siteListDefaultPageSize, name: '' },
  status: 'idle',
  items: [],
  total: 0,
  downloadingId: null,
  deletingId: null,
};

/** A page size the list offers; anything else is the default (a size is never typed by hand, but stays safe). */
function pageSizeOf(size: number): number {
  return (BuilderLimits.siteListPageSizes as readonly number[]).includes(size) ? size : BuilderLimits.siteListDefaultPageSize;
}

/**
 * The back office's site list (spec screen 5): the query the user set and the page it answered.
 * Not persisted: the query lives while the app does, so coming back from the builder shows the
 * same page, and a reload starts at page 1.
 */
export const siteListSlice = createSlice({
  name: 'siteList',
  initialState: initialSiteListState,
  reducers: {
    /** The page mounted: load the list for the query as it stands. */
    pageOpened(state) {
      state.status = 'loading';
    },
    /** 搜索 or Enter: a new filter starts from the first page. */
    searchSubmitted(state, action: PayloadAction<{ name: string }>) {
      state.query.name = action.payload.name.trim();
      state.query.page = 1;
      state.status = 'loading';
    },
    /** The pager: another page, or another size (which starts from the first page again). */
    pageChanged(state, action: PayloadAction<{ page: number; page_size: number }>) {
      const pageSize = pageSizeOf(action.payload.page_size);
      const sizeChanged = pageSize !== state.query.page_size;
      state.query.page_size = pageSize;
      state.query.page = sizeChanged ? 1 : Math.max(1, Math.floor(action.payload.page) || 1);
      state.status = 'loading';
    },
    listLoaded(state, action: PayloadAction<{ items: SiteRecord[]; total: number }>) {
      state.status = 'succeeded';
      state.items = action.payload.items;
      state.total = action.payload.total;
    },
    /** Spec section 7: a list that fails to load is an empty list (the http layer said why). */
    listFailed(state) {
      state.status = 'failed';
      state.items = [];
      state.total = 0;
    },
    /** 下载 on a completed site. The saga decides whether it goes ahead. */
    downloadRequested(_state, _action: PayloadAction<{ id: number }>) {},
    downloadStarted(state, action: PayloadAction<{ id: number }>) {
      state.downloadingId = action.payload.id;
    },
    /** Started in the browser, or refused (the user has been told which). */
    downloadFinished(state) {
      state.downloadingId = null;
    },
    /** 删除, confirmed. The saga decides whether it goes ahead. */
    deleteRequested(_state, _action: PayloadAction<{ id: number }>) {},
    deleteStarted(state, action: PayloadAction<{ id: number }>) {
      state.deletingId = action.payload.id;
    },
    /** Refused (the http layer said why). */
    deleteFailed(state) {
      state.deletingId = null;
    },
  },
  extraReducers: (builder) => {
    // Gone on the server: the row goes at once, before the page is asked for again.
    builder.addCase(siteDeleted, (state, action) => {
      state.deletingId = null;
      const before = state.items.length;
      state.items = state.items.filter((record) => record.id !== action.payload.id);
      state.total = Math.max(0, state.total - (before - state.items.length));
    });
    // One account's sites (and its search) are not shown to the next one, not even under a spinner.
    builder.addCase(sessionEnded, () => initialSiteListState);
    builder.addCase(loggedIn, () => initialSiteListState);
  },
  selectors: {
    selectSiteListQuery: (state) => state.query,
    selectSiteListStatus: (state) => state.status,
    selectSiteListItems: (state) => state.items,
    selectSiteListTotal: (state) => state.total,
    selectDownloadingSiteId: (state) => state.downloadingId,
    selectDeletingSiteId: (state) => state.deletingId,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof siteListSlice> {}
}

// Loaded with the pages that use it, not with the app: the slice joins the store as its code arrives.
const injected = siteListSlice.injectInto(rootReducer);

export const { pageOpened, searchSubmitted, pageChanged, listLoaded, listFailed, downloadRequested, downloadStarted, downloadFinished, deleteRequested, deleteStarted, deleteFailed } =
  siteListSlice.actions;
export const { selectSiteListQuery, selectSiteListStatus, selectSiteListItems, selectSiteListTotal, selectDownloadingSiteId, selectDeletingSiteId } = injected.selectors;
