import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { StorageUsage } from '../../../contract/storageQuota';
import type { RequestStatus } from '../auth/auth.types';
import { rootReducer } from '../../app/rootReducer';

/** The personal centre's two forms (spec screen 6): user name and password (or phone binding); and the storage the user keeps. */
export interface PersonalState {
  nameStatus: RequestStatus;
  passwordStatus: RequestStatus;
  /** 存储空间: null until it has been read. */
  storage: StorageUsage | null;
}

const initialState: PersonalState = { nameStatus: 'idle', passwordStatus: 'idle', storage: null };

export interface PasswordChangePayload {
  /** The account's own phone, or the phone to bind when the account has none (QR account). */
  mobile: string;
  password: string;
  verifyCode: string;
}

export const personalSlice = createSlice({
  name: 'personal',
  initialState,
  reducers: {
    userNameChangeRequested(state, _action: PayloadAction<{ name: string }>) {
      state.nameStatus = 'loading';
    },
    userNameChanged(state) {
      state.nameStatus = 'succeeded';
    },
    userNameChangeFailed(state) {
      state.nameStatus = 'failed';
    },
    passwordChangeRequested(state, _action: PayloadAction<PasswordChangePayload>) {
      state.passwordStatus = 'loading';
    },
    passwordChanged(state) {
      state.passwordStatus = 'succeeded';
    },
    passwordChangeFailed(state) {
      state.passwordStatus = 'failed';
    },
    storageUsageRequested() {},
    storageUsageLoaded(state, action: PayloadAction<StorageUsage>) {
      state.storage = action.payload;
    },
  },
  selectors: {
    selectNameStatus: (state) => state.nameStatus,
    selectPasswordStatus: (state) => state.passwordStatus,
    selectStorageUsage: (state) => state.storage,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof personalSlice> {}
}

// Loaded with the pages that use it, not with the app: the slice joins the store as its code arrives.
const injected = personalSlice.injectInto(rootReducer);

export const {
  userNameChangeRequested,
  userNameChanged,
  userNameChangeFailed,
  passwordChangeRequested,
  passwordChanged,
  passwordChangeFailed,
  storageUsageRequested,
  storageUsageLoaded,
} = personalSlice.actions;
export const { selectNameStatus, selectPasswordStatus, selectStorageUsage } = injected.selectors;
