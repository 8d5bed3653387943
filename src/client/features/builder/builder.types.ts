import {
  COMPONENT_TYPES,
  type BuilderFormData,
  type BuilderSite,
  type BuilderTab,
  type ComponentTemplate,
  type ComponentType,
  type SelectedComponentIds,
  type SelectedComponents,
} from '../../../contract/builder';
import type { RequestStatus } from '../auth/auth.types';
import type { UploadState } from '../upload/upload.types';

/** Edits the server has not confirmed yet, per type and field key. */
export type PendingEdits = Partial<Record<ComponentType, Record<string, string>>>;

/**
 * The auto-save (spec section 4, "builder auto-save debounce 1 s"): idle -> saving -> saved, or
 * offline (a network failure: the edits are kept and sent again when the browser is back online),
 * or failed (the server refused; the edits are kept too).
 */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'failed';

/** The template picker dialog (spec screen 7). */
export interface PickerState {
  /** The type being switched; null while the dialog is closed. */
  type: ComponentType | null;
  status: RequestStatus;
  page: number;
  total: number;
  items: ComponentTemplate[];
  /** The template clicked in the grid; OK needs one (BuilderMessages.templateRequired). */
  selectedId: number | null;
  /** The switch call is under way. */
  applying: boolean;
}

/**
 * Banner generation (spec section 4): sending the first request -> inquiring (the queue question)
 * -> rendering (polling; the progress bar rises) -> finishing (100 %, closes 2 s later) -> idle.
 */
export type BannerStatus = 'idle' | 'sending' | 'inquiring' | 'rendering' | 'finishing';

export interface BannerJobState {
  status: BannerStatus;
  waitCount: number;
  /** Seconds the server expects the render to take; the bar reaches 95 % at it. */
  durationSeconds: number;
  /** 0 to 100, moved by the saga's clock. */
  percent: number;
}

/** One undoable change of a field (text, picture, music): its value before and after. */
export interface FieldStep {
  kind: 'field';
  type: ComponentType;
  key: string;
  before: string;
  after: string;
}

/** The templates a site uses with their forms: what a template switch changes. */
export interface SiteLayout {
  selectedComponents: SelectedComponents;
  configData: BuilderSite['configData'];
  formData: BuilderFormData;
  /** The banner template's style goes with it: the suggested 画面描述 is written in it. */
  bannerStyle: string;
}

/** One undoable template switch (a complete configuration switches every type): the layout before and after. */
export interface TemplateStep {
  kind: 'template';
  before: SiteLayout;
  after: SiteLayout;
}

export type EditStep = FieldStep | TemplateStep;

/** The layout of a site as shown. */
export function layoutOf(site: Pick<BuilderSite, 'selectedComponents' | 'configData' | 'formData' | 'bannerStyle'>): SiteLayout {
  return { selectedComponents: site.selectedComponents, configData: site.configData, formData: site.formData, bannerStyle: site.bannerStyle };
}

/** How an edit enters the history: typing (consecutive keystrokes in one field are one step), a whole change, or none (not the user's). */
export type EditKind = 'typing' | 'whole' | 'none';

/** Undo and redo (spec section 4's builder): the steps behind and ahead of the form as shown. */
export interface EditHistory {
  past: EditStep[];
  future: EditStep[];
  /** The last step is typing that the next keystroke in its field joins. */
  open: boolean;
}

/** Steps kept to undo: the oldest go past this. */
export const UNDO_STEPS = 200;

/** A new history (a fresh object each time: the state's own may not be shared). */
export const emptyHistory = (): EditHistory => ({ past: [], future: [], open: false });

/**
 * The drawer's 预约 tab, beside the component tabs: the site's 预约 settings (the back office's),
 * not a component of the page's render.
 */
export const RESERVE_TAB = 'reserve';
/** A tab of the drawer: a component type's, or 预约. */
export type DrawerTab = BuilderTab | typeof RESERVE_TAB;

