import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { AccountRole, ConsoleUser, ConsoleUserDetail } from '../../../../contract/operators';
import { rootReducer } from '../../../app/rootReducer';
import { loggedIn, sessionEnded } from '../../auth/authSlice';

type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** A change to an account the operator asked for: its button spins, its dialog waits for the answer. */
export type AccountChange = { id: number } & ({ kind: 'disable'; reason: string } | { kind: 'enable' } | { kind: 'role'; role: AccountRole });

export interface ConsoleUsersState {
  query: { q: string; page: number };
  status: LoadStatus;
  list: ConsoleUser[];
  total: number;
  /** The account open in the drawer. */
  detail: { id: number; status: LoadStatus; data: ConsoleUserDetail | null } | null;
  changing: AccountChange | null;
  /** Bumped when a change went through: the stop dialog closes. */
  changesDone: number;
}

export const initialConsoleUsersState: ConsoleUsersState = { query: { q: '', page: 1 }, status: 'idle', list: [], total: 0, detail: null, changing: null, changesDone: 0 };

/** The console's 用户 page: accounts found by phone, name or id; one open with what it made. */
export const consoleUsersSlice = createSlice({
  name: 'consoleUsers',
  initialState: initialConsoleUsersState,
  reducers: {
    usersPageOpened(state) {
      state.status = 'loading';
    },
    usersSearched(state, action: PayloadAction<{ q: string }>) {
      state.query = { q: action.payload.q.trim(), page: 1 };
      state.status = 'loading';
    },
    usersPageChanged(state, action: PayloadAction<{ page: number }>) {
      state.query.page = Math.max(1, Math.floor(action.payload.page) || 1);
      state.status = 'loading';
    },
    usersLoaded(state, action: PayloadAction<{ list: ConsoleUser[]; total: number }>) {
      state.status = 'succeeded';
      state.list = action.payload.list;
      state.total = action.payload.total;
    },
    usersFailed(state) {
      state.status = 'failed';
    },
    userOpened(state, action: PayloadAction<{ id: number }>) {
      state.detail = { id: action.payload.id, status: 'loading', data: state.detail?.id === action.payload.id ? state.detail.data : null };
    },
    userLoaded(state, action: PayloadAction<ConsoleUserDetail>) {
      if (state.detail?.id === action.payload.user.id) state.detail = { id: action.payload.user.id, status: 'succeeded', data: action.payload };
    },
    userFailed(state, action: PayloadAction<{ id: number }>) {
      if (state.detail?.id === action.payload.id) state.detail.status = 'failed';
    },
    userClosed(state) {
      state.detail = null;
    },
    accountChangeRequested(state, action: PayloadAction<AccountChange>) {
      state.changing = action.payload;
    },
    accountChangeFinished(state, action: PayloadAction<{ done: boolean }>) {
      state.changing = null;
      if (action.payload.done) state.changesDone += 1;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialConsoleUsersState);
    builder.addCase(loggedIn, () => initialConsoleUsersState);
  },
  selectors: {
    selectUsersQuery: (state) => state.query,
    selectUsersStatus: (state) => state.status,
    selectUsers: (state) => state.list,
    selectUsersTotal: (state) => state.total,
    selectUserDetail: (state) => state.detail,
    selectAccountChange: (state) => state.changing,
    selectChangesDone: (state) => state.changesDone,
  },
});

declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof consoleUsersSlice> {}
}

// Loaded with the console's page, not with the app: the slice joins the store as its code arrives.
const injected = consoleUsersSlice.injectInto(rootReducer);

export const { usersPageOpened, usersSearched, usersPageChanged, usersLoaded, usersFailed, userOpened, userLoaded, userFailed, userClosed, accountChangeRequested, accountChangeFinished } =
  consoleUsersSlice.actions;
export const { selectUsersQuery, selectUsersStatus, selectUsers, selectUsersTotal, selectUserDetail, selectAccountChange, selectChangesDone } = injected.selectors;
