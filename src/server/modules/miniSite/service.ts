import type { FastifyBaseLogger } from 'fastify';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AnswerCode } from '../../../contract/envelope';
import { GenerationMessages, type TemplatePage, type ZipAnswer } from '../../../contract/generation';
import {
  MiniSiteLimits,
  MiniSiteMessages,
  configFieldProblem,
  configFields,
  type CreateSiteAnswer,
  type CreateSiteRequest,
  type MusicItem,
  type SiteCategory,
  type SiteTemplate,
  type SiteTemplateListRequest,
  type TemplateConfigAnswer,
} from '../../../contract/miniSite';
import type { DataFiles } from '../../storage/dataFiles';
import type { Clock } from '../../clock';
import { BusinessError, invalid, tooMany } from '../../http/envelope';
import { jobDir } from '../../queue/paths';
import type { RenderQueue } from '../../queue/renderQueue';
import { JOB_FILES } from '../../render/jobSpec';
import { pictureRefusedMessage } from '../../render/pictureRefused';
import { templateAssetPath, templatePictureUrls } from '../../render/site/assets';
import { findSiteTemplate, siteCategories, siteTemplates } from '../../render/site/catalog';
import { FIELD_KEYS } from '../../render/site/fields';
import type { SiteRenderInput, SiteRenderResult, SourceFile } from '../../render/site/types';
import { bannerStyleById, logoStyleById } from '../../render/styles';
import type { UserRow } from '../auth/repository';
import { finishedBannerOf, resultFileOf } from '../generation/zip';
import type { PhonePreviewAnswer } from '../../../contract/builder';
import type { PublishedSource } from '../publishing/sitePublishing';
import type { PublishableSites, PublishRequest } from '../publishing/publishableSites';
import { assertPhoneBound } from '../publishing/phoneRequired';
import type { ResultExtras } from '../generation/resultExtras';
import type { MusicLibrary } from '../music/musicLibrary';
import type { PhonePreviewLinks } from '../phonePreview/links';
import { siteDir, sitePreviewUrl, sitesDir, sitesTmpDir } from '../siteFiles/paths';
import type { MiniSiteLimiters } from './rateLimits';
import type { MiniSiteRepository, MiniSiteRow } from './repository';
import { publishFolder } from '../../storage/publishFolder';
import type { SiteZipService } from '../siteFiles/siteZip';
import type { UploadStore } from '../uploads/uploadStore';
import type { StorageQuota } from '../storageQuota/storageQuota';
import { folderBytes } from '../storageQuota/folderBytes';

/** Page sizes the template list accepts; the SPA asks for 12 (spec section 9). */
export const MAX_SITE_TEMPLATE_PAGE_SIZE = 48;
/** Sites (folder and record) are deleted this long after they were made. */
export const KEEP_SITES_MS = 14 * 24 * 60 * 60 * 1000;
/** A render folder older than this belongs to a request that died. */
const STALE_RENDER_MS = 60 * 60 * 1000;

/** Renders a site into a folder; the static-site renderer in production, a stand-in in some tests. */
export type SiteRenderer = (input: SiteRenderInput, outDir: string) => Promise<SiteRenderResult>;

export interface MiniSiteServiceDeps {
  dataDir: string;
  files: DataFiles;
  now: Clock;
  log: FastifyBaseLogger;
  queue: RenderQueue;
  sites: MiniSiteRepository;
  uploads: UploadStore;
  music: MusicLibrary;
  zips: SiteZipService;
  limiters: MiniSiteLimiters;
  render: SiteRenderer;
  phoneLinks: PhonePreviewLinks;
  /** The banner's phone cut, made after it: a site waits for it a while (extrasWaitMs), then goes without. */
  extras: Pick<ResultExtras, 'readyWithin'>;
  extrasWaitMs: number;
  /** USER_STORAGE_QUOTA_MB: a new site's folder counts against its creator's. */
  quota: Pick<StorageQuota, 'reserve' | 'forget'>;
}

const siteUnknown = (): BusinessError => new BusinessError(AnswerCode.notFound, MiniSiteMessages.siteUnknown);
const createFailed = (): BusinessError => new BusinessError(AnswerCode.serverError, MiniSiteMessages.createFailed);

/** The mini-site flow's server side (spec screens 9-11; DESIGN.md sections 5, 7, 8). */
export class MiniSiteService implements PublishableSites<string> {
  private readonly templates: readonly SiteTemplate[];

