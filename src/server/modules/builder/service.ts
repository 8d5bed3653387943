import crypto from 'node:crypto';
import {
  BuilderMessages,
  COMPONENT_TYPES,
  type BuilderFormData,
  type BuilderIdentity,
  type BuilderSite,
  type ComponentTemplate,
  type ComponentType,
  type GetWebUrlRequest,
  type PhonePreviewAnswer,
  type RestoreVersionAnswer,
  type RestoreVersionRequest,
  type SaveConfigRequest,
  type SelectedComponentIds,
  type SelectedComponents,
  type SetWebMusicRequest,
  type SiteVersionsAnswer,
} from '../../../contract/builder';
import { AnswerCode } from '../../../contract/envelope';
import { MiniSiteMessages, configFields, type ConfigField } from '../../../contract/miniSite';
import { BusinessError, invalid, tooMany } from '../../http/envelope';
import { DEFAULT_MAIN_PRESET_ID } from '../../render/builder/catalog';
import { bannerArtStyleOf } from '../../render/builder/definitions/banner';
import { pictureRefusedMessage } from '../../render/pictureRefused';
import type { UserRow } from '../auth/repository';
import type { MusicLibrary } from '../music/musicLibrary';
import type { ComponentCatalogue } from './components';
import { BANNER_KEY, MUSIC_KEY, PICTURE_FIELD_TYPES, carryOver, defaultForm, draftValueProblem, identityValues, inTab, mergeForm, perType, webNameOf, type TemplateConfigs } from './formValues';
import { completedSiteDir, previewUrlOf, templatePathOf } from './paths';
import { UPLOADS_URL_PREFIX } from '../uploads/paths';
import type { PreviewRenders } from './previews';
import type { BuilderLimiters } from './rateLimits';
import type { BuiltSiteRenderInput } from '../../render/builder/types';
import { builtSiteInput, type SiteState } from './renderInput';
import type { BuilderRepository, BuilderSiteRecord } from './repository';
import type { SiteFiles } from './siteFiles';
import type { SiteVersions } from './versions';
import type { PhonePreviewLinks } from '../phonePreview/links';
import type { PublishedSource } from '../publishing/sitePublishing';
import type { PublishableSites, PublishRequest } from '../publishing/publishableSites';
import { assertPhoneBound } from '../publishing/phoneRequired';
import type { StorageQuota } from '../storageQuota/storageQuota';

export interface BuilderServiceDeps {
  repo: BuilderRepository;
  catalogue: ComponentCatalogue;
  dataDir: string;
  files: SiteFiles;
  music: MusicLibrary;
  previews: PreviewRenders;
  limiters: BuilderLimiters;
  versions: SiteVersions;
  phoneLinks: PhonePreviewLinks;
  quota: Pick<StorageQuota, 'assertRoom'>;
  /** What makes the generated banners, as the UI names it (BuilderSite.bannerArtist). */
  bannerArtist: string;
}

/** A site with its templates resolved: what every change starts from. */
export interface LoadedSite extends SiteState {
  record: BuilderSiteRecord;
  templates: SelectedComponents;
  /** BuilderSite.bannerKeyArt: the upload the banner picture is or was made from, or ''. */
  bannerKeyArt: string;
}

export const siteUnknown = (): BusinessError => new BusinessError(AnswerCode.notFound, BuilderMessages.siteUnknown);
export const templateUnknown = (): BusinessError => invalid(BuilderMessages.templateUnknown);

/**
 * The builder's sites (spec screen 7, section 7 "Builder"): making one from a complete site
 * configuration, swapping templates, saving values and the music, and answering a site as the
 * builder shows it. Every change is saved first and then rendered into the preview folder.
 */
export class BuilderService implements PublishableSites<number> {
  constructor(private readonly deps: BuilderServiceDeps) {}

  /** Site `id` of user `userId`, with its templates; "unknown" for any other user's or a missing id. */
  async load(id: number, userId: number): Promise<LoadedSite> {
    if (!id) throw invalid(BuilderMessages.noSiteId);
    const record = await this.deps.repo.owned(id, userId);
    if (!record) throw siteUnknown();
    const site = this.loaded(record);
    const keyArt = await this.deps.files.keyArtOf(site.formData.banner[BANNER_KEY] ?? '', userId);
    return { ...site, bannerKeyArt: keyArt ? `${UPLOADS_URL_PREFIX}${keyArt}` : '' };
  }

