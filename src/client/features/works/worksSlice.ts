import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { WorkRecord, WorkType } from '../../../contract/works';
import { loggedIn, sessionEnded } from '../auth/authSlice';
import { rootReducer } from '../../app/rootReducer';

export interface WorksQuery {
  /** '' shows every type. */
  type: WorkType | '';
  page: number;
}

export interface WorksState {
  query: WorksQuery;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  items: WorkRecord[];
  total: number;
  /** The work whose 下载 was clicked last: its button spins while the zip is made. */
  downloadKey: string | null;
}

export const initialWorksState: WorksState = { query: { type: '', page: 1 }, status: 'idle', items: [], total: 0, downloadKey: null };

/**
 * The back office's 我的作品: the mini sites, logos and banners the user generated. Not persisted:
 * the list is the server's, and coming back within the session shows the same type and page.
 */
export const worksSlice = createSlice({
  name: 'works',
  initialState: initialWorksState,
  reducers: {
    pageOpened(state) {
      state.status = 'loading';
    },
    /** Another type starts from the first page. */
    typeChosen(state, action: PayloadAction<{ type: WorkType | '' }>) {
      state.query = { type: action.payload.type, page: 1 };
      state.status = 'loading';
    },
    pageChanged(state, action: PayloadAction<{ page: number }>) {
      state.query.page = Math.max(1, Math.floor(action.payload.page) || 1);
      state.status = 'loading';
    },
    listLoaded(state, action: PayloadAction<{ items: WorkRecord[]; total: number }>) {
      state.status = 'succeeded';
      state.items = action.payload.items;
      state.total = action.payload.total;
    },
    /** The http layer said why; the list shows its empty state. */
    listFailed(state) {
      state.status = 'failed';
      state.items = [];
      state.total = 0;
    },
    /** 下载 on a work: the saga hands its zip to the download domain. */
    downloadRequested(state, action: PayloadAction<{ key: string }>) {
      state.downloadKey = action.payload.key;
    },
  },
  extraReducers: (builder) => {
    // One account's works are not shown to the next one.
    builder.addCase(sessionEnded, () => initialWorksState);
    builder.addCase(loggedIn, () => initialWorksState);
  },
  selectors: {
    selectWorksQuery: (state) => state.query,
    selectWorksStatus: (state) => state.status,
    selectWorks: (state) => state.items,
    selectWorksTotal: (state) => state.total,
    selectWorkDownloadKey: (state) => state.downloadKey,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof worksSlice> {}
}

// Loaded with the pages that use it, not with the app: the slice joins the store as its code arrives.
const injected = worksSlice.injectInto(rootReducer);

export const { pageOpened, typeChosen, pageChanged, listLoaded, listFailed, downloadRequested } = worksSlice.actions;
export const { selectWorksQuery, selectWorksStatus, selectWorks, selectWorksTotal, selectWorkDownloadKey } = injected.selectors;
