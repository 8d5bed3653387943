import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/rootReducer';

/** The video tutorial page (spec screen 18). */
export interface TutorialState {
  /** 'missing': the server has no video of that type; 'failed': the request itself failed. */
  status: 'idle' | 'loading' | 'succeeded' | 'missing' | 'failed';
  /** The flow whose video is shown (the address's ?type=). */
  type: string;
  videoUrl: string;
}

const initialState: TutorialState = { status: 'idle', type: '', videoUrl: '' };

export const tutorialSlice = createSlice({
  name: 'tutorial',
  initialState,
  reducers: {
    /** The page opened on a type, or the user switched to another flow's video (a new ?type=). */
    pageOpened(state, action: PayloadAction<{ type: string }>) {
      state.status = 'loading';
      state.type = action.payload.type;
      state.videoUrl = '';
    },
    videoLoaded(state, action: PayloadAction<{ videoUrl: string }>) {
      state.status = 'succeeded';
      state.videoUrl = action.payload.videoUrl;
    },
    /** The server has no video of that type: the page says so and goes home. */
    videoMissing(state) {
      state.status = 'missing';
    },
    loadFailed(state) {
      state.status = 'failed';
    },
  },
  selectors: {
    selectTutorialStatus: (state) => state.status,
    selectTutorialType: (state) => state.type,
    selectTutorialVideoUrl: (state) => state.videoUrl,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof tutorialSlice> {}
}

// Loaded with the pages that use it, not with the app: the slice joins the store as its code arrives.
const injected = tutorialSlice.injectInto(rootReducer);

export const { pageOpened, videoLoaded, videoMissing, loadFailed } = tutorialSlice.actions;
export const { selectTutorialStatus, selectTutorialType, selectTutorialVideoUrl } = injected.selectors;