  /** A site's values resolved for the renderer (the preview's load hook and the completion). */
  renderInput(site: SiteState, strict: boolean): Promise<BuiltSiteRenderInput> {
    return builtSiteInput(site, { files: this.deps.files, music: this.deps.music }, strict);
  }

  /** POST /api/createWeb/getWebUrl: a new site (id 0), a complete configuration, or one template swapped. */
  async getWebUrl(request: GetWebUrlRequest, user: UserRow): Promise<BuilderSite> {
    const wanted = request.selectedComponents[request.type];
    const identity = request.identity ?? {};
    if (!request.id) return this.create(request.type, wanted, user, identity);
    const site = await this.load(request.id, user.id);
    if (!wanted) throw invalid(BuilderMessages.templateRequired);
    await this.takeChange(user);
    const selected = request.type === 'main' ? this.presetSelection(wanted) : { ...site.selected, [request.type]: this.template(request.type, wanted).id };
    return this.store(site, selected, {}, identity);
  }

  /** POST /api/createWeb/getSelectConfig: renders the preview first when housekeeping deleted it. */
  async selectConfig(id: number, user: UserRow): Promise<BuilderSite> {
    const site = await this.load(id, user.id);
    if (await this.deps.previews.exists(site.record.dir)) return this.answer(site);
    await this.refreshPreview(id);
    return this.answer(await this.load(id, user.id));
  }

  /**
   * POST /api/CreateWeb/saveConfig: the whole form. A template id that differs from the saved one
   * swaps that template alone (values carried over); values are checked as drafts (draftValueProblem).
   */
  async saveConfig(request: SaveConfigRequest, user: UserRow): Promise<BuilderSite> {
    const site = await this.load(request.id, user.id);
    await this.takeChange(user);
    const selected = { ...site.selected };
    for (const type of COMPONENT_TYPES) {
      const id = request.selectedComponents[type];
      if (id && id !== selected[type]) selected[type] = this.template(type, id).id;
    }
    return this.store(site, selected, request.formData);
  }

  /** POST /api/createWeb/setWebMusic: musicId 0 turns the music off. */
  async setWebMusic(request: SetWebMusicRequest, user: UserRow): Promise<BuilderSite> {
    const site = await this.load(request.id, user.id);
    await this.takeChange(user);
    let value = '';
    if (request.musicId) {
      const track = this.deps.music.items().find((item) => item.id === request.musicId);
      if (!track) throw invalid(inTab('main', MiniSiteMessages.musicUnknown));
      value = track.value;
    }
    if (!configFields(site.configs.main).some((field) => field.key === MUSIC_KEY && field.type === 'music')) throw invalid(BuilderMessages.fieldUnknown);
    return this.store(site, site.selected, { main: { [MUSIC_KEY]: value } });
  }

  /** POST /api/createWeb/phonePreview: a short-lived link to the caller's site's preview (rendered first when housekeeping deleted it). */
  async phonePreview(id: number, user: UserRow, origin: string): Promise<PhonePreviewAnswer> {
    const site = await this.load(id, user.id);
    if (!(await this.deps.limiters.phonePreviewPerUser.take(String(user.id)))) throw tooMany();
    if (!(await this.deps.previews.exists(site.record.dir))) await this.refreshPreview(id);
    return this.deps.phoneLinks.linkFor(site.record.dir, origin);
  }

  /** 发布 or 更新发布 of the caller's site (publishing/routes.ts): what to copy, its last 生成并下载. */
  async toPublish(id: number, user: UserRow): Promise<PublishRequest> {
    const site = await this.load(id, user.id);
    assertPhoneBound(user);
    await this.takeChange(user);
    const { id: siteId } = site.record;
    return {
      source: { kind: 'builder', id: siteId },
      reserveSite: { builderId: siteId },
      folder: completedSiteDir(this.deps.dataDir, siteId),
      missing: BuilderMessages.publishNeedsCompletion,
      recheck: async (db) => {
        if (!(await this.deps.repo.exists(siteId, db))) throw siteUnknown();
      },
    };
  }

