import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PublishAnswer, PublishedPageTakedown } from '../../../contract/builder';
import { loggedIn, sessionEnded } from '../auth/authSlice';
import { rootReducer } from '../../app/rootReducer';

/** What is published: a completed builder site (by id) or a created mini site (by folder). */
export type PublishTarget = { kind: 'builder'; id: number; name: string } | { kind: 'miniSite'; webSiteDir: string; name: string };

/** One key per site, for the button that spins. */
export const publishKey = (target: PublishTarget): string => (target.kind === 'builder' ? `builder:${target.id}` : `miniSite:${target.webSiteDir}`);

/**
 * 发布 / 更新发布 / 下线 (the site list and the mini-site preview): the call under way, the link
 * shown after a publish, and where each mini site asked about is published ('' for nowhere; the
 * site list carries its own sites' links).
 */
/** A link just published, with what the dialog says of it. */
export type PublishedLink = PublishAnswer & { siteName: string; kind: PublishTarget['kind'] };

export interface PublishingState {
  /** publishKey of the site whose publish or unpublish is under way: its buttons spin. */
  busyKey: string | null;
  /** The link just published, shown with its QR code; null when the dialog is closed. */
  shown: PublishedLink | null;
  /** Mini sites' links by folder, once known. */
  miniSiteUrls: Record<string, string>;
  /** Mini sites an operator took down, by folder (the site list carries its own sites'). */
  miniSiteTakedowns: Record<string, PublishedPageTakedown>;
}

export const initialPublishingState: PublishingState = { busyKey: null, shown: null, miniSiteUrls: {}, miniSiteTakedowns: {} };

export const publishingSlice = createSlice({
  name: 'publishing',
  initialState: initialPublishingState,
  reducers: {
    /** 发布 or 更新发布. */
    publishRequested(state, action: PayloadAction<PublishTarget>) {
      state.busyKey = publishKey(action.payload);
    },
    /** 发布 goes on after the bind dialog (a merge's new login reset the state). */
    publishResumed(state, action: PayloadAction<PublishTarget>) {
      state.busyKey = publishKey(action.payload);
    },
    /** 下线, confirmed. */
    unpublishRequested(state, action: PayloadAction<PublishTarget>) {
      state.busyKey = publishKey(action.payload);
    },
    published(state, action: PayloadAction<PublishedLink>) {
      state.shown = action.payload;
    },
    publishEnded(state) {
      state.busyKey = null;
    },
    publishedDialogClosed(state) {
      state.shown = null;
    },
    /** The mini-site preview opened: is this site published? */
    miniSitePublishStateRequested(_state, _action: PayloadAction<{ webSiteDir: string }>) {},
    miniSitePublishStateLoaded(state, action: PayloadAction<{ webSiteDir: string; url: string; takedown?: PublishedPageTakedown | null }>) {
      const { webSiteDir, url, takedown } = action.payload;
      state.miniSiteUrls[webSiteDir] = url;
      if (takedown) state.miniSiteTakedowns[webSiteDir] = takedown;
      else delete state.miniSiteTakedowns[webSiteDir];
    },
    /** 申请复审 of a site an operator took down (`slug`: its published page). */
    reviewRequested(state, action: PayloadAction<{ target: PublishTarget; slug: string }>) {
      state.busyKey = publishKey(action.payload.target);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialPublishingState);
    builder.addCase(loggedIn, () => initialPublishingState);
  },
  selectors: {
    selectPublishing: (state) => state,
    selectMiniSitePublishedUrl: (state, webSiteDir: string | null): string => (webSiteDir ? (state.miniSiteUrls[webSiteDir] ?? '') : ''),
    selectMiniSiteTakedown: (state, webSiteDir: string | null): PublishedPageTakedown | null => (webSiteDir ? (state.miniSiteTakedowns[webSiteDir] ?? null) : null),
  },
});

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof publishingSlice> {}
}

// Loaded with the pages that use it, not with the app: the slice joins the store as its code arrives.
const injected = publishingSlice.injectInto(rootReducer);

export const {
  publishRequested,
  publishResumed,
  unpublishRequested,
  published,
  publishEnded,
  publishedDialogClosed,
  miniSitePublishStateRequested,
  miniSitePublishStateLoaded,
  reviewRequested,
} = publishingSlice.actions;
export const { selectPublishing, selectMiniSitePublishedUrl, selectMiniSiteTakedown } = injected.selectors;
