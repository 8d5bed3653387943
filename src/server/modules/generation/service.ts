import {
  GenerationMessages,
  activeJobsRefusal,
  bannerFormProblem,
  isGenerationModule,
  logoFormProblem,
  type BannerCutsAnswer,
  type BannerCutsRequest,
  type BannerTemplate,
  type LogoCreateAnswer,
  type LogoCreateRequest,
  type LogoCreationDurationAnswer,
  type LogoCreationDurationRequest,
  type LogoPollingAnswer,
  type LogoTemplate,
  type TemplatePage,
  type TemplatePageRequest,
  type ZipAnswer,
  type ZipByFileRequest,
} from '../../../contract/generation';
import { assertValid, invalid, tooMany } from '../../http/envelope';
import type { Catalog } from '../../queue/catalog';
import { jobFileUrl } from '../../queue/paths';
import { answerSeconds, type RenderQueue } from '../../queue/renderQueue';
import { durationStyleOf } from '../../queue/renderSpec';
import { JOB_FILES, KEY_ART_NAME_PATTERN, type BannerJobSpec, type LogoJobSpec, type UserJobKind } from '../../render/jobSpec';
import { bannerStyleById, logoStyleById } from '../../render/styles';
import type { UserRow } from '../auth/repository';
import type { WorksRepository } from '../works/repository';
import type { GenerationLimiters } from './rateLimits';
import { extraFileUrl, type ResultExtras } from './resultExtras';
import { finishedBannerOf, type ZipService } from './zip';
import type { UploadStore } from '../miniSite/uploads';

/** Page sizes a template list accepts; the SPA asks for 12 (spec section 9). */
export const MAX_TEMPLATE_PAGE_SIZE = 48;

function page<T>(items: readonly T[], request: TemplatePageRequest): TemplatePage<T> {
  const perPage = Math.min(Math.max(Math.trunc(request.per_page) || 1, 1), MAX_TEMPLATE_PAGE_SIZE);
  const current = Math.max(Math.trunc(request.page) || 1, 1);
  const start = (current - 1) * perPage;
  return { data: items.slice(start, start + perPage), total: items.length, current_page: current, per_page: perPage };
}

/** The result URLs of a finished job: the logo for every kind, the video for a banner. */
export function resultUrls(id: string, kind: UserJobKind): { logoUrl: string; bannerUrl: string } {
  return { logoUrl: jobFileUrl(id, JOB_FILES[kind].logo), bannerUrl: kind === 'fsa' ? jobFileUrl(id, JOB_FILES.fsa.video) : '' };
}

const NO_RESULT = { logoUrl: '', bannerUrl: '' };

/** The answer of a create whose result is there: the spec's `exist`. */
function existing(id: string, kind: UserJobKind): LogoCreateAnswer {
  return { uniqueId: id, isInquiry: false, exist: true, waitCount: 0, ...resultUrls(id, kind), expectedSeconds: 0 };
}

/** The answer of a create whose job is to be polled. */
function queued(id: string, waitCount: number, remainingMs: number): LogoCreateAnswer {
  return { uniqueId: id, isInquiry: false, exist: false, waitCount, ...NO_RESULT, expectedSeconds: answerSeconds(remainingMs) };
}

export interface GenerationServiceDeps {
  queue: RenderQueue;
  catalog: Catalog;
  zips: ZipService;
  limiters: GenerationLimiters;
  /** Where each user's logos and banners are noted for the back office's 我的作品. */
  works: WorksRepository;
  /** Brand kits and banner cuts, started in idle time once a result is done. */
  extras: ResultExtras;
  /** The uploaded pictures a banner's key art may name (the mini site's upload call stores them). */
  uploads: Pick<UploadStore, 'nameOf'>;
}

/** Logo and banner generation (spec section 7, "Mini site, logo and banner"; DESIGN.md section 6). */
export class GenerationService {
  constructor(private readonly deps: GenerationServiceDeps) {}

  logoTemplates(request: TemplatePageRequest): TemplatePage<LogoTemplate> {
    return page(this.deps.catalog.logoTemplates(), request);
  }

  bannerTemplates(request: TemplatePageRequest): TemplatePage<BannerTemplate> {
    return page(this.deps.catalog.bannerTemplates(), request);
  }

  /**
   * Checks the form like the SPA does, then queues the job (or answers the identical one). A job
   * that starts at once and should end within a second is waited for: its result is the answer.
   */
  async create(request: LogoCreateRequest, user: UserRow, ip: string): Promise<LogoCreateAnswer> {
    const { limiters, queue } = this.deps;
    if (!(await limiters.createPerUser.take(String(user.id))) || !(await limiters.createPerIp.take(ip))) throw tooMany();
    const spec = await this.specOf(request);
    const outcome = await queue.submit(spec, { isFirst: request.isFirst, userId: user.id, ip });
    switch (outcome.type) {
      case 'refused':
        throw tooMany(activeJobsRefusal(outcome.limit.by, outcome.limit.limit));
      case 'inquiry':
        return { uniqueId: '', isInquiry: true, exist: false, waitCount: outcome.waitCount, ...NO_RESULT, expectedSeconds: 0 };
      case 'exists':
        await this.deps.works.record(user.id, outcome.id, spec.texts.logotext);
        this.deps.extras.prepare(outcome.id, outcome.kind);
        return existing(outcome.id, outcome.kind);
      case 'queued': {
        await this.deps.works.record(user.id, outcome.id, spec.texts.logotext);
        if (!(await queue.waitForQuickJob(outcome, user.id))) return queued(outcome.id, outcome.waitCount, outcome.remainingMs);
        const now = await queue.poll(outcome.id, user.id);
        // Ended without a result (failed): the first poll says why, as it always does.
        if (now.type !== 'done') return queued(outcome.id, 0, 0);
        this.deps.extras.prepare(now.id, now.kind);
        return existing(now.id, now.kind);
      }
    }
  }

