import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ConsoleOverview } from '../../../../contract/consoleQueue';
import { rootReducer } from '../../../app/rootReducer';
import { loggedIn, sessionEnded } from '../../auth/authSlice';

export interface ConsoleOverviewState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  figures: ConsoleOverview | null;
}

export const initialConsoleOverviewState: ConsoleOverviewState = { status: 'idle', figures: null };

/** The console's 概览: the figures as last read; a refresh keeps them on screen until the new ones come. */
export const consoleOverviewSlice = createSlice({
  name: 'consoleOverview',
  initialState: initialConsoleOverviewState,
  reducers: {
    overviewOpened(state) {
      state.status = 'loading';
    },
    overviewRefreshed(state) {
      state.status = 'loading';
    },
    overviewLoaded(state, action: PayloadAction<ConsoleOverview>) {
      state.status = 'succeeded';
      state.figures = action.payload;
    },
    overviewFailed(state) {
      state.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialConsoleOverviewState);
    builder.addCase(loggedIn, () => initialConsoleOverviewState);
  },
  selectors: {
    selectOverviewStatus: (state) => state.status,
    selectOverview: (state) => state.figures,
  },
});

declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof consoleOverviewSlice> {}
}

// Loaded with the console's page, not with the app: the slice joins the store as its code arrives.
const injected = consoleOverviewSlice.injectInto(rootReducer);

export const { overviewOpened, overviewRefreshed, overviewLoaded, overviewFailed } = consoleOverviewSlice.actions;
export const { selectOverviewStatus, selectOverview } = injected.selectors;
