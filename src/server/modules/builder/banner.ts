import {
  BuilderMessages,
  type BannerStatusAnswer,
  type BuilderSite,
  type ComponentType,
  type GenerateBannerAnswer,
  type GenerateBannerRequest,
  type SetAllConfigLogoRequest,
  type SetBannerPreviewRequest,
} from '../../../contract/builder';
import { AnswerCode } from '../../../contract/envelope';
import { activeJobsRefusal, GenerationMessages } from '../../../contract/generation';
import { configFieldProblem, configFields } from '../../../contract/miniSite';
import { BusinessError, invalid, tooMany } from '../../http/envelope';
import { answerSeconds, type RenderQueue } from '../../queue/renderQueue';
import { logoTextOfSite } from '../../render/builder/catalog';
import { mainKeys } from '../../render/builder/definitions/main';
import { JOB_ID_PATTERN, durationStyleOf } from '../../queue/jobRules';
import { JOB_FILES, type BuilderBannerJobSpec } from '../../render/jobSpec';
import type { UserRow } from '../auth/repository';
import { BANNER_KEY, LOGO_TEXT_KEY, PROMPT_KEY, inTab } from './formValues';
import type { BuilderLimiters } from './rateLimits';
import type { BuilderRepository } from './repository';
import type { BuilderService, LoadedSite } from './service';
import { SiteFiles } from './siteFiles';

export const BANNER_STATUS_PATH = '/api/createWeb/bannerStatus';

const bannerUnknown = (): BusinessError => new BusinessError(AnswerCode.notFound, BuilderMessages.bannerUnknown);

export interface BannerServiceDeps {
  queue: RenderQueue;
  repo: BuilderRepository;
  sites: BuilderService;
  files: SiteFiles;
  limiters: BuilderLimiters;
  /** The configured banner-art provider's id (part of every banner job). */
  providerId: string;
}

/**
 * The builder's "generate banner" (spec section 4, "Builder banner generation"): a queue job of
 * kind `ab` makes a picture from the banner tab's description and a logo in the site's logo style
 * from its logo text. The tasks a user asks for are recorded, so that only they may poll them and
 * put their results into a site.
 */
export class BannerService {
  constructor(private readonly deps: BannerServiceDeps) {}

  /**
   * POST /api/createWeb/generateBanner. `durationTime` is the queue's estimate for this job (its
   * art provider's recent renders, after the work ahead of it); a job that starts at once and should
   * end within a second is waited for, and answers `completed` like an identical finished one.
   */
  async generate(request: GenerateBannerRequest, user: UserRow, ip: string): Promise<GenerateBannerAnswer> {
    const { queue, repo, sites, limiters } = this.deps;
    const site = await sites.load(request.id, user.id);
    if (!(await limiters.bannerPerUser.take(String(user.id))) || !(await limiters.bannerPerIp.take(ip))) throw tooMany();
    const spec = await this.specOf(site, request.formData, user);
    // Asked before queueing: afterwards the queue would count this job among the ones ahead of it.
    const durationTime = answerSeconds(await queue.expectedMs('ab', durationStyleOf(spec)));
    const outcome = await queue.submit(spec, { isFirst: request.isFirst, userId: user.id, ip });
    if (outcome.type === 'refused') throw tooMany(activeJobsRefusal(outcome.limit.by, outcome.limit.limit));
    if (outcome.type === 'inquiry') return { callbackUrl: '', durationTime, isInquiry: true, waitCount: outcome.waitCount, completed: false };
    await repo.rememberTask(user.id, outcome.id, site.record.id);
    const callbackUrl = `${BANNER_STATUS_PATH}?taskId=${outcome.id}`;
    if (outcome.type === 'exists') return { callbackUrl, durationTime, isInquiry: false, waitCount: 0, completed: true };
    const completed = (await queue.waitForQuickJob(outcome, user.id)) && (await queue.poll(outcome.id, user.id)).type === 'done';
    return { callbackUrl, durationTime: answerSeconds(outcome.remainingMs), isInquiry: false, waitCount: completed ? 0 : outcome.waitCount, completed };
  }

  /** GET /api/createWeb/bannerStatus?taskId=: a failure is an error answer with the render's message. */
  async status(taskId: string, user: UserRow): Promise<BannerStatusAnswer> {
    if (!(await this.owns(taskId, user))) throw bannerUnknown();
    const outcome = await this.deps.queue.poll(taskId, user.id);
    const none = { status: 0 as const, waitCount: 0, msg: '', bannerId: '', bannerUrl: '', logoUrl: '' };
    switch (outcome.type) {
      case 'waiting':
        return { ...none, waitCount: outcome.waitCount };
      case 'done':
        return { ...none, status: 1, bannerId: taskId, ...SiteFiles.resultUrls(taskId) };
      case 'failed':
        throw new BusinessError(AnswerCode.serverError, outcome.message || BuilderMessages.bannerFailed);
      case 'expired':
        throw new BusinessError(AnswerCode.serverError, BuilderMessages.bannerFailed);
      case 'unknown':
        throw bannerUnknown();
    }
  }