  /** 下线 of the caller's site (publishing/routes.ts). */
  async toUnpublish(id: number, user: UserRow): Promise<PublishedSource> {
    const site = await this.load(id, user.id);
    await this.takeChange(user);
    return { kind: 'builder', id: site.record.id };
  }

  /** GET /api/webSiteLog/getVersions: the caller's site's kept versions (历史版本). */
  async versions(id: number, user: UserRow): Promise<SiteVersionsAnswer> {
    return this.deps.versions.list(await this.load(id, user.id));
  }

  /** POST /api/webSiteLog/restoreVersion: a kept version becomes the draft; the draft it replaces is kept. */
  async restoreVersion(request: RestoreVersionRequest, user: UserRow): Promise<RestoreVersionAnswer> {
    const site = await this.load(request.id, user.id);
    await this.takeChange(user);
    return this.deps.versions.restore(site, request, async (selected, formData) => {
      // Templates removed since fall back like an old site's; values are fitted to the templates.
      const templates = this.templatesOf(selected);
      const configs = this.configsOf(templates);
      await this.persist(site, perType((type) => templates[type].id), perType((type) => carryOver(configs[type], formData[type] ?? {}, configs[type])), { hourly: false });
      return this.load(site.record.id, user.id);
    });
  }

  /**
   * Sets values the server itself vouches for (a generated banner or logo), checked like a save.
   * `values` are per type; the selection stays unless another is given (a logo's own style).
   */
  setValues(site: LoadedSite, values: Partial<Record<ComponentType, Record<string, string>>>, selected: SelectedComponentIds = site.selected): Promise<BuilderSite> {
    return this.store(site, selected, values);
  }

  /** Counts one change of the caller's against the limit (429 past it). */
  async takeChange(user: UserRow): Promise<void> {
    if (!(await this.deps.limiters.changePerUser.take(String(user.id)))) throw tooMany();
  }

  /**
   * The form a save would store: values of the chosen templates only, each changed value checked.
   * Used by saves and by the completion (which then checks required fields on top).
   */
  mergedForm(site: LoadedSite, configs: TemplateConfigs, stored: Partial<BuilderFormData>, sent: Partial<Record<ComponentType, Record<string, unknown>>>): Promise<BuilderFormData> {
    return mergeForm(configs, stored, sent, (type, field, value) => this.checkDraft(site.userId, type, field, value));
  }

  /**
   * Saves the form (and web_name) of `site` as `form`, renders the preview, answers the site. An
   * hour of editing keeps a version (`hourly: false` for saves that keep their own).
   */
  async persist(site: LoadedSite, selected: SelectedComponentIds, form: BuilderFormData, { hourly = true } = {}): Promise<BuilderSite> {
    await this.deps.repo.save({ id: site.record.id, userId: site.userId, webName: webNameOf(form), selected, formData: form });
    if (hourly) await this.deps.versions.keepHourly(site.record, () => this.load(site.record.id, site.userId));
    await this.refreshPreview(site.record.id);
    return this.answer(await this.load(site.record.id, site.userId));
  }

  answer(site: LoadedSite): BuilderSite {
    const { record } = site;
    return {
      id: record.id,
      web_name: record.webName,
      status: record.status,
      previewUrl: previewUrlOf(record.dir, record.revision),
      configData: perType((type) => site.templates[type].config),
      formData: site.formData,
      selectedComponents: site.templates,
      templatePath: templatePathOf(record.dir),
      bannerArtist: this.deps.bannerArtist,
      bannerKeyArt: site.bannerKeyArt,
      bannerStyle: bannerArtStyleOf(site.templates.banner.id),
    };
  }

  /** A new site: the configuration's defaults, with the game's identity where it has a value. */
  private async create(type: ComponentType, wanted: number | undefined, user: UserRow, identity: BuilderIdentity): Promise<BuilderSite> {
    if (!(await this.deps.limiters.createSitePerUser.take(String(user.id)))) throw tooMany();
    // Its preview's size is known once rendered: a user at the quota makes no new site.
    await this.deps.quota.assertRoom(user.id);
    const selected = this.presetSelection(type === 'main' && wanted ? wanted : DEFAULT_MAIN_PRESET_ID);
    if (type !== 'main' && wanted) selected[type] = this.template(type, wanted).id;
    const templates = this.templatesOf(selected);
    const configs = this.configsOf(templates);
    const defaults = defaultForm(configs);
    const filled = identityValues(configs, defaults, identity);
    const formData = perType((type) => ({ ...defaults[type], ...filled[type] }));
    const id = await this.deps.repo.insert({ userId: user.id, webName: webNameOf(formData), selected, formData, dir: crypto.randomBytes(16).toString('hex') });
    await this.refreshPreview(id);
    return this.answer(await this.load(id, user.id));
  }

