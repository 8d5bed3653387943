import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ConsolePublishedPage, ConsoleReport, PublishedStatus, ReportStatus } from '../../../../contract/moderation';
import { rootReducer } from '../../../app/rootReducer';
import { loggedIn, sessionEnded } from '../../auth/authSlice';

type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** A change the operator asked for: its button spins, its dialog waits for the answer. */
export type ModerationChange =
  | { kind: 'takedown'; slug: string; reason: string }
  | { kind: 'restore'; slug: string }
  | { kind: 'resolve'; id: number; action: 'takedown' | 'dismiss'; note: string };

export interface ConsoleModerationState {
  pages: { query: { q: string; status: PublishedStatus | ''; page: number }; status: LoadStatus; list: ConsolePublishedPage[]; total: number };
  reports: { query: { status: ReportStatus | ''; page: number }; status: LoadStatus; list: ConsoleReport[]; total: number };
  words: { status: LoadStatus; text: string; saving: boolean };
  changing: ModerationChange | null;
  /** Bumped when a change went through: its dialog closes. */
  changesDone: number;
}

export const initialConsoleModerationState: ConsoleModerationState = {
  pages: { query: { q: '', status: '', page: 1 }, status: 'idle', list: [], total: 0 },
  reports: { query: { status: 'open', page: 1 }, status: 'idle', list: [], total: 0 },
  words: { status: 'idle', text: '', saving: false },
  changing: null,
  changesDone: 0,
};

const page = (value: number): number => Math.max(1, Math.floor(value) || 1);

/** The console's 内容审核 page: published pages (下线 / 恢复), reports, and the sensitive words. */
export const consoleModerationSlice = createSlice({
  name: 'consoleModeration',
  initialState: initialConsoleModerationState,
  reducers: {
    pagesOpened(state) {
      state.pages.status = 'loading';
    },
    pagesSearched(state, action: PayloadAction<{ q: string; status: PublishedStatus | '' }>) {
      state.pages.query = { q: action.payload.q.trim(), status: action.payload.status, page: 1 };
      state.pages.status = 'loading';
    },
    pagesPageChanged(state, action: PayloadAction<{ page: number }>) {
      state.pages.query.page = page(action.payload.page);
      state.pages.status = 'loading';
    },
    pagesLoaded(state, action: PayloadAction<{ list: ConsolePublishedPage[]; total: number }>) {
      state.pages = { ...state.pages, status: 'succeeded', list: action.payload.list, total: action.payload.total };
    },
    pagesFailed(state) {
      state.pages.status = 'failed';
    },
    reportsOpened(state) {
      state.reports.status = 'loading';
    },
    reportsFiltered(state, action: PayloadAction<{ status: ReportStatus | '' }>) {
      state.reports.query = { status: action.payload.status, page: 1 };
      state.reports.status = 'loading';
    },
    reportsPageChanged(state, action: PayloadAction<{ page: number }>) {
      state.reports.query.page = page(action.payload.page);
      state.reports.status = 'loading';
    },
    reportsLoaded(state, action: PayloadAction<{ list: ConsoleReport[]; total: number }>) {
      state.reports = { ...state.reports, status: 'succeeded', list: action.payload.list, total: action.payload.total };
    },
    reportsFailed(state) {
      state.reports.status = 'failed';
    },
    wordsOpened(state) {
      state.words.status = 'loading';
    },
    wordsLoaded(state, action: PayloadAction<{ words: string }>) {
      state.words = { status: 'succeeded', text: action.payload.words, saving: false };
    },
    wordsFailed(state) {
      state.words.status = 'failed';
      state.words.saving = false;
    },
    wordsSaveRequested(state, _action: PayloadAction<{ words: string }>) {
      state.words.saving = true;
    },
    wordsSaveFailed(state) {
      state.words.saving = false;
    },
    changeRequested(state, action: PayloadAction<ModerationChange>) {
      state.changing = action.payload;
    },
    changeFinished(state, action: PayloadAction<{ done: boolean }>) {
      state.changing = null;
      if (action.payload.done) state.changesDone += 1;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialConsoleModerationState);
    builder.addCase(loggedIn, () => initialConsoleModerationState);
  },
  selectors: {
    selectPages: (state) => state.pages,
    selectReports: (state) => state.reports,
    selectWords: (state) => state.words,
    selectModerationChange: (state) => state.changing,
    selectModerationChangesDone: (state) => state.changesDone,
  },
});

declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof consoleModerationSlice> {}
}

// Loaded with the console's page, not with the app: the slice joins the store as its code arrives.
const injected = consoleModerationSlice.injectInto(rootReducer);

export const {
  pagesOpened,
  pagesSearched,
  pagesPageChanged,
  pagesLoaded,
  pagesFailed,
  reportsOpened,
  reportsFiltered,
  reportsPageChanged,
  reportsLoaded,
  reportsFailed,
  wordsOpened,
  wordsLoaded,
  wordsFailed,
  wordsSaveRequested,
  wordsSaveFailed,
  changeRequested,
  changeFinished,
} = consoleModerationSlice.actions;
export const { selectPages, selectReports, selectWords, selectModerationChange, selectModerationChangesDone } = injected.selectors;
