import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { BannerCutsAnswer } from '../../../contract/generation';
import { rootReducer } from '../../app/rootReducer';

/**
 * The banner preview's phone cut and WebM videos: made after the MP4 the user waited for, the phone
 * cut first, so the page asks for them until all are there ('making'), shows the phone cut as soon
 * as it comes (`cuts` holds its URLs), and says when all are made ('ready'); 'failed' when they did
 * not all come (the zip still gets them on a later 下载; a phone cut that came stays shown).
 * `portraitProgress`: how far the phone cut is, in percent, while it is made.
 */
export interface BannerCutsState {
  bannerUrl: string | null;
  status: 'idle' | 'making' | 'ready' | 'failed';
  portraitProgress: number;
  cuts: BannerCutsAnswer | null;
}

export const initialBannerCutsState: BannerCutsState = { bannerUrl: null, status: 'idle', portraitProgress: 0, cuts: null };

export const bannerCutsSlice = createSlice({
  name: 'bannerCuts',
  initialState: initialBannerCutsState,
  reducers: {
    /** The preview page of this banner opened: its cuts are asked for. */
    cutsWatched(_state, action: PayloadAction<{ bannerUrl: string }>) {
      return { bannerUrl: action.payload.bannerUrl, status: 'making', portraitProgress: 0, cuts: null };
    },
    /** The phone cut is being made: this far (percent). */
    portraitProgressed(state, action: PayloadAction<number>) {
      state.portraitProgress = action.payload;
    },
    /** The phone cut is made; the WebMs are still being made. */
    phoneCutReady(state, action: PayloadAction<BannerCutsAnswer>) {
      state.portraitProgress = 100;
      state.cuts = action.payload;
    },
    cutsReady(state, action: PayloadAction<BannerCutsAnswer>) {
      state.status = 'ready';
      state.portraitProgress = 100;
      state.cuts = action.payload;
    },
    cutsFailed(state) {
      state.status = 'failed';
    },
    /** The page closed: the asking stops. */
    cutsUnwatched() {
      return initialBannerCutsState;
    },
  },
  selectors: {
    selectBannerCuts: (state) => state,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof bannerCutsSlice> {}
}

// Loaded with the pages that use it, not with the app: the slice joins the store as its code arrives.
const injected = bannerCutsSlice.injectInto(rootReducer);

export const { cutsWatched, portraitProgressed, phoneCutReady, cutsReady, cutsFailed, cutsUnwatched } = bannerCutsSlice.actions;
export const { selectBannerCuts } = injected.selectors;
