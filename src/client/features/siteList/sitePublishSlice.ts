import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublishAnswer } from '../../../contract/builder';
import { loggedIn, sessionEnded } from '../auth/authSlice';

/** 发布 / 更新发布 / 下线 from the site list: the call under way, and the link shown after a publish. */
export interface SitePublishState {
  /** The site whose publish or unpublish is under way: its buttons spin. */
  busyId: number | null;
  /** The link just published, shown with its QR code; null when the dialog is closed. */
  shown: (PublishAnswer & { siteName: string }) | null;
}

export const initialSitePublishState: SitePublishState = { busyId: null, shown: null };

export const sitePublishSlice = createSlice({
  name: 'sitePublish',
  initialState: initialSitePublishState,
  reducers: {
    /** 发布 or 更新发布 on a completed site's row. */
    publishRequested(state, action: PayloadAction<{ id: number; name: string }>) {
      state.busyId = action.payload.id;
    },
    /** 下线 confirmed on a published site's row. */
    unpublishRequested(state, action: PayloadAction<{ id: number }>) {
      state.busyId = action.payload.id;
    },
    published(state, action: PayloadAction<PublishAnswer & { siteName: string }>) {
      state.shown = action.payload;
    },
    publishEnded(state) {
      state.busyId = null;
    },
    publishedDialogClosed(state) {
      state.shown = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialSitePublishState);
    builder.addCase(loggedIn, () => initialSitePublishState);
  },
  selectors: {
    selectSitePublish: (state) => state,
  },
});

export const { publishRequested, unpublishRequested, published, publishEnded, publishedDialogClosed } = sitePublishSlice.actions;
export const { selectSitePublish } = sitePublishSlice.selectors;
