import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { BuilderLimits, COMPONENT_TYPES, type BuilderSite, type ComponentTemplate, type ComponentType } from '../../../contract/builder';
import { sessionEnded } from '../auth/authSlice';
import { siteDeleted, sitePreviewChanged, siteVersionRestored } from '../siteList/siteEvents';
import { addUploadCases, uploadEventsOf } from '../upload/uploadEvents';
import { UNDO_STEPS, editsAfterSave, emptyHistory, formDataWithEdits, layoutOf, type BuilderState, type DrawerTab, type EditKind, type EditStep, type FieldStep, type PendingEdits, type SiteLayout, type SiteOpening } from './builder.types';

export const initialPickerState: BuilderState['picker'] = { type: null, status: 'idle', page: 1, total: 0, items: [], selectedId: null, applying: false };
export const initialBannerJobState: BuilderState['banner'] = { status: 'idle', waitCount: 0, durationSeconds: BuilderLimits.defaultBannerSeconds, percent: 0 };

export const initialBuilderState: BuilderState = {
  siteId: null,
  previewUrl: '',
  site: null,
  status: 'idle',
  pending: {},
  saveStatus: 'idle',
  activeTab: 'main',
  picker: initialPickerState,
  banner: initialBannerJobState,
  uploads: {},
  completing: false,
  history: emptyHistory(),
  previewLoads: 0,
};

/** The builder page (`edit`) or the result page (`result`, which never makes a new site) opened. */
export const builderOpened = createAction<{ opening: SiteOpening; page: 'edit' | 'result' }>('builder/opened');
/**
 * Save now. `auto` (the debounce, the online event, leaving the page) saves only unsaved edits
 * quietly; `resources` (生成资源) saves and opens the result page; `manual` (保存配置) always
 * saves and says how it went.
 */
export const saveRequested = createAction<{ origin: 'auto' | 'resources' | 'manual' }>('builder/saveRequested');
/**
 * The site's logo should follow its name, LOGO文字 or logo style (a new site, a rename, a switch):
 * the save queue asks the server for it between saves, so that no save sends the old logo back.
 */
export const siteLogoRequested = createAction('builder/siteLogoRequested');
/** OK in the picker dialog: the saga checks a template was chosen and switches to it. */
export const pickerConfirmed = createAction('builder/pickerConfirmed');
/** 生成banner. */
export const bannerRequested = createAction('builder/bannerRequested');
/** The dialog's 取消: the banner saga stops. */
export const bannerCancelled = createAction('builder/bannerCancelled');
/** 生成并下载. */
export const completeRequested = createAction('builder/completeRequested');
/** A picture picked for an image field; the File rides in the action to the upload saga. */
export const imageUploadRequested = createAction<{ type: ComponentType; key: string; file: File }>('builder/imageUploadRequested');
/** A music field changed: the saga sets the site's music through setWebMusic. */
export const musicChosen = createAction<{ type: ComponentType; key: string; value: string }>('builder/musicChosen');
/** An image field's upload, by uploadKeyOf(type, key). */
export const builderUploadEvents = uploadEventsOf('builder');
export const { uploadStarted, uploadProgressed, uploadSucceeded, uploadFailed, uploadStopped } = builderUploadEvents;

function replaceSite(state: BuilderState, site: BuilderSite) {
  state.site = { ...site, formData: formDataWithEdits(site.formData, state.pending) };
  state.siteId = site.id;
  state.previewUrl = site.previewUrl;
}

/** Shows `layout` and marks its every value for the next save, which also sends its templates. */
function setLayout(state: BuilderState, layout: SiteLayout) {
  if (!state.site) return;
  Object.assign(state.site, layout);
  for (const type of COMPONENT_TYPES) state.pending[type] = { ...layout.formData[type] };
}

/** Whether the site as shown has the step's field (a template switch that history does not know of could take it away). */
function applies(state: BuilderState, step: EditStep): boolean {
  return step.kind === 'template' || (state.site !== null && step.key in (state.site.formData[step.type] ?? {}));
}

/** Sets a field as the user sees it and marks it for the next save. */
function setField(state: BuilderState, type: ComponentType, key: string, value: string) {
  if (!state.site) return;
  state.site.formData[type] = { ...state.site.formData[type], [key]: value };
  state.pending[type] = { ...state.pending[type], [key]: value };
}

