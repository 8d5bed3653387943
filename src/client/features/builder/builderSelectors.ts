import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import { hasEdits } from './builder.types';
import { builderSampleFields } from './builderRules';

export const selectBuilder = (state: RootState) => state.builder;
export const selectBuilderSite = (state: RootState) => state.builder.site;
export const selectBuilderStatus = (state: RootState) => state.builder.status;
export const selectStoredSiteId = (state: RootState) => state.builder.siteId;
export const selectPendingEdits = (state: RootState) => state.builder.pending;
/** Edits the server has not confirmed: saved on leaving the page and when back online. */
export const selectIsDirty = (state: RootState) => hasEdits(state.builder.pending);
export const selectSaveStatus = (state: RootState) => state.builder.saveStatus;
export const selectActiveTab = (state: RootState) => state.builder.activeTab;
export const selectPicker = (state: RootState) => state.builder.picker;
export const selectBannerJob = (state: RootState) => state.builder.banner;
export const selectBuilderUploads = (state: RootState) => state.builder.uploads;
export const selectCompleting = (state: RootState) => state.builder.completing;
export const selectPreviewLoads = (state: RootState) => state.builder.previewLoads;
export const selectCanUndo = (state: RootState) => state.builder.history.past.length > 0;
export const selectCanRedo = (state: RootState) => state.builder.history.future.length > 0;
/** The banner dialog shows while the job is sent, polled and finishing (not during the queue question). */
export const selectBannerDialogOpen = (state: RootState) => ['sending', 'rendering', 'finishing'].includes(state.builder.banner.status);
export const selectBannerBusy = (state: RootState) => state.builder.banner.status !== 'idle';

/** The fields still as their templates made them: listed before 生成并下载. */
export const selectBuilderSampleFields = createSelector([selectBuilderSite], (site) => (site ? builderSampleFields(site) : []));