  /** POST /api/createWeb/setBannerPreview: the finished banner into the banner tab's picture field. */
  async setBannerPreview(request: SetBannerPreviewRequest, user: UserRow): Promise<BuilderSite> {
    const { sites } = this.deps;
    const site = await sites.load(request.id, user.id);
    const { bannerUrl } = await this.finished(request.bannerId, user);
    if (!configFields(site.configs.banner).some((field) => field.key === BANNER_KEY && field.type === 'banner')) throw invalid(BuilderMessages.changeBannerFailed);
    await sites.takeChange(user);
    return sites.setValues(site, { banner: { [BANNER_KEY]: bannerUrl } });
  }

  /** POST /api/createWeb/setAllConfigLogo: the banner's logo into every logo field of every tab. */
  async setAllConfigLogo(request: SetAllConfigLogoRequest, user: UserRow): Promise<BuilderSite> {
    const { sites } = this.deps;
    const site = await sites.load(request.id, user.id);
    const { logoUrl } = await this.finished(request.bannerLogo.id, user);
    if (request.bannerLogo.value !== logoUrl) throw invalid(BuilderMessages.bannerUnknown);
    await sites.takeChange(user);
    const values: Partial<Record<ComponentType, Record<string, string>>> = {};
    for (const [type, groups] of Object.entries(site.configs) as Array<[ComponentType, LoadedSite['configs'][ComponentType]]>) {
      for (const field of configFields(groups)) {
        if (field.type === 'banner_logo') values[type] = { ...values[type], [field.key]: logoUrl };
      }
    }
    return sites.setValues(site, values);
  }

  private async owns(taskId: string, user: UserRow): Promise<boolean> {
    return JOB_ID_PATTERN.test(taskId) && (await this.deps.repo.ownsTask(user.id, taskId));
  }

  /** The result URLs of the caller's finished banner task; its refusal otherwise. */
  private async finished(taskId: string, user: UserRow): Promise<{ bannerUrl: string; logoUrl: string }> {
    if (!(await this.owns(taskId, user))) throw bannerUnknown();
    const job = await this.deps.queue.finishedJob(taskId);
    if (job?.spec.kind === 'ab' && job.files.includes(JOB_FILES.ab.banner) && job.files.includes(JOB_FILES.ab.logo)) return SiteFiles.resultUrls(taskId);
    if ((await this.deps.queue.poll(taskId, user.id)).type === 'waiting') throw invalid(BuilderMessages.bannerNotReady);
    throw bannerUnknown();
  }

  /**
   * The job for the banner tab's description and the logo's text: as sent, else as saved. Both are
   * checked as the form checks them (required, their lengths); the logo takes the site's logo style.
   */
  private async specOf(site: LoadedSite, sent: Record<string, string>, user: UserRow): Promise<BuilderBannerJobSpec> {
    const pick = (type: ComponentType, key: string): string => {
      const field = configFields(site.configs[type]).find((candidate) => candidate.key === key);
      if (!field) throw invalid(inTab(type, BuilderMessages.fieldUnknown));
      const value = (typeof sent[key] === 'string' ? sent[key] : site.formData[type][key]) ?? '';
      const problem = configFieldProblem(field, value);
      if (problem) throw invalid(inTab(type, problem));
      return value.trim();
    };
    // An empty logo text follows the site's name, as the form says.
    const logotext = pick('logo', LOGO_TEXT_KEY) || logoTextOfSite(site.formData.main[mainKeys.webName] ?? '');
    if (!logotext) throw invalid(inTab('logo', GenerationMessages.logoTextRequired));
    const spec: BuilderBannerJobSpec = { kind: 'ab', logoStyle: site.selected.logo, logotext, prompt: pick('banner', PROMPT_KEY), provider: this.deps.providerId };
    // The banner picture the studio uploaded (主视觉图) is the art: the description is not drawn.
    const picture = typeof sent[BANNER_KEY] === 'string' ? sent[BANNER_KEY] : (site.formData.banner[BANNER_KEY] ?? '');
    const keyArt = picture ? await this.deps.files.keyArtOf(picture, user.id) : undefined;
    if (keyArt) spec.keyArt = keyArt;
    return spec;
  }
}
