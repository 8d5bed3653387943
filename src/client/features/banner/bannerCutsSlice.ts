import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BannerCutsAnswer } from '../../../contract/generation';

/**
 * The banner preview's phone cut: made after the MP4 the user waited for, so the page asks for it
 * until it is there ('making'), then shows it ('ready'); 'failed' when it did not come (the zip
 * still gets it on a later 下载).
 */
export interface BannerCutsState {
  bannerUrl: string | null;
  status: 'idle' | 'making' | 'ready' | 'failed';
  cuts: BannerCutsAnswer | null;
}

export const initialBannerCutsState: BannerCutsState = { bannerUrl: null, status: 'idle', cuts: null };

export const bannerCutsSlice = createSlice({
  name: 'bannerCuts',
  initialState: initialBannerCutsState,
  reducers: {
    /** The preview page of this banner opened: its cuts are asked for. */
    cutsWatched(_state, action: PayloadAction<{ bannerUrl: string }>) {
      return { bannerUrl: action.payload.bannerUrl, status: 'making', cuts: null };
    },
    cutsReady(state, action: PayloadAction<BannerCutsAnswer>) {
      state.status = 'ready';
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

export const { cutsWatched, cutsReady, cutsFailed, cutsUnwatched } = bannerCutsSlice.actions;
export const { selectBannerCuts } = bannerCutsSlice.selectors;
