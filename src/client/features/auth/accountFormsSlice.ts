import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RegisterRequest } from '../../../contract/auth';
import type { RequestStatus } from './auth.types';

/** The register and forgot-password forms' submit status. */
export interface AccountFormsState {
  register: RequestStatus;
  resetPassword: RequestStatus;
}

const initialState: AccountFormsState = { register: 'idle', resetPassword: 'idle' };

/** Forgot password: editPassword without a token or openid. */
export interface PasswordResetPayload {
  mobile: string;
  password: string;
  verifyCode: string;
}

export const accountFormsSlice = createSlice({
  name: 'accountForms',
  initialState,
  reducers: {
    registerRequested(state, _action: PayloadAction<RegisterRequest>) {
      state.register = 'loading';
    },
    registerSucceeded(state) {
      state.register = 'succeeded';
    },
    registerFailed(state) {
      state.register = 'failed';
    },
    passwordResetRequested(state, _action: PayloadAction<PasswordResetPayload>) {
      state.resetPassword = 'loading';
    },
    passwordResetSucceeded(state) {
      state.resetPassword = 'succeeded';
    },
    passwordResetFailed(state) {
      state.resetPassword = 'failed';
    },
  },
  selectors: {
    selectRegisterStatus: (state) => state.register,
    selectPasswordResetStatus: (state) => state.resetPassword,
  },
});

export const {
  registerRequested,
  registerSucceeded,
  registerFailed,
  passwordResetRequested,
  passwordResetSucceeded,
  passwordResetFailed,
} = accountFormsSlice.actions;
export const { selectRegisterStatus, selectPasswordResetStatus } = accountFormsSlice.selectors;
