import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { RegisterRequest } from '../../../contract/auth';
import type { LoginPlace, RequestStatus } from './auth.types';
import { rootReducer } from '../../app/rootReducer';

/** The register and forgot-password forms' submit status. */
export interface AccountFormsState {
  register: RequestStatus;
  resetPassword: RequestStatus;
}

const initialState: AccountFormsState = { register: 'idle', resetPassword: 'idle' };

/**
 * What the register form submits: the account (the API's body) and where the form is, the
 * register page (going to `redirect` after) or the login dialog (staying on its page).
 */
export interface RegisterRequestedPayload extends RegisterRequest {
  place?: LoginPlace;
  redirect?: string;
}

/** Forgot password: editPassword without a token or openid. */
export interface PasswordResetPayload {
  mobile: string;
  password: string;
  verifyCode: string;
  /** Where the login after it goes: the login page's `redirect`, carried along. */
  redirect?: string;
}

export const accountFormsSlice = createSlice({
  name: 'accountForms',
  initialState,
  reducers: {
    registerRequested(state, _action: PayloadAction<RegisterRequestedPayload>) {
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

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof accountFormsSlice> {}
}

// Loaded with the account forms, not with the app: the slice joins the store as its code arrives.
const injected = accountFormsSlice.injectInto(rootReducer);

export const {
  registerRequested,
  registerSucceeded,
  registerFailed,
  passwordResetRequested,
  passwordResetSucceeded,
  passwordResetFailed,
} = accountFormsSlice.actions;
export const { selectRegisterStatus, selectPasswordResetStatus } = injected.selectors;
