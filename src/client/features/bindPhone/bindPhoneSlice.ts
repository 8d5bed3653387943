import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountSummary, BindPhoneRequest, KeptAccount } from '../../../contract/auth';
import { sessionEnded } from '../auth/authSlice';

/** Why the dialog opened: from 个人中心, or because 发布 needs a phone (it publishes after). */
export type BindPhoneReason = 'personal' | 'publish';

/** The phone has an account of its own: the two accounts to choose between, and the proof for the merge. */
export interface MergeChoice extends BindPhoneRequest {
  current: AccountSummary;
  phone: AccountSummary;
}

/**
 * 绑定手机号 (a WeChat-only account): the dialog, the call under way, and, when the phone already
 * has an account, the choice of the account to keep.
 */
export interface BindPhoneState {
  open: boolean;
  reason: BindPhoneReason;
  status: 'idle' | 'binding' | 'merging';
  choice: MergeChoice | null;
}

export const initialBindPhoneState: BindPhoneState = { open: false, reason: 'personal', status: 'idle', choice: null };

export const bindPhoneSlice = createSlice({
  name: 'bindPhone',
  initialState: initialBindPhoneState,
  reducers: {
    /** The dialog opens on its first step (phone and SMS code). */
    bindPhoneOpened(_state, action: PayloadAction<{ reason: BindPhoneReason }>) {
      return { ...initialBindPhoneState, open: true, reason: action.payload.reason };
    },
    /** Closed without binding: whoever waits for the phone gives up. */
    bindPhoneCancelled() {
      return initialBindPhoneState;
    },
    bindPhoneSubmitted(state, _action: PayloadAction<BindPhoneRequest>) {
      state.status = 'binding';
    },
    /** The phone has an account: the dialog turns to the choice. */
    mergeChoiceOffered(state, action: PayloadAction<MergeChoice>) {
      state.status = 'idle';
      state.choice = action.payload;
    },
    /** 返回 from the choice to the phone and code. */
    mergeChoiceLeft(state) {
      state.choice = null;
    },
    mergeSubmitted(state, _action: PayloadAction<{ keep: KeptAccount }>) {
      state.status = 'merging';
    },
    bindPhoneFailed(state) {
      state.status = 'idle';
    },
    /** The account has its phone now (bound, or merged into the account kept): the dialog closes. */
    phoneBound() {
      return initialBindPhoneState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialBindPhoneState);
  },
  selectors: {
    selectBindPhone: (state) => state,
    selectBindPhoneOpen: (state) => state.open,
  },
});

export const { bindPhoneOpened, bindPhoneCancelled, bindPhoneSubmitted, mergeChoiceOffered, mergeChoiceLeft, mergeSubmitted, bindPhoneFailed, phoneBound } = bindPhoneSlice.actions;
export const { selectBindPhone, selectBindPhoneOpen } = bindPhoneSlice.selectors;
