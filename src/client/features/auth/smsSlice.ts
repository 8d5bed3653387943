import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { SmsCodePurpose } from '../../../contract/auth';
import type { SmsFormId } from './auth.types';
import { rootReducer } from '../../app/rootReducer';

/** The SMS-code button of one form: idle, sending, or counting down to the next allowed send. */
export type SmsButtonStatus = 'idle' | 'sending' | 'countingDown';

export interface SmsButtonState {
  status: SmsButtonStatus;
  secondsLeft: number;
}

export type SmsState = Record<SmsFormId, SmsButtonState>;

const idle: SmsButtonState = { status: 'idle', secondsLeft: 0 };
const initialState: SmsState = { register: idle, forget: idle, personal: idle, login: idle, bind: idle };

export interface SmsCodeRequestedPayload {
  form: SmsFormId;
  phone: string | undefined;
  purpose: SmsCodePurpose;
}

export const smsSlice = createSlice({
  name: 'sms',
  initialState,
  reducers: {
    /** The user pressed 获取验证码; the saga checks the phone and asks for a captcha first. */
    codeRequested(_state, _action: PayloadAction<SmsCodeRequestedPayload>) {},
    /** The captcha passed: the send is under way. */
    codeSendStarted(state, action: PayloadAction<{ form: SmsFormId }>) {
      state[action.payload.form] = { status: 'sending', secondsLeft: 0 };
    },
    codeSent(state, action: PayloadAction<{ form: SmsFormId; secondsLeft: number }>) {
      state[action.payload.form] = { status: 'countingDown', secondsLeft: action.payload.secondsLeft };
    },
    codeSendFailed(state, action: PayloadAction<{ form: SmsFormId }>) {
      state[action.payload.form] = idle;
    },
    countdownTicked(state, action: PayloadAction<{ form: SmsFormId; secondsLeft: number }>) {
      state[action.payload.form].secondsLeft = action.payload.secondsLeft;
    },
    countdownFinished(state, action: PayloadAction<{ form: SmsFormId }>) {
      state[action.payload.form] = idle;
    },
    /** The form went away: the server's own 60 s limit still guards the next send. */
    countdownCancelled(state, action: PayloadAction<{ form: SmsFormId }>) {
      state[action.payload.form] = idle;
    },
  },
  selectors: {
    selectSmsButton: (state, form: SmsFormId) => state[form],
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof smsSlice> {}
}

// Loaded with the account forms, not with the app: the slice joins the store as its code arrives.
const injected = smsSlice.injectInto(rootReducer);

export const {
  codeRequested: smsCodeRequested,
  codeSendStarted: smsCodeSendStarted,
  codeSent: smsCodeSent,
  codeSendFailed: smsCodeSendFailed,
  countdownTicked: smsCountdownTicked,
  countdownFinished: smsCountdownFinished,
  countdownCancelled: smsCountdownCancelled,
} = smsSlice.actions;
export const { selectSmsButton } = injected.selectors;
