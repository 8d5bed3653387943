import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CaptchaAnswer } from '../../../contract/auth';
import type { CaptchaPurpose } from './auth.types';
import { rootReducer } from '../../app/rootReducer';

/** The graphic captcha dialog (spec screen 19); `closed` means it is not shown. */
export type CaptchaStatus = 'closed' | 'loading' | 'ready' | 'verifying' | 'fetchFailed';

export interface CaptchaState {
  status: CaptchaStatus;
  /** The action waiting for the pass (an SMS send or a login retry). */
  purpose: CaptchaPurpose | null;
  captchaId: string | null;
  image: string | null;
}

const initialState: CaptchaState = { status: 'closed', purpose: null, captchaId: null, image: null };

export const captchaSlice = createSlice({
  name: 'captcha',
  initialState,
  reducers: {
    /** A saga needs a passed captcha: the dialog opens and fetches an image. */
    requested(state, action: PayloadAction<{ purpose: CaptchaPurpose }>) {
      state.status = 'loading';
      state.purpose = action.payload.purpose;
      state.captchaId = null;
      state.image = null;
    },
    /** The user clicked the image. */
    refreshRequested(state) {
      state.status = 'loading';
    },
    // An answer that arrives after the dialog was closed must not open it again.
    imageLoaded(state, action: PayloadAction<CaptchaAnswer>) {
      if (state.status === 'closed') return;
      state.status = 'ready';
      state.captchaId = action.payload.captchaId;
      state.image = action.payload.img;
    },
    fetchFailed(state) {
      if (state.status === 'closed') return;
      state.status = 'fetchFailed';
    },
    submitted(state, _action: PayloadAction<{ code: string }>) {
      state.status = 'verifying';
    },
    /** Wrong or expired code: a fresh image follows (the old captcha is void after one check). */
    verifyFailed(state) {
      if (state.status === 'closed') return;
      state.status = 'loading';
    },
    passed(state, _action: PayloadAction<{ captchaId: string }>) {
      Object.assign(state, initialState);
    },
    dismissed(state) {
      Object.assign(state, initialState);
    },
  },
  selectors: {
    selectCaptcha: (state) => state,
    selectCaptchaId: (state) => state.captchaId,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof captchaSlice> {}
}

// Loaded with the account forms, not with the app: the slice joins the store as its code arrives.
const injected = captchaSlice.injectInto(rootReducer);

export const {
  requested: captchaRequested,
  refreshRequested: captchaRefreshRequested,
  imageLoaded: captchaImageLoaded,
  fetchFailed: captchaFetchFailed,
  submitted: captchaSubmitted,
  verifyFailed: captchaVerifyFailed,
  passed: captchaPassed,
  dismissed: captchaDismissed,
} = captchaSlice.actions;
export const { selectCaptcha, selectCaptchaId } = injected.selectors;
