import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BannerTemplate } from '../../../contract/generation';
import type { ConfigGroup, CreateSiteAnswer, MusicItem, SiteCategory, SiteTemplate } from '../../../contract/miniSite';
import { addUploadCases, uploadEventsOf } from '../upload/uploadEvents';
import { ALL_CATEGORIES, type MiniSiteState } from './miniSite.types';

/**
 * What the mini-site screens load and do (spec screens 9 to 11): the template lists, the chosen
 * template's dynamic form, the music list, uploads and the site creation. Not persisted: all of it
 * is loaded again; what the user chose and typed lives in the selections slice.
 */
export const initialMiniSiteState: MiniSiteState = {
  categories: { status: 'idle', items: [] },
  templates: { status: 'idle', categoryId: ALL_CATEGORIES, page: 1, total: 0, items: [] },
  templateConfig: { status: 'idle', templateId: null, groups: [] },
  music: { status: 'idle', items: [] },
  uploads: {},
  creation: { status: 'idle' },
};

/**
 * The user picked a picture for an image field. The File rides in the action (the store's
 * serializable check lets this one through): the saga checks it and uploads it.
 */
export const imageUploadRequested = createAction<{ key: string; file: File }>('miniSite/imageUploadRequested');

/** The user asked to create the site (生成网站). The saga checks everything and decides. */
export const siteCreationRequested = createAction('miniSite/siteCreationRequested');

/**
 * The config page needs the banner style a site template is designed around (its banner_id): the
 * saga finds it in the banner catalogue and answers with `defaultBannerFound`.
 */
export const defaultBannerRequested = createAction<{ bannerId: number }>('miniSite/defaultBannerRequested');
export const defaultBannerFound = createAction<{ template: BannerTemplate }>('miniSite/defaultBannerFound');

/** An image field's upload; the field's value becomes the upload's shortUrl (the selections slice keeps it). */
export const miniSiteUploadEvents = uploadEventsOf('miniSite');
export const { uploadStarted, uploadProgressed, uploadSucceeded, uploadFailed, uploadStopped } = miniSiteUploadEvents;

export const miniSiteSlice = createSlice({
  name: 'miniSite',
  initialState: initialMiniSiteState,
  reducers: {
    categoriesRequested(state) {
      state.categories.status = 'loading';
    },
    categoriesLoaded(state, action: PayloadAction<{ items: SiteCategory[] }>) {
      state.categories = { status: 'succeeded', items: action.payload.items };
    },
    /** Spec section 7: a category bar that fails to load is just '全部', and nothing is said. */
    categoriesFailed(state) {
      state.categories = { status: 'failed', items: [] };
    },
    templatesRequested(state, action: PayloadAction<{ categoryId: number; page: number }>) {
      const { categoryId, page } = action.payload;
      // Another category's cards are not this one's: they go at once rather than linger under the new tab.
      if (categoryId !== state.templates.categoryId) state.templates = { ...state.templates, items: [], total: 0 };
      state.templates.status = 'loading';
      state.templates.categoryId = categoryId;
      state.templates.page = page;
    },
    templatesLoaded(state, action: PayloadAction<{ categoryId: number; page: number; total: number; items: SiteTemplate[] }>) {
      state.templates = { status: 'succeeded', ...action.payload };
    },
    /** Spec section 7: a failed list is an empty list, shown as the empty state, and nothing is said. */
    templatesFailed(state) {
      state.templates.status = 'failed';
      state.templates.total = 0;
      state.templates.items = [];
    },
    templateConfigRequested(state, action: PayloadAction<{ templateId: number }>) {
      const { templateId } = action.payload;
      if (state.templateConfig.templateId !== templateId) state.templateConfig.groups = [];
      state.templateConfig.status = 'loading';
      state.templateConfig.templateId = templateId;
    },
    templateConfigLoaded(state, action: PayloadAction<{ templateId: number; groups: ConfigGroup[] }>) {
      state.templateConfig = { status: 'succeeded', ...action.payload };
    },
    templateConfigFailed(state) {
      state.templateConfig.status = 'failed';
      state.templateConfig.groups = [];
    },
    musicRequested(state) {
      state.music.status = 'loading';
    },
    musicLoaded(state, action: PayloadAction<{ items: MusicItem[] }>) {
      state.music = { status: 'succeeded', items: action.payload.items };
    },
    /** The music field then offers only '不使用背景音乐'. */
    musicFailed(state) {
      state.music = { status: 'failed', items: [] };
    },
    /** Every check passed up to the login: the 生成网站 button spins. */
    creationAccepted(state) {
      state.creation.status = 'checking';
    },
    /** The create call left: the page shows the wait. */
    creationSent(state) {
      state.creation.status = 'creating';
    },
    siteCreated(state, _action: PayloadAction<CreateSiteAnswer>) {
      state.creation.status = 'succeeded';
    },
    /** The user has been told why. */
    creationFailed(state) {
      state.creation.status = 'failed';
    },
    /** Ended without a site and without an error: login dialog closed, page left. */
    creationStopped(state) {
      state.creation.status = 'idle';
    },
  },
  extraReducers: (builder) => {
    addUploadCases(builder, miniSiteUploadEvents, (state) => state.uploads);
  },
  selectors: {
    selectSiteCategories: (state) => state.categories.items,
    selectSiteTemplateList: (state) => state.templates,
    selectTemplateConfig: (state) => state.templateConfig,
    selectMusic: (state) => state.music,
    selectUploads: (state) => state.uploads,
    selectCreationStatus: (state) => state.creation.status,
    selectCreationBusy: (state) => state.creation.status === 'checking' || state.creation.status === 'creating',
  },
});

export const {
  categoriesRequested,
  categoriesLoaded,
  categoriesFailed,
  templatesRequested,
  templatesLoaded,
  templatesFailed,
  templateConfigRequested,
  templateConfigLoaded,
  templateConfigFailed,
  musicRequested,
  musicLoaded,
  musicFailed,
  creationAccepted,
  creationSent,
  siteCreated,
  creationFailed,
  creationStopped,
} = miniSiteSlice.actions;

export const {
  selectSiteCategories,
  selectSiteTemplateList,
  selectTemplateConfig,
  selectMusic,
  selectUploads,
  selectCreationStatus,
  selectCreationBusy,
} = miniSiteSlice.selectors;
