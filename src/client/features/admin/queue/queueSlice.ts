import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ConsoleJob, ConsoleJobList, ConsoleJobStatus } from '../../../../contract/consoleQueue';
import { rootReducer } from '../../../app/rootReducer';
import { loggedIn, sessionEnded } from '../../auth/authSlice';

export type JobAction = { id: string; kind: 'cancel' | 'retry' };

export interface ConsoleQueueState {
  /** The list shown and its page: replaced whole on a change, so that the saga sees one happened. */
  query: { status: ConsoleJobStatus; page: number };
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  list: ConsoleJob[];
  total: number;
  /** The server's time of the last answer: ages count from it. */
  now: number;
  /** The cancel or retry on its way, if any. */
  acting: JobAction | null;
}

export const initialConsoleQueueState: ConsoleQueueState = { query: { status: 'waiting', page: 1 }, status: 'idle', list: [], total: 0, now: 0, acting: null };

/** The console's 任务队列: one list at a time (waiting, running, failed), read again every few seconds while open. */
export const consoleQueueSlice = createSlice({
  name: 'consoleQueue',
  initialState: initialConsoleQueueState,
  reducers: {
    queuePageOpened(state) {
      state.status = 'loading';
    },
    queuePageClosed() {},
    queueListChanged(state, action: PayloadAction<{ status: ConsoleJobStatus }>) {
      state.query = { status: action.payload.status, page: 1 };
      state.status = 'loading';
      state.list = [];
    },
    queuePageChanged(state, action: PayloadAction<{ page: number }>) {
      state.query = { ...state.query, page: Math.max(1, Math.floor(action.payload.page) || 1) };
      state.status = 'loading';
    },
    /** An action went through: the list is read at once instead of at the next refresh. */
    queueRefreshRequested() {},
    jobsLoaded(state, action: PayloadAction<{ query: ConsoleQueueState['query']; answer: ConsoleJobList }>) {
      // An answer for a list no longer shown (the operator moved on meanwhile) is dropped.
      if (action.payload.query.status !== state.query.status || action.payload.query.page !== state.query.page) return;
      state.status = 'succeeded';
      state.list = action.payload.answer.list;
      state.total = action.payload.answer.total;
      state.now = action.payload.answer.now;
    },
    jobsFailed(state) {
      state.status = 'failed';
    },
    jobActionRequested(state, action: PayloadAction<JobAction>) {
      state.acting = action.payload;
    },
    jobActionFinished(state) {
      state.acting = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialConsoleQueueState);
    builder.addCase(loggedIn, () => initialConsoleQueueState);
  },
  selectors: {
    selectQueueQuery: (state) => state.query,
    selectQueueStatus: (state) => state.status,
    selectJobs: (state) => state.list,
    selectJobsTotal: (state) => state.total,
    selectJobsNow: (state) => state.now,
    selectJobAction: (state) => state.acting,
  },
});

declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof consoleQueueSlice> {}
}

// Loaded with the console's page, not with the app: the slice joins the store as its code arrives.
const injected = consoleQueueSlice.injectInto(rootReducer);

export const {
  queuePageOpened,
  queuePageClosed,
  queueListChanged,
  queuePageChanged,
  queueRefreshRequested,
  jobsLoaded,
  jobsFailed,
  jobActionRequested,
  jobActionFinished,
} = consoleQueueSlice.actions;
export const { selectQueueQuery, selectQueueStatus, selectJobs, selectJobsTotal, selectJobsNow, selectJobAction } = injected.selectors;