  constructor(private readonly deps: MiniSiteServiceDeps) {
    this.templates = siteTemplates.map((template) => ({
      id: template.id,
      name: template.name,
      category_id: template.categoryId,
      banner_id: template.bannerId,
      ...templatePictureUrls(template.id),
    }));
  }

  categories(): readonly SiteCategory[] {
    return siteCategories;
  }

  /** Category 0 lists every template; an unknown category lists none. */
  templateList(request: SiteTemplateListRequest): TemplatePage<SiteTemplate> {
    const matching = request.category_id ? this.templates.filter((template) => template.category_id === request.category_id) : this.templates;
    const perPage = Math.min(Math.max(Math.trunc(request.per_page) || MiniSiteLimits.templatePageSize, 1), MAX_SITE_TEMPLATE_PAGE_SIZE);
    const current = Math.max(Math.trunc(request.page) || 1, 1);
    const start = (current - 1) * perPage;
    return { data: matching.slice(start, start + perPage), total: matching.length, current_page: current, per_page: perPage };
  }

  /** The template's fields with their defaults, and how long the banner the page waits for should take. */
  async templateConfig(templateId: number): Promise<TemplateConfigAnswer> {
    if (!templateId) throw invalid(MiniSiteMessages.siteTemplateRequired);
    const template = findSiteTemplate(templateId);
    if (!template) throw invalid(MiniSiteMessages.siteTemplateMissing);
    return { config: template.config, logoCreationDuration: await this.deps.queue.expectedSeconds('fsa') };
  }

  musicList(): readonly MusicItem[] {
    // Asked for by the config page: a good moment to make the tracks if they are not there yet.
    this.deps.music.ensureAll().catch(() => {});
    return this.deps.music.items();
  }

  /**
   * Checks everything first (template, styles, results, every field, pictures, music), then renders
   * into a temp folder and renames it into DATA_DIR/sites/ whole: a refusal or a failure writes
   * nothing there.
   */
  async createSite(request: CreateSiteRequest, user: UserRow, ip: string, ownHosts: ReadonlySet<string>): Promise<CreateSiteAnswer> {
    const { limiters, log } = this.deps;
    const input = await this.renderInput(request, ownHosts);
    // Counted once the request is known good: the limit is on renders, and a form corrected
    // after a refusal should not use up the user's turns.
    if (!(await limiters.createPerUser.take(String(user.id))) || !(await limiters.createPerIp.take(ip))) throw tooMany();
    const gameName = input.texts[FIELD_KEYS.gameName] ?? '';

    const started = Date.now();
    const dir = crypto.randomBytes(16).toString('hex');
    try {
      await publishFolder(sitesTmpDir(this.deps.dataDir), siteDir(this.deps.dataDir, dir), async (temp) => {
        await this.deps.render(input, temp);
        await this.deps.quota.reserve(user.id, siteDir(this.deps.dataDir, dir), await folderBytes(temp));
      });
      // Before the answer names it: the preview may be asked of any server.
      await this.deps.files.publish(siteDir(this.deps.dataDir, dir));
    } catch (error) {
      if (error instanceof BusinessError) throw error;
      log.error({ err: error, templateId: request.templateId }, 'site render failed');
      const picture = pictureRefusedMessage(error);
      throw picture ? invalid(picture) : createFailed();
    }
    try {
      await this.deps.sites.insert({ dir, userId: user.id, templateId: request.templateId, name: gameName });
    } catch (error) {
      await this.deps.files.remove(siteDir(this.deps.dataDir, dir));
      await this.deps.quota.forget(siteDir(this.deps.dataDir, dir));
      throw error;
    }
    log.info({ templateId: request.templateId, ms: Date.now() - started }, 'mini site created');
    return { previewUrl: sitePreviewUrl(dir), webSiteDir: dir };
  }

  /**
   * The zip of one of the caller's own sites; any other folder is "unknown", whoever made it.
   * `apiOrigin`: where its 预约 block, if it carries one, calls the API.
   */
  async zip(webSiteDir: string, user: UserRow, apiOrigin = ''): Promise<ZipAnswer> {
    if (!(await this.deps.limiters.zipPerUser.take(String(user.id)))) throw tooMany();
    const site = await this.ownedSite(webSiteDir, user);
    return this.deps.zips.zip(webSiteDir, site.name, { site: { miniSiteDir: webSiteDir }, apiOrigin });
  }

