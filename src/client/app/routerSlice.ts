import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AppLocation {
  pathname: string;
  /** With its leading '?', or '' when there is none. */
  search: string;
}

/** Where the user is, mirrored from the data router so that sagas can react to navigation. */
export interface RouterState {
  location: AppLocation | null;
}

const initialState: RouterState = { location: null };

export const routerSlice = createSlice({
  name: 'router',
  initialState,
  reducers: {
    /** A navigation finished (also dispatched once at start). Tracking and cancellations listen to it. */
    locationChanged(state, action: PayloadAction<AppLocation>) {
      state.location = action.payload;
    },
  },
  selectors: {
    selectLocation: (state) => state.location,
  },
});

export const { locationChanged } = routerSlice.actions;
export const { selectLocation } = routerSlice.selectors;
