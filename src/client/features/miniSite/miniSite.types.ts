import type { ConfigGroup, MusicItem, SiteCategory, SiteTemplate } from '../../../contract/miniSite';
import type { RequestStatus } from '../auth/auth.types';
import type { UploadState } from '../upload/upload.types';

/** The category id that lists every template (spec section 7: category_id 0 = all). */
export const ALL_CATEGORIES = 0;

/** One page of the site template grid (spec screen 9), for the category it was asked for. */
export interface SiteTemplateList {
  status: RequestStatus;
  categoryId: number;
  /** 1-based, as the API counts. */
  page: number;
  total: number;
  items: SiteTemplate[];
}

/** The dynamic form of one site template (spec section 3, "Template config"). */
export interface TemplateConfigState {
  status: RequestStatus;
  /** The template these groups belong to: the config page asks again when the template changes. */
  templateId: number | null;
  groups: ConfigGroup[];
}

/**
 * Creating the site: checking (templates, results, form, login dialog) -> creating (the call) ->
 * succeeded | failed, or back to idle when the user gives up at the login dialog or leaves.
 */
export type SiteCreationStatus = 'idle' | 'checking' | 'creating' | 'succeeded' | 'failed';

export interface MiniSiteState {
  categories: { status: RequestStatus; items: SiteCategory[] };
  templates: SiteTemplateList;
  templateConfig: TemplateConfigState;
  music: { status: RequestStatus; items: MusicItem[] };
  /** By config field key. */
  uploads: Record<string, UploadState>;
  creation: { status: SiteCreationStatus };
}

/** The preview page of a created site. */
export function sitePreviewPathOf(previewUrl: string, webSiteDir: string): string {
  return `/miniSite/preview?${new URLSearchParams({ previewUrl, webSiteDir }).toString()}`;
}