  /**
   * The values are saved already; a render that failed (logged by the previews) says so, and
   * names the picture that must change when the render refused one (render/picture.ts).
   */
  private async refreshPreview(siteId: number): Promise<void> {
    try {
      await this.deps.previews.refresh(siteId);
    } catch (error) {
      // The site was deleted before its render started (siteUnknown).
      if (error instanceof BusinessError) throw error;
      const picture = pictureRefusedMessage(error);
      throw picture ? invalid(picture) : new BusinessError(AnswerCode.serverError, BuilderMessages.configUpdateFailed);
    }
  }

  /**
   * Stores a new selection (the user's values carried over to swapped templates, the identity in
   * the fields that would hold samples) with `sent` merged in.
   */
  private async store(site: LoadedSite, selected: SelectedComponentIds, sent: Partial<Record<ComponentType, Record<string, unknown>>>, identity: BuilderIdentity = {}): Promise<BuilderSite> {
    const templates = this.templatesOf(selected);
    const configs = this.configsOf(templates);
    const carried = {} as BuilderFormData;
    for (const type of COMPONENT_TYPES) {
      carried[type] = selected[type] === site.selected[type] ? site.formData[type] : carryOver(site.configs[type], site.formData[type], configs[type]);
    }
    const filled = identityValues(configs, carried, identity);
    const form = perType((type) => ({ ...carried[type], ...filled[type] }));
    return this.persist(site, selected, await this.mergedForm(site, configs, form, sent));
  }

  /** What a save refuses in a changed value: too long, a link that is not http(s), a file or track we do not have. */
  private async checkDraft(userId: number, type: ComponentType, field: ConfigField, value: string): Promise<void> {
    const problem = draftValueProblem(field, value);
    if (problem) throw invalid(inTab(type, problem));
    if (!value) return;
    if (PICTURE_FIELD_TYPES.has(field.type) && !(await this.deps.files.pictureFile(value, userId))) throw invalid(inTab(type, MiniSiteMessages.imageUnknown));
    if (field.type === 'music' && !this.deps.music.has(value)) throw invalid(inTab(type, MiniSiteMessages.musicUnknown));
  }

  /** Every type's template id as the complete configuration `presetId` chooses them. */
  private presetSelection(presetId: number): SelectedComponentIds {
    const preset = this.deps.catalogue.preset(presetId);
    if (!preset) throw templateUnknown();
    return { main: preset.id, ...preset.components };
  }

  private template(type: ComponentType, id: number): ComponentTemplate {
    const template = this.deps.catalogue.find(type, id);
    if (!template) throw templateUnknown();
    return template;
  }

  /**
   * The templates of a selection. A template a later release removed falls back to the first of
   * its type (its values carried over by key), so an old site still opens.
   */
  private templatesOf(selected: SelectedComponentIds): SelectedComponents {
    const templates = {} as SelectedComponents;
    for (const type of COMPONENT_TYPES) {
      const template = this.deps.catalogue.find(type, selected[type]) ?? this.deps.catalogue.list(type)[0];
      if (!template) throw templateUnknown();
      templates[type] = template;
    }
    return templates;
  }

  private configsOf(templates: SelectedComponents): TemplateConfigs {
    return perType((type) => templates[type].config);
  }

  private loaded(record: BuilderSiteRecord): Omit<LoadedSite, 'bannerKeyArt'> {
    const templates = this.templatesOf(record.selected);
    const configs = this.configsOf(templates);
    const selected = perType((type) => templates[type].id);
    // Values of every field of the chosen templates: a stored value, or the default for a field a
    // template gained since the site was saved.
    const formData = perType((type) => carryOver(configs[type], record.formData[type] ?? {}, configs[type]));
    return { record, templates, configs, selected, formData, userId: record.userId };
  }
}
