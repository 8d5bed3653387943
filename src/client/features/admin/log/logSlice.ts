import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { OperatorActionEntry } from '../../../../contract/operators';
import { rootReducer } from '../../../app/rootReducer';
import { loggedIn, sessionEnded } from '../../auth/authSlice';

export interface OperatorLogState {
  page: number;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  list: OperatorActionEntry[];
  total: number;
}

export const initialOperatorLogState: OperatorLogState = { page: 1, status: 'idle', list: [], total: 0 };

/** The console's 操作日志: read only, newest first. */
export const operatorLogSlice = createSlice({
  name: 'operatorLog',
  initialState: initialOperatorLogState,
  reducers: {
    logPageOpened(state) {
      state.status = 'loading';
    },
    logPageChanged(state, action: PayloadAction<{ page: number }>) {
      state.page = Math.max(1, Math.floor(action.payload.page) || 1);
      state.status = 'loading';
    },
    logLoaded(state, action: PayloadAction<{ list: OperatorActionEntry[]; total: number }>) {
      state.status = 'succeeded';
      state.list = action.payload.list;
      state.total = action.payload.total;
    },
    logFailed(state) {
      state.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialOperatorLogState);
    builder.addCase(loggedIn, () => initialOperatorLogState);
  },
  selectors: {
    selectLogPage: (state) => state.page,
    selectLogStatus: (state) => state.status,
    selectLogEntries: (state) => state.list,
    selectLogTotal: (state) => state.total,
  },
});

declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof operatorLogSlice> {}
}

// Loaded with the console's page, not with the app: the slice joins the store as its code arrives.
const injected = operatorLogSlice.injectInto(rootReducer);

export const { logPageOpened, logPageChanged, logLoaded, logFailed } = operatorLogSlice.actions;
export const { selectLogPage, selectLogStatus, selectLogEntries, selectLogTotal } = injected.selectors;
