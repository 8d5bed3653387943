import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { SiteConfig } from '../../../../contract/common';
import { SETTING_KEYS, type ConsoleSettings, type SettingKey, type SettingsUpdate, type SettingsValues } from '../../../../contract/siteSettings';
import { rootReducer } from '../../../app/rootReducer';
import type { RequestStatus } from '../../auth/auth.types';
import { loggedIn, sessionEnded } from '../../auth/authSlice';
import { addUploadCases, uploadEventsOf } from '../../upload/uploadEvents';
import type { UploadState } from '../../upload/upload.types';

/** The console's 站点设置 page: the settings as stored, the operator's edits, and the pictures going up. */
export interface SettingsState {
  status: RequestStatus;
  /** As the server last answered. */
  stored: ConsoleSettings | null;
  /** What the form shows: the stored values with the operator's edits. */
  draft: SettingsValues | null;
  saving: boolean;
  /** Picture uploads by setting key. */
  uploads: Record<string, UploadState>;
}

export const initialSettingsState: SettingsState = { status: 'idle', stored: null, draft: null, saving: false, uploads: {} };

export const settingsUploadEvents = uploadEventsOf('adminSettings');

export const settingsSlice = createSlice({
  name: 'adminSettings',
  initialState: initialSettingsState,
  reducers: {
    /** The page opened: fetch the settings (edits of an earlier visit are dropped). */
    settingsOpened(state) {
      state.status = 'loading';
    },
    settingsLoaded(state, { payload }: PayloadAction<ConsoleSettings>) {
      state.status = 'succeeded';
      state.stored = payload;
      state.draft = { ...payload.values };
    },
    settingsLoadFailed(state) {
      state.status = 'failed';
    },
    settingEdited(state, { payload }: PayloadAction<{ key: SettingKey; value: string }>) {
      if (state.draft) state.draft[payload.key] = payload.value;
    },
    /** Back to what is stored, every edit dropped. */
    editsDiscarded(state) {
      if (state.stored) state.draft = { ...state.stored.values };
    },
    saveRequested(state) {
      state.saving = true;
    },
    /** Stored: the answer is the new baseline; edits made while saving are kept on top of it. */
    settingsSaved(state, { payload }: PayloadAction<{ settings: ConsoleSettings; sent: SettingsUpdate }>) {
      state.saving = false;
      const draft = state.draft ?? payload.settings.values;
      const editedMeanwhile = SETTING_KEYS.filter((key) => key in payload.sent && draft[key] !== payload.sent[key]);
      state.stored = payload.settings;
      state.draft = { ...payload.settings.values, ...Object.fromEntries(editedMeanwhile.map((key) => [key, draft[key]])) };
    },
    saveFailed(state) {
      state.saving = false;
    },
    fileUploadRequested: {
      reducer: () => {},
      prepare: (payload: { key: SettingKey; file: File }) => ({ payload }),
    },
  },
  extraReducers: (builder) => {
    addUploadCases(builder, settingsUploadEvents, (state) => state.uploads);
    builder.addCase(sessionEnded, () => initialSettingsState);
    builder.addCase(loggedIn, () => initialSettingsState);
  },
  selectors: {
    selectSettingsStatus: (state) => state.status,
    selectStoredSettings: (state) => state.stored,
    selectDraft: (state) => state.draft,
    selectSaving: (state) => state.saving,
    selectSettingsUploads: (state) => state.uploads,
  },
});

export const { settingsOpened, settingsLoaded, settingsLoadFailed, settingEdited, editsDiscarded, saveRequested, settingsSaved, saveFailed, fileUploadRequested } = settingsSlice.actions;
declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the slice's key in the state's type
  export interface LazyLoadedSlices extends WithSlice<typeof settingsSlice> {}
}

// Loaded with the console's page, not with the app: the slice joins the store as its code arrives.
const injectedSettingsSlice = settingsSlice.injectInto(rootReducer);

export const { selectSettingsStatus, selectStoredSettings, selectDraft, selectSaving, selectSettingsUploads } = injectedSettingsSlice.selectors;

/** The edits not saved yet, by key: what a save sends. */
export function unsavedOf(stored: ConsoleSettings | null, draft: SettingsValues | null): SettingsUpdate {
  if (!stored || !draft) return {};
  return Object.fromEntries(SETTING_KEYS.filter((key) => draft[key] !== stored.values[key]).map((key) => [key, draft[key]]));
}

/** The public site's config as the draft would make it: what the preview shows (as the server answers it). */
export function previewConfigOf(draft: SettingsValues, defaults: SettingsValues): SiteConfig {
  const { tutorial1: _1, tutorial2: _2, tutorial3: _3, tutorial4: _4, ...site } = draft;
  // No join link: the QR made from it is not there (common/repository.ts does the same).
  if (!site.qq1_link && site.qq1_url === defaults.qq1_url) site.qq1_url = '';
  return site;
}
