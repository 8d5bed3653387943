import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { QrStatus } from '../../../contract/auth';
import type { LoginPlace } from './auth.types';
import { rootReducer } from '../../app/rootReducer';

/** What the QR pane shows: a spinner, the code, the scanned hint, or a mask that refreshes on click. */
export type QrLoginStatus = 'idle' | 'loading' | 'waiting' | 'scanned' | 'confirmed' | 'expired' | 'failed';

export interface QrLoginState {
  status: QrLoginStatus;
  /** Kept after a stop so that the next start voids it on the server. */
  ticket: string | null;
  /** The QR image as a data: URL. */
  image: string | null;
  secondsLeft: number;
  /** The link the code encodes, when the server shows it (the local provider): to open or copy by hand. */
  scanUrl: string | null;
  /** Why no code came, in the server's words (微信登录暂不可用…), when it said; null for the generic text. */
  failure: string | null;
}

const initialState: QrLoginState = { status: 'idle', ticket: null, image: null, secondsLeft: 0, scanUrl: null, failure: null };

export interface QrLoginStartedPayload {
  /** The host the page was served from, which the server writes into the scan link. */
  host: string;
  place: LoginPlace;
  /** The login page's `redirect` query (ignored in the dialog). */
  redirect?: string;
}

export const qrLoginSlice = createSlice({
  name: 'qrLogin',
  initialState,
  reducers: {
    /** The QR pane appeared, or the user clicked the expired mask: (re)start with a fresh code. */
    started(state, _action: PayloadAction<QrLoginStartedPayload>) {
      state.status = 'loading';
      state.image = null;
      state.scanUrl = null;
      state.failure = null;
    },
    /** The QR pane went away: polling ends. */
    stopped(state) {
      state.status = 'idle';
      state.image = null;
      state.scanUrl = null;
      state.secondsLeft = 0;
    },
    qrcodeReceived(state, action: PayloadAction<{ ticket: string; image: string; secondsLeft: number; scanUrl?: string }>) {
      state.status = 'waiting';
      state.ticket = action.payload.ticket;
      state.image = action.payload.image;
      state.secondsLeft = action.payload.secondsLeft;
      state.scanUrl = action.payload.scanUrl ?? null;
    },
    qrcodeFailed(state, action: PayloadAction<string | undefined>) {
      state.status = 'failed';
      state.failure = action.payload ?? null;
    },
    ticked(state, action: PayloadAction<number>) {
      state.secondsLeft = action.payload;
    },
    pollSucceeded(state, action: PayloadAction<Exclude<QrStatus, 'confirmed' | 'expired'>>) {
      state.status = action.payload;
    },
    expired(state) {
      state.status = 'expired';
      state.secondsLeft = 0;
    },
    confirmed(state) {
      state.status = 'confirmed';
      // The ticket is used up on the server; there is nothing left to void.
      state.ticket = null;
    },
  },
  selectors: {
    selectQrLogin: (state) => state,
    selectQrTicket: (state) => state.ticket,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof qrLoginSlice> {}
}

// Loaded with the account forms, not with the app: the slice joins the store as its code arrives.
const injected = qrLoginSlice.injectInto(rootReducer);

export const {
  started: qrLoginStarted,
  stopped: qrLoginStopped,
  qrcodeReceived: qrLoginQrcodeReceived,
  qrcodeFailed: qrLoginQrcodeFailed,
  ticked: qrLoginTicked,
  pollSucceeded: qrLoginPollSucceeded,
  expired: qrLoginExpired,
  confirmed: qrLoginConfirmed,
} = qrLoginSlice.actions;
export const { selectQrLogin, selectQrTicket } = injected.selectors;