  /** POST /index/minisite/phonePreview: 手机预览 of one of the caller's own sites (any other folder is "unknown"). */
  async phonePreview(webSiteDir: string, user: UserRow, origin: string): Promise<PhonePreviewAnswer> {
    if (!(await this.deps.limiters.phonePreviewPerUser.take(String(user.id)))) throw tooMany();
    await this.ownedSite(webSiteDir, user);
    return this.deps.phoneLinks.linkFor(webSiteDir, origin);
  }

  /** 发布 of one of the caller's sites (publishing/routes.ts): what to copy, its folder. */
  async toPublish(webSiteDir: string, user: UserRow): Promise<PublishRequest> {
    if (!(await this.deps.limiters.publishPerUser.take(String(user.id)))) throw tooMany();
    const site = await this.ownedRecord(webSiteDir, user);
    assertPhoneBound(user);
    return { source: { kind: 'miniSite', id: site.id }, reserveSite: { miniSiteDir: webSiteDir }, folder: siteDir(this.deps.dataDir, webSiteDir), missing: MiniSiteMessages.siteUnknown };
  }

  /** 下线 of one of the caller's sites (publishing/routes.ts). */
  async toUnpublish(webSiteDir: string, user: UserRow): Promise<PublishedSource> {
    if (!(await this.deps.limiters.publishPerUser.take(String(user.id)))) throw tooMany();
    const site = await this.ownedRecord(webSiteDir, user);
    return { kind: 'miniSite', id: site.id };
  }

  /** Which of the caller's sites a publish state is asked of (publishing/routes.ts). */
  async toShow(webSiteDir: string, user: UserRow): Promise<PublishedSource> {
    const site = await this.ownedRecord(webSiteDir, user);
    return { kind: 'miniSite', id: site.id };
  }

  /** The caller's own site in folder `webSiteDir`, its page made; any other folder is "unknown", whoever made it. */
  private async ownedSite(webSiteDir: string, user: UserRow): Promise<MiniSiteRow> {
    const site = await this.ownedRecord(webSiteDir, user);
    if (!(await this.deps.files.exists(path.join(siteDir(this.deps.dataDir, webSiteDir), 'index.html')))) throw siteUnknown();
    return site;
  }

  /** The caller's own site's record (its folder may be gone: a published site outlives it). */
  private async ownedRecord(webSiteDir: string, user: UserRow): Promise<MiniSiteRow> {
    const site = MiniSiteLimits.webSiteDirPattern.test(webSiteDir) ? await this.deps.sites.owned(webSiteDir, user.id) : null;
    if (!site) throw siteUnknown();
    return site;
  }

  /**
   * Deletes sites past KEEP_SITES_MS (folder and record), other folders in sites/ (a builder's
   * preview, a site whose user was deleted) not rendered for as long, and dead renders.
   */
  async prune(): Promise<number> {
    const { dataDir, now, sites } = this.deps;
    let removed = 0;
    const { files } = this.deps;
    for (const dir of await sites.olderThan(now() - KEEP_SITES_MS)) {
      await files.remove(siteDir(dataDir, dir));
      await this.deps.quota.forget(siteDir(dataDir, dir));
      await sites.delete(dir);
      removed += 1;
    }
    const sweep = (root: string, olderThan: number, keep: (entry: string) => boolean): void => {
      for (const entry of fs.existsSync(root) ? fs.readdirSync(root) : []) {
        const full = path.join(root, entry);
        if (keep(entry) || fs.statSync(full).mtimeMs >= now() - olderThan) continue;
        fs.rmSync(full, { recursive: true, force: true });
        removed += 1;
      }
    };
    sweep(sitesDir(dataDir), KEEP_SITES_MS, () => false);
    sweep(sitesTmpDir(dataDir), STALE_RENDER_MS, () => false);
    if (files.shared) {
      // The shared store's folders by the time of their page: a preview left alone, a deleted user's site.
      const pages = (await files.store.listWithTimes('sites/')).filter(({ key }) => key.split('/').length === 3 && key.endsWith('/index.html'));
      for (const { key, modifiedAt } of pages) {
        if (modifiedAt.getTime() < now() - KEEP_SITES_MS) {
          await files.store.deletePrefix(key.slice(0, -'/index.html'.length));
          removed += 1;
        }
      }
    }
    return removed;
  }

