import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PhonePreviewAnswer } from '../../../contract/builder';
import type { RequestStatus } from '../auth/auth.types';
import { sessionEnded } from '../auth/authSlice';
import { rootReducer } from '../../app/rootReducer';

/** Whose preview a phone opens: a builder site (by id) or a created mini site (by folder). */
export type PhonePreviewTarget = { kind: 'builder'; id: number } | { kind: 'miniSite'; webSiteDir: string };

/** 手机预览 (the builder and the mini-site preview): the dialog, and the signed link with its QR code once the server gave it. */
export interface PhonePreviewState {
  /** The site asked for; null while the dialog is closed. */
  target: PhonePreviewTarget | null;
  status: RequestStatus;
  link: PhonePreviewAnswer | null;
}

export const initialPhonePreviewState: PhonePreviewState = { target: null, status: 'idle', link: null };

export const phonePreviewSlice = createSlice({
  name: 'phonePreview',
  initialState: initialPhonePreviewState,
  reducers: {
    /** 手机预览 (or 重试 in its dialog): the dialog opens and the saga asks for a link. */
    phonePreviewRequested(_state, action: PayloadAction<PhonePreviewTarget>) {
      return { target: action.payload, status: 'loading', link: null };
    },
    phonePreviewLoaded(state, action: PayloadAction<PhonePreviewAnswer>) {
      state.status = 'succeeded';
      state.link = action.payload;
    },
    phonePreviewFailed(state) {
      state.status = 'failed';
    },
    phonePreviewClosed() {
      return initialPhonePreviewState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialPhonePreviewState);
  },
  selectors: {
    selectPhonePreview: (state) => state,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof phonePreviewSlice> {}
}

// Loaded with the pages that use it, not with the app: the slice joins the store as its code arrives.
const injected = phonePreviewSlice.injectInto(rootReducer);

export const { phonePreviewRequested, phonePreviewLoaded, phonePreviewFailed, phonePreviewClosed } = phonePreviewSlice.actions;
export const { selectPhonePreview } = injected.selectors;