  /**
   * A failed render answers `expired` with its message, so that the SPA stops polling and shows
   * it (spec section 8: "errorMsg or 'LOGO生成超时'"); an unknown or dropped job says so, and so
   * does another user's job when results are not shared.
   */
  async poll(uniqueId: string, user: UserRow): Promise<LogoPollingAnswer> {
    const outcome = await this.deps.queue.poll(uniqueId, user.id);
    const none = { expired: false, errorMsg: '', waitCount: 0, isCreate: false, ...NO_RESULT, expectedSeconds: 0 };
    switch (outcome.type) {
      case 'waiting':
        return { ...none, waitCount: outcome.waitCount, expectedSeconds: answerSeconds(outcome.remainingMs) };
      case 'done':
        this.deps.extras.prepare(outcome.id, outcome.kind);
        return { ...none, isCreate: true, ...resultUrls(outcome.id, outcome.kind) };
      case 'failed':
        return { ...none, expired: true, errorMsg: outcome.message };
      case 'expired':
      case 'unknown':
        return { ...none, expired: true, errorMsg: GenerationMessages.jobUnknown };
    }
  }

  /** Expected seconds for a module (without one, the transparent logo's) and, when given, its styles. */
  async duration(request: Partial<LogoCreationDurationRequest>): Promise<LogoCreationDurationAnswer> {
    const kind = request.module ? request.module : 'tl';
    if (!isGenerationModule(kind)) throw invalid(GenerationMessages.moduleInvalid);
    const style = kind === 'fsa' ? durationStyleOf({ kind, bannerStyle: request.banner ?? 0 }) : durationStyleOf({ kind, logoStyle: request.logobg ?? 0 });
    return { logoCreationDuration: await this.deps.queue.expectedSeconds(kind, style) };
  }

  async zip(request: ZipByFileRequest, ip: string, ownHosts: ReadonlySet<string>): Promise<ZipAnswer> {
    if (!(await this.deps.limiters.zipPerIp.take(ip))) throw tooMany();
    return this.deps.zips.create(request, ownHosts);
  }

  /**
   * A banner's phone cut and WebM videos by its MP4's URL: the URLs of those made (the phone cut
   * comes first), ready once all are; those missing are being made. Like a zip, the URL is the
   * capability: the job's id is not guessable.
   */
  async bannerCuts(request: BannerCutsRequest, ownHosts: ReadonlySet<string>): Promise<BannerCutsAnswer> {
    const job = await finishedBannerOf(this.deps.queue, request.bannerUrl, ownHosts);
    if (!job) throw invalid(GenerationMessages.cutsUnknown);
    const made = await this.deps.extras.readyNow(job);
    const cut = JOB_FILES['banner-cuts'];
    const webm = JOB_FILES['banner-webm'];
    const url = (kind: 'banner-cuts' | 'banner-webm', file: string): string => (made[kind] ? extraFileUrl(job.id, kind, file) : '');
    return {
      ready: Boolean(made['banner-cuts'] && made['banner-webm']),
      portraitProgress: made['banner-cuts'] ? 100 : Math.floor((await this.deps.extras.progressOf(job, 'banner-cuts')) * 100),
      portraitUrl: url('banner-cuts', cut.portrait),
      portraitPosterUrl: url('banner-cuts', cut.portraitPoster),
      portraitWebmUrl: url('banner-webm', webm.portraitWebm),
      webmUrl: url('banner-webm', webm.webm),
    };
  }

  private async specOf(request: LogoCreateRequest): Promise<LogoJobSpec | BannerJobSpec> {
    if (!isGenerationModule(request.module)) throw invalid(GenerationMessages.moduleInvalid);
    const texts = {
      logotext: request.logotext ?? '',
      rightsealtext: request.rightsealtext ?? '',
      bottomsealtext: request.bottomsealtext ?? '',
      bottomtext: request.bottomtext ?? '',
    };
    if (request.module !== 'fsa') {
      if (request.keyArt) throw invalid(GenerationMessages.keyArtBannerOnly);
      assertValid(logoFormProblem({ ...texts, logobg: request.logobg }));
      if (!logoStyleById(request.logobg)) throw invalid(GenerationMessages.logoTemplateMissing);
      return { kind: request.module, logoStyle: request.logobg, texts };
    }
    const bannerTexts = { bannertextup: request.bannertextup ?? '', bannertextdown: request.bannertextdown ?? '' };
    assertValid(bannerFormProblem({ ...texts, ...bannerTexts, logobg: request.logobg, banner: request.banner }));
    if (!logoStyleById(request.logobg)) throw invalid(GenerationMessages.logoTemplateMissing);
    const banner = request.banner ?? 0;
    if (!bannerStyleById(banner)) throw invalid(GenerationMessages.bannerTemplateMissing);
    const spec: BannerJobSpec = { kind: 'fsa', logoStyle: request.logobg, bannerStyle: banner, texts, bannerTexts };
    if (request.keyArt) spec.keyArt = await this.keyArtOf(request.keyArt);
    return spec;
  }

  /** The upload file name behind a key art URL (/uploads/<name>); refused unless it is an upload this server has. */
  private async keyArtOf(url: string): Promise<string> {
    const name = await this.deps.uploads.nameOf(url);
    if (!name || !KEY_ART_NAME_PATTERN.test(name)) throw invalid(GenerationMessages.keyArtGone);
    return name;
  }
}