/** An image field's upload, by `${type}.${key}`. */
export interface BuilderState {
  /** Kept in session storage (spec section 3) with previewUrl: a reload opens the same site. */
  siteId: number | null;
  previewUrl: string;
  site: BuilderSite | null;
  /** Opening (or creating) the site. */
  status: RequestStatus;
  pending: PendingEdits;
  saveStatus: SaveStatus;
  activeTab: DrawerTab;
  picker: PickerState;
  banner: BannerJobState;
  uploads: Record<string, UploadState>;
  /** 生成并下载 is under way. */
  completing: boolean;
  history: EditHistory;
  /** Counts the times what the preview shows changed at the same address (its 预约 block): the frame loads it again at each. */
  previewLoads: number;
}

/** How the builder page was opened (spec screen 7): `?new=1`, `?id=N`, or neither (session storage). */
export type SiteOpening = { kind: 'new' } | { kind: 'id'; id: number } | { kind: 'stored' };

/** Reads the page's query into an opening; a malformed id is treated as none. */
export function openingOf(search: string): SiteOpening {
  const params = new URLSearchParams(search);
  if (params.get('new') === '1') return { kind: 'new' };
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) return { kind: 'id', id };
  return { kind: 'stored' };
}

/** The chosen template id of every type a site has. */
export function selectedIdsOf(components: Partial<SelectedComponents>): Partial<SelectedComponentIds> {
  const ids: Partial<SelectedComponentIds> = {};
  for (const type of COMPONENT_TYPES) {
    const template = components[type];
    if (template) ids[type] = template.id;
  }
  return ids;
}

/**
 * The form as the user sees it: the server's values, with the edits it has not confirmed on top.
 * An edit of a field the site no longer has (its template was switched) is dropped: the server
 * would refuse it.
 */
export function formDataWithEdits(formData: BuilderFormData, pending: PendingEdits): BuilderFormData {
  const merged = { ...formData };
  for (const type of COMPONENT_TYPES) {
    const edits = pending[type];
    const values = formData[type];
    if (!edits || !values) continue;
    const kept = Object.fromEntries(Object.entries(edits).filter(([key]) => key in values));
    merged[type] = { ...values, ...kept };
  }
  return merged;
}

/** The edits still pending once a save of `sent` succeeded: those changed again since. */
export function editsAfterSave(pending: PendingEdits, sent: PendingEdits): PendingEdits {
  const left: PendingEdits = {};
  for (const type of COMPONENT_TYPES) {
    const edits = pending[type];
    if (!edits) continue;
    const rest = Object.fromEntries(Object.entries(edits).filter(([key, value]) => sent[type]?.[key] !== value));
    if (Object.keys(rest).length > 0) left[type] = rest;
  }
  return left;
}

export function hasEdits(pending: PendingEdits): boolean {
  return Object.values(pending).some((edits) => edits && Object.keys(edits).length > 0);
}

/** The upload state key of an image field. */
export function uploadKeyOf(type: ComponentType, key: string): string {
  return `${type}.${key}`;
}

/** The progress dialog's line while others are ahead. */
export function bannerWaitingText(waitCount: number): string {
  return `前面还有${waitCount}人，请稍候`;
}

/**
 * The preview address when it is one of our site folders (same origin, under `/sites/`), else
 * null: the page puts it in a frame.
 */
export function builderPreviewSrc(previewUrl: string | null | undefined, origin: string): string | null {
  if (!previewUrl) return null;
  let parsed: URL;
  try {
    parsed = new URL(previewUrl, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || !parsed.pathname.startsWith('/sites/')) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

export const BUILDER_PATH = '/createWeb';
export const RESULT_PATH = '/result';
export const SITE_LIST_PATH = '/backend/siteList';

/** A field the page was asked to show (from the sample list): its tab opens and the form scrolls to it. */
export interface FieldReveal {
  type: ComponentType;
  key: string;
  /** Tells one request from the next for the same field. */
  at: number;
}
