import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  ReserveLimits,
  type GiftCodeAddAnswer,
  type ReservationListAnswer,
  type ReservationRecord,
  type ReserveOwnerState,
  type ReserveSettings,
  type ReserveSiteRef,
} from '../../../contract/reservations';
import { rootReducer } from '../../app/rootReducer';
import { loggedIn, sessionEnded } from '../auth/authSlice';

type Status = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface SiteReserveState {
  site: ReserveSiteRef | null;
  status: Status;
  /** Why the page could not be read (the API's words: 站点不存在 for a site that is not the user's). */
  failure: string;
  /** The site's settings, count and gift code counts as the server last gave them. */
  owner: ReserveOwnerState | null;
  saving: boolean;
  /** Which gift code change is under way. */
  addingCodes: 'upload' | 'generate' | null;
  /** What the last upload or generation added and left out. */
  lastAdd: GiftCodeAddAnswer | null;
  list: { page: number; pageSize: number; total: number; records: ReservationRecord[]; loading: boolean };
  deletingId: number | null;
  exporting: boolean;
}

const firstPage = { page: 1, pageSize: ReserveLimits.listPageSizeDefault, total: 0, records: [], loading: false };

export const initialSiteReserveState: SiteReserveState = {
  site: null,
  status: 'idle',
  failure: '',
  owner: null,
  saving: false,
  addingCodes: null,
  lastAdd: null,
  list: firstPage,
  deletingId: null,
  exporting: false,
};

const sameSite = (a: ReserveSiteRef | null, b: ReserveSiteRef) => !!a && a.builderId === b.builderId && a.miniSiteDir === b.miniSiteDir;

/** A site's 预约 page: its settings, gift codes and the 预约 list. */
export const siteReserveSlice = createSlice({
  name: 'siteReserve',
  initialState: initialSiteReserveState,
  reducers: {
    /** The page opened for a site (or 刷新): read its settings and the list's first page. */
    reservePageOpened(state, action: PayloadAction<ReserveSiteRef>) {
      // Another site's settings and players are never shown under this one, even for a moment.
      if (!sameSite(state.site, action.payload)) return { ...initialSiteReserveState, site: action.payload, status: 'loading', list: { ...firstPage, loading: true } };
      state.status = 'loading';
      state.list.loading = true;
      state.list.page = 1;
    },
    /** The builder's 预约 panel opened for a site (or 刷新): read its settings and count, not the list it does not show. */
    reserveSummaryOpened(state, action: PayloadAction<ReserveSiteRef>) {
      if (!sameSite(state.site, action.payload)) return { ...initialSiteReserveState, site: action.payload, status: 'loading' };
      state.status = 'loading';
    },
    reserveStateLoaded(state, action: PayloadAction<ReserveOwnerState>) {
      state.status = 'succeeded';
      state.owner = action.payload;
    },
    reserveStateFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.failure = action.payload;
    },
    reserveListPageChanged(state, action: PayloadAction<{ page: number; pageSize: number }>) {
      state.list.page = action.payload.page;
      state.list.pageSize = action.payload.pageSize;
      state.list.loading = true;
    },
    reserveListLoaded(state, action: PayloadAction<ReservationListAnswer>) {
      const { total, page, pageSize, records } = action.payload;
      state.list = { total, page, pageSize, records, loading: false };
    },
    reserveListFailed(state) {
      state.list.loading = false;
    },
    settingsSaveRequested(state, _action: PayloadAction<ReserveSettings>) {
      state.saving = true;
    },
    settingsSaved(state, action: PayloadAction<ReserveOwnerState>) {
      state.saving = false;
      state.owner = action.payload;
    },
    settingsSaveFailed(state) {
      state.saving = false;
    },
    codesUploadRequested(state, _action: PayloadAction<{ text: string }>) {
      state.addingCodes = 'upload';
    },
    codesGenerateRequested(state, _action: PayloadAction<{ count: number }>) {
      state.addingCodes = 'generate';
    },
    codesAdded(state, action: PayloadAction<GiftCodeAddAnswer>) {
      state.addingCodes = null;
      state.lastAdd = action.payload;
      if (state.owner) state.owner.codes = action.payload.codes;
    },
    codesAddFailed(state) {
      state.addingCodes = null;
    },
    recordDeleteRequested(state, action: PayloadAction<{ id: number }>) {
      state.deletingId = action.payload.id;
    },
    recordDeleted(state, action: PayloadAction<ReserveOwnerState>) {
      state.deletingId = null;
      state.owner = action.payload;
    },
    recordDeleteFailed(state) {
      state.deletingId = null;
    },
    exportRequested(state) {
      state.exporting = true;
    },
    exportFinished(state) {
      state.exporting = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialSiteReserveState);
    builder.addCase(loggedIn, () => initialSiteReserveState);
  },
  selectors: {
    selectReserveSite: (state) => state.site,
    selectReserveStatus: (state) => state.status,
    selectReserveFailure: (state) => state.failure,
    selectReserveOwner: (state) => state.owner,
    selectReserveSaving: (state) => state.saving,
    selectAddingCodes: (state) => state.addingCodes,
    selectLastCodesAdd: (state) => state.lastAdd,
    selectReserveList: (state) => state.list,
    selectDeletingRecordId: (state) => state.deletingId,
    selectReserveExporting: (state) => state.exporting,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof siteReserveSlice> {}
}

// Loaded with the 预约 page, not with the app: the slice joins the store as its code arrives.
const injected = siteReserveSlice.injectInto(rootReducer);

export const {
  reservePageOpened,
  reserveSummaryOpened,
  reserveStateLoaded,
  reserveStateFailed,
  reserveListPageChanged,
  reserveListLoaded,
  reserveListFailed,
  settingsSaveRequested,
  settingsSaved,
  settingsSaveFailed,
  codesUploadRequested,
  codesGenerateRequested,
  codesAdded,
  codesAddFailed,
  recordDeleteRequested,
  recordDeleted,
  recordDeleteFailed,
  exportRequested,
  exportFinished,
} = siteReserveSlice.actions;

export const {
  selectReserveSite,
  selectReserveStatus,
  selectReserveFailure,
  selectReserveOwner,
  selectReserveSaving,
  selectAddingCodes,
  selectLastCodesAdd,
  selectReserveList,
  selectDeletingRecordId,
  selectReserveExporting,
} = injected.selectors;