/** Undo (the last step behind, back to `before`) or redo (the next ahead, to `after`). */
function moveStep(state: BuilderState, from: 'past' | 'future', value: 'before' | 'after') {
  let step = state.history[from].pop();
  // A step that can no longer be applied is dropped: one press always changes what the user sees.
  while (step && !applies(state, step)) step = state.history[from].pop();
  if (!step) return;
  if (step.kind === 'template') setLayout(state, step[value]);
  else setField(state, step.type, step.key, step[value]);
  state.history[from === 'past' ? 'future' : 'past'].push(step);
  state.history.open = false;
}

/** Notes an edit in the history: keystrokes in one field join its step; any new step clears what was undone. */
function record(state: BuilderState, step: EditStep, kind: EditKind) {
  const { history } = state;
  const last = history.past[history.past.length - 1];
  if (kind === 'typing' && step.kind === 'field' && history.open && last?.kind === 'field' && last.type === step.type && last.key === step.key) {
    last.after = step.after;
    // Typed back to where it began: nothing to undo.
    if (last.after === last.before) {
      history.past.pop();
      history.open = false;
    }
  } else {
    history.past.push(step);
    if (history.past.length > UNDO_STEPS) history.past.splice(0, history.past.length - UNDO_STEPS);
    history.open = kind === 'typing';
  }
  history.future = [];
}

