import { createAction, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/rootReducer';

/**
 * Whether the server offers AI生成主视觉 (an AI image service is configured) and under which name:
 * asked once by the banner forms, never assumed, so that the choice shows only where it works.
 */
export interface KeyArtState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  available: boolean;
  /** The AI service's own name, shown beside the choice and with its pictures. */
  label: string;
}

export const initialKeyArtState: KeyArtState = { status: 'idle', available: false, label: '' };

/** A banner form showed: learn whether AI key art is offered (once a visit). */
export const keyArtProviderRequested = createAction('keyArt/providerRequested');

export const keyArtSlice = createSlice({
  name: 'keyArt',
  initialState: initialKeyArtState,
  reducers: {
    providerLoading(state) {
      state.status = 'loading';
    },
    providerLoaded(state, action: PayloadAction<{ available: boolean; label: string }>) {
      state.status = 'succeeded';
      state.available = action.payload.available;
      state.label = action.payload.label;
    },
    /** Unknown: offered as not available (uploading still works); asked again on the next form. */
    providerFailed(state) {
      state.status = 'failed';
      state.available = false;
    },
  },
  selectors: {
    selectKeyArtProvider: (state) => state,
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof keyArtSlice> {}
}

// Loaded with the pages that use it, not with the app: the slice joins the store as its code arrives.
const injected = keyArtSlice.injectInto(rootReducer);

export const { providerLoading: keyArtProviderLoading, providerLoaded: keyArtProviderLoaded, providerFailed: keyArtProviderFailed } = keyArtSlice.actions;
export const { selectKeyArtProvider } = injected.selectors;
