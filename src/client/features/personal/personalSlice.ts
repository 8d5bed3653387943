import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestStatus } from '../auth/auth.types';

/** The personal centre's two forms (spec screen 6): user name and password (or phone binding). */
export interface PersonalState {
  nameStatus: RequestStatus;
  passwordStatus: RequestStatus;
}

const initialState: PersonalState = { nameStatus: 'idle', passwordStatus: 'idle' };

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
  },
  selectors: {
    selectNameStatus: (state) => state.nameStatus,
    selectPasswordStatus: (state) => state.passwordStatus,
  },
});

export const {
  userNameChangeRequested,
  userNameChanged,
  userNameChangeFailed,
  passwordChangeRequested,
  passwordChanged,
  passwordChangeFailed,
} = personalSlice.actions;
export const { selectNameStatus, selectPasswordStatus } = personalSlice.selectors;