export const builderSlice = createSlice({
  name: 'builder',
  initialState: initialBuilderState,
  reducers: {
    siteRequested(state) {
      state.status = 'loading';
    },
    /** A site opened or created: nothing of another site's is kept. */
    siteLoaded(state, action: PayloadAction<BuilderSite>) {
      state.pending = {};
      state.history = emptyHistory();
      state.saveStatus = 'idle';
      state.uploads = {};
      state.status = 'succeeded';
      replaceSite(state, action.payload);
    },
    siteFailed(state) {
      state.status = 'failed';
    },
    /** A call changed the site (template switched, banner set, music set): edits not yet saved stay on top. */
    siteReplaced(state, action: PayloadAction<BuilderSite>) {
      replaceSite(state, action.payload);
    },
    /** The session's site is gone (completed, or no longer the caller's): /createWeb starts a new one. */
    siteForgotten(state) {
      state.siteId = null;
      state.previewUrl = '';
    },
    tabChanged(state, action: PayloadAction<DrawerTab>) {
      state.activeTab = action.payload;
    },
    /**
     * Every keystroke: the form shows it at once, the debounced save sends it, and the history can
     * take it back (`kind`: typing unless said; `none` for values the user did not set).
     */
    fieldEdited(state, action: PayloadAction<{ type: ComponentType; key: string; value: string; kind?: EditKind }>) {
      const { type, key, value, kind = 'typing' } = action.payload;
      if (!state.site) return;
      const before = state.site.formData[type]?.[key] ?? '';
      setField(state, type, key, value);
      if (kind !== 'none' && before !== value) record(state, { kind: 'field', type, key, before, after: value }, kind);
    },
    /** A template (or a complete configuration) switched by the picker: one step to undo. */
    templateSwitched(state, action: PayloadAction<BuilderSite>) {
      if (!state.site) return;
      const before = layoutOf(state.site);
      replaceSite(state, action.payload);
      record(state, { kind: 'template', before, after: layoutOf(state.site) }, 'whole');
    },
    /** 撤销 (Ctrl/⌘+Z): the last step's field goes back; the auto-save sends it. */
    editUndone(state) {
      moveStep(state, 'past', 'before');
    },
    /** 重做 (Ctrl/⌘+Shift+Z): the step undone last comes back. */
    editRedone(state) {
      moveStep(state, 'future', 'after');
    },
    saveStarted(state) {
      state.saveStatus = 'saving';
    },
    /** `sent` is the edits the save carried: edits made while it was on its way stay pending. */
    saveSucceeded(state, action: PayloadAction<{ site: BuilderSite; sent: PendingEdits }>) {
      state.pending = editsAfterSave(state.pending, action.payload.sent);
      state.saveStatus = 'saved';
      replaceSite(state, action.payload.site);
    },
    /** No network: the edits stay pending and go again when the browser is back online. */
    saveOffline(state) {
      state.saveStatus = 'offline';
    },
    saveFailed(state) {
      state.saveStatus = 'failed';
    },
    pickerOpened(state, action: PayloadAction<{ type: ComponentType }>) {
      state.picker = { ...initialPickerState, type: action.payload.type, status: 'loading' };
    },
    pickerPageRequested(state, action: PayloadAction<{ page: number }>) {
      state.picker.status = 'loading';
      state.picker.page = action.payload.page;
    },
    pickerLoaded(state, action: PayloadAction<{ page: number; total: number; items: ComponentTemplate[] }>) {
      Object.assign(state.picker, { status: 'succeeded', ...action.payload });
    },
    /** Spec section 7: a list that fails to load is an empty list. */
    pickerFailed(state) {
      Object.assign(state.picker, { status: 'failed', total: 0, items: [] });
    },
    pickerSelected(state, action: PayloadAction<{ id: number }>) {
      state.picker.selectedId = action.payload.id;
    },
    /** The picker's choice is being applied (getWebUrl): its OK spins and the switch buttons wait. */
    templateApplyStarted(state) {
      state.picker.applying = true;
    },
    /** The switch was refused (the user has been told): the picker stays open for another try. */
    templateApplyFailed(state) {
      state.picker.applying = false;
    },
    pickerClosed(state) {
      state.picker = initialPickerState;
    },
    bannerSending(state) {
      state.banner = { ...initialBannerJobState, status: 'sending' };
    },
    bannerInquired(state, action: PayloadAction<{ waitCount: number }>) {
      state.banner.status = 'inquiring';
      state.banner.waitCount = action.payload.waitCount;
    },
    /** The queue question's answers. */
    bannerQueueConfirmed(state) {
      if (state.banner.status === 'inquiring') state.banner.status = 'sending';
    },
    bannerQueueDeclined(state) {
      if (state.banner.status === 'inquiring') state.banner = initialBannerJobState;
    },
    bannerRendering(state, action: PayloadAction<{ durationSeconds: number; waitCount: number }>) {
      state.banner = { status: 'rendering', percent: 0, ...action.payload };
    },
    bannerPolled(state, action: PayloadAction<{ waitCount: number }>) {
      state.banner.waitCount = action.payload.waitCount;
    },
    bannerProgressed(state, action: PayloadAction<{ percent: number }>) {
      state.banner.percent = action.payload.percent;
    },
    bannerFinishing(state) {
      state.banner.status = 'finishing';
      state.banner.percent = 100;
      state.banner.waitCount = 0;
    },
    bannerClosed(state) {
      state.banner = initialBannerJobState;
    },
    completeStarted(state) {
      state.completing = true;
    },
    completeEnded(state) {
      state.completing = false;
    },
  },
  extraReducers: (builder) => {
    addUploadCases(builder, builderUploadEvents, (state) => state.uploads);
    // Another account must not open this one's site from the same tab.
    builder.addCase(sessionEnded, () => initialBuilderState);
    // The session's site was deleted in the site list: /createWeb no longer reopens it.
    builder.addCase(siteDeleted, (state, action) => (state.siteId === action.payload.id || state.site?.id === action.payload.id ? initialBuilderState : state));
    // This site's 预约 settings were saved: its preview, at the same address, now shows them.
    builder.addCase(sitePreviewChanged, (state, action) => {
      if (action.payload.builderId !== undefined && state.site?.id === action.payload.builderId) state.previewLoads += 1;
    });
    // A version of this site became its draft (历史版本): the next opening reads it from the server.
    builder.addCase(siteVersionRestored, (state, action) => {
      if (state.site?.id !== action.payload.id) return;
      Object.assign(state, { site: null, status: 'idle', pending: {}, saveStatus: 'idle', uploads: {}, history: emptyHistory() });
    });
    // Shown at once and a step of its own; the saga sets it on the server (setWebMusic).
    builder.addCase(musicChosen, (state, action) => {
      const { type, key, value } = action.payload;
      if (!state.site) return;
      const before = state.site.formData[type]?.[key] ?? '';
      state.site.formData[type] = { ...state.site.formData[type], [key]: value };
      if (before !== value) record(state, { kind: 'field', type, key, before, after: value } satisfies FieldStep, 'whole');
    });
  },
});

export const {
  siteRequested,
  siteLoaded,
  siteFailed,
  siteReplaced,
  siteForgotten,
  tabChanged,
  fieldEdited,
  templateSwitched,
  editUndone,
  editRedone,
  saveStarted,
  saveSucceeded,
  saveOffline,
  saveFailed,
  pickerOpened,
  pickerPageRequested,
  pickerLoaded,
  pickerFailed,
  pickerSelected,
  templateApplyStarted,
  templateApplyFailed,
  pickerClosed,
  bannerSending,
  bannerInquired,
  bannerQueueConfirmed,
  bannerQueueDeclined,
  bannerRendering,
  bannerPolled,
  bannerProgressed,
  bannerFinishing,
  bannerClosed,
  completeStarted,
  completeEnded,
} = builderSlice.actions;
