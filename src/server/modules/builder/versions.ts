import {
  BuilderMessages,
  COMPONENT_TYPES,
  type BuilderFormData,
  type RestoreVersionAnswer,
  type RestoreVersionRequest,
  type SelectedComponentIds,
  type SiteVersionReason,
  type SiteVersionsAnswer,
} from '../../../contract/builder';
import { configFields } from '../../../contract/miniSite';
import type { Clock } from '../../clock';
import { invalid } from '../../http/envelope';
import type { TemplateConfigs } from './formValues';
import type { LoadedSite } from './service';
import { chinaTime } from '../../http/chinaTime';
import type { SiteVersionStore } from './versionStore';

/** Editing keeps a version when the newest (or the site's start) is this old. */
export const HOURLY_VERSION_MS = 60 * 60 * 1000;

/** Field types whose picture stands for a version in 历史版本, the first found first. */
const PICTURE_ORDER = ['banner', 'banner_logo', 'image'] as const;

/** The version's first-screen picture: its banner, else its logo, else its first picture; '' for none. */
export function pictureOf(configs: TemplateConfigs, form: BuilderFormData): string {
  for (const fieldType of PICTURE_ORDER) {
    for (const type of COMPONENT_TYPES) {
      for (const field of configFields(configs[type])) {
        const value = form[type]?.[field.key];
        if (field.type === fieldType && value) return value;
      }
    }
  }
  return '';
}

/** Whether two selections and forms hold the same values, whatever the order of their keys. */
export function sameContent(a: { selected: SelectedComponentIds; formData: BuilderFormData }, b: { selected: SelectedComponentIds; formData: BuilderFormData }): boolean {
  return COMPONENT_TYPES.every((type) => {
    if (a.selected[type] !== b.selected[type]) return false;
    const left = a.formData[type] ?? {};
    const right = b.formData[type] ?? {};
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => left[key] === right[key]);
  });
}

/**
 * The versions kept of each builder site (历史版本): one at each 生成并下载, one after each hour of
 * editing, and the draft a restore replaces, so that a restore loses nothing.
 */
export class SiteVersions {
  constructor(
    private readonly store: SiteVersionStore,
    private readonly now: Clock,
    readonly limit: number,
  ) {}

  /** Keeps `site` as it is now. */
  async keep(site: LoadedSite, reason: SiteVersionReason): Promise<void> {
    await this.store.add({
      siteId: site.record.id,
      reason,
      webName: site.record.webName,
      selected: site.selected,
      formData: site.formData,
      picture: pictureOf(site.configs, site.formData),
    });
  }

  /**
   * After a save of `record`'s site: keeps the site as `saved` answers it when the newest version
   * (or, before any, the site's start) is an hour old, unless that version holds the same values.
   * `saved` is asked for only then: most saves come within the hour.
   */
  async keepHourly(record: { id: number; createdAt: number }, saved: () => Promise<LoadedSite>): Promise<void> {
    const newest = await this.store.newest(record.id);
    const since = newest?.createdAt ?? record.createdAt;
    if (this.now() - since < HOURLY_VERSION_MS) return;
    const site = await saved();
    if (newest && sameContent(newest, site)) return;
    await this.keep(site, 'hourly');
  }

  /** GET /api/webSiteLog/getVersions: `site`'s versions, newest first. */
  async list(site: LoadedSite): Promise<SiteVersionsAnswer> {
    const versions = await this.store.list(site.record.id);
    return {
      list: versions.map((version) => ({ id: version.id, reason: version.reason, web_name: version.webName, picture: version.picture, create_time: chinaTime(version.createdAt) })),
      limit: this.limit,
    };
  }

  /**
   * POST /api/webSiteLog/restoreVersion: the version becomes the draft, and the draft it replaces
   * is kept first (unless the two are the same). `apply` saves the values and renders the preview.
   */
  async restore(site: LoadedSite, request: RestoreVersionRequest, apply: (selected: SelectedComponentIds, form: BuilderFormData) => Promise<LoadedSite>): Promise<RestoreVersionAnswer> {
    const version = await this.store.get(site.record.id, request.versionId);
    if (!version) throw invalid(BuilderMessages.versionUnknown);
    if (sameContent(version, site)) return { ...(await this.list(site)), restored: false };
    await this.keep(site, 'replaced');
    return { ...(await this.list(await apply(version.selected, version.formData))), restored: true };
  }
}