  private async renderInput(request: CreateSiteRequest, ownHosts: ReadonlySet<string>): Promise<SiteRenderInput> {
    if (!request.templateId) throw invalid(MiniSiteMessages.siteTemplateRequired);
    const template = findSiteTemplate(request.templateId);
    if (!template) throw invalid(MiniSiteMessages.siteTemplateMissing);
    if (!request.logoId) throw invalid(MiniSiteMessages.logoTemplateRequired);
    if (!logoStyleById(request.logoId)) throw invalid(GenerationMessages.logoTemplateMissing);
    if (!request.bannerId) throw invalid(MiniSiteMessages.bannerTemplateRequired);
    if (!bannerStyleById(request.bannerId)) throw invalid(GenerationMessages.bannerTemplateMissing);
    if (!request.logoUrl) throw invalid(MiniSiteMessages.logoFirst);
    if (!request.bannerUrl) throw invalid(MiniSiteMessages.bannerFirst);
    const logo = await this.logoFile(request.logoUrl, ownHosts);
    const banner = await this.bannerFiles(request.bannerUrl, ownHosts);

    const texts: Record<string, string> = {};
    const images: Record<string, SourceFile> = {};
    let music = '';
    for (const field of configFields(template.config)) {
      const given = request.config[field.key];
      const value = typeof given === 'string' ? given : field.value;
      const problem = configFieldProblem(field, value);
      if (problem) throw invalid(problem);
      switch (field.type) {
        case 'text':
        case 'textarea':
        case 'video':
          texts[field.key] = value;
          break;
        case 'image': {
          const file = (await this.deps.uploads.fileOf(value)) ?? templateAssetPath(value);
          if (!file) throw invalid(MiniSiteMessages.imageUnknown);
          images[field.key] = { path: file };
          break;
        }
        case 'music':
          if (value && !this.deps.music.has(value)) throw invalid(MiniSiteMessages.musicUnknown);
          music = value;
          break;
        case 'banner':
        case 'banner_logo':
          // Filled by the generated banner and logo, whatever the form sent.
          break;
      }
    }
    let musicFile: SiteRenderInput['music'] = null;
    if (music) {
      const file = await this.deps.music.fileOf(music);
      const item = this.deps.music.items().find((candidate) => candidate.value === music);
      if (!file || !item) throw createFailed();
      musicFile = { path: file, name: item.name };
    }
    return { templateId: template.id, bannerId: request.bannerId, texts, images, logo, bannerVideo: banner.video, bannerPoster: banner.poster, bannerPortrait: banner.portrait, music: musicFile };
  }

  /** A PNG result of a finished job of ours (a logo of any module), still on disk. */
  private async logoFile(url: string, ownHosts: ReadonlySet<string>): Promise<SourceFile> {
    const named = resultFileOf(url, ownHosts);
    const job = named && named.file.endsWith('.png') ? await this.deps.queue.finishedJob(named.id) : null;
    if (!named || !job || !job.files.includes(named.file)) throw invalid(MiniSiteMessages.resultUnknown);
    return { path: await this.local(path.join(jobDir(this.deps.dataDir, job.id), named.file)) };
  }

  /** The video of a finished banner (fsa) job of ours, with its poster beside it. */
  private async bannerFiles(url: string, ownHosts: ReadonlySet<string>): Promise<{ video: SourceFile; poster: SourceFile; portrait: SiteRenderInput['bannerPortrait'] }> {
    const job = await finishedBannerOf(this.deps.queue, url, ownHosts);
    if (!job || !job.files.includes(JOB_FILES.fsa.poster)) throw invalid(MiniSiteMessages.resultUnknown);
    const dir = jobDir(this.deps.dataDir, job.id);
    const cuts = (await this.deps.extras.readyWithin(job, this.deps.extrasWaitMs, 'banner-cuts'))['banner-cuts'];
    const portrait = cuts
      ? { video: { path: path.join(cuts, JOB_FILES['banner-cuts'].portrait) }, poster: { path: path.join(cuts, JOB_FILES['banner-cuts'].portraitPoster) } }
      : null;
    return { video: { path: await this.local(path.join(dir, JOB_FILES.fsa.video)) }, poster: { path: await this.local(path.join(dir, JOB_FILES.fsa.poster)) }, portrait };
  }

  /** A result file here, fetched from the shared store when it was rendered elsewhere. */
  private async local(file: string): Promise<string> {
    if (!(await this.deps.files.fetch(file))) throw invalid(MiniSiteMessages.resultUnknown);
    return file;
  }
}
