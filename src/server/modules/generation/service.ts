import {
  GenerationMessages,
  activeJobsRefusal,
  checkKeyArtPrompt,
  bannerFormProblem,
  isGenerationModule,
  logoFormProblem,
  type BannerArtInfo,
  type BannerCutsAnswer,
  type BannerCutsRequest,
  type BannerTemplate,
  type GenerationStage,
  type LogoCreateAnswer,
  type KeyArtProviderAnswer,
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
import type { TemplateGallery } from '../../queue/templateGallery';
import { UPLOADS_URL_PREFIX, jobFileUrl } from '../../queue/paths';
import { answerSeconds, type PollOutcome, type RenderQueue } from '../../queue/renderQueue';
import { JOB_ID_PATTERN, durationStyleOf } from '../../queue/jobRules';
import type { BannerArtDescriptor } from '../../render/aiBanner/config';
import { JOB_FILES, KEY_ART_NAME_PATTERN, paintsKeyArt, type AiKeyArt, type BannerJobSpec, type LogoJobSpec, type UserJobKind, type UserJobSpec } from '../../render/jobSpec';
import { bannerStyleById, logoStyleById } from '../../render/styles';
import type { UserRow } from '../auth/repository';
import type { GenerationLimiters } from './rateLimits';
import { extraFileUrl, type ResultExtras } from './resultExtras';
import { finishedBannerOf, type ZipService } from './zip';
import type { UploadStore } from '../uploads/uploadStore';

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
const NO_ART: BannerArtInfo = { artMaker: '', artMakerLabel: '', keyArtUrl: '' };

/** The name a painted key art is kept under among the uploads: its job's id, so that asking twice keeps one. */
export const paintedKeyArtName = (jobId: string): string => `${jobId}.jpg`;

/**
 * Who made a banner's picture, from its spec (never from what a client says): the AI service that
 * painted it (its key art kept as an upload), an upload, or the style's scene.
 */
export function artInfoOf(spec: UserJobSpec, jobId: string): BannerArtInfo {
  if (spec.kind !== 'fsa') return NO_ART;
  const keyArtUrl = spec.keyArt ? `${UPLOADS_URL_PREFIX}${spec.keyArt}` : spec.aiKeyArt ? `${UPLOADS_URL_PREFIX}${paintedKeyArtName(jobId)}` : '';
  if (spec.aiKeyArt) return { artMaker: 'ai', artMakerLabel: spec.aiKeyArt.label, keyArtUrl };
  return spec.keyArt ? { artMaker: 'upload', artMakerLabel: '', keyArtUrl } : { artMaker: 'scene', artMakerLabel: '', keyArtUrl: '' };
}

/** The answer of a create whose result is there: the spec's `exist`. */
function existing(id: string, kind: UserJobKind, art: BannerArtInfo): LogoCreateAnswer {
  return { uniqueId: id, isInquiry: false, exist: true, waitCount: 0, ...resultUrls(id, kind), expectedSeconds: 0, ...art };
}

/** The answer of a create whose job is to be polled. */
function queued(id: string, waitCount: number, remainingMs: number): LogoCreateAnswer {
  return { uniqueId: id, isInquiry: false, exist: false, waitCount, ...NO_RESULT, expectedSeconds: answerSeconds(remainingMs), ...NO_ART };
}

/** Where a waiting job is, as the progress dialog names it. */
function stageOf(outcome: Extract<PollOutcome, { type: 'waiting' }>): GenerationStage {
  if (!outcome.running) return 'queued';
  return outcome.stage === 'painting' ? 'painting' : 'rendering';
}

export interface GenerationServiceDeps {
  queue: RenderQueue;
  catalog: TemplateGallery;
  zips: ZipService;
  limiters: GenerationLimiters;
  /** Where each user's logos and banners are noted for the back office's 我的作品 (works/repository.ts). */
  works: { record(userId: number, jobId: string, title: string): Promise<void> };
  /** Brand kits and banner cuts, started in idle time once a result is done. */
  extras: ResultExtras;
  /** The uploaded pictures a banner's key art may name (the mini site's upload call stores them); a painted key art is kept among them. */
  uploads: Pick<UploadStore, 'nameOf' | 'keepJobFile'>;
  /** The AI service that paints key art (AI生成主视觉); null when none is configured (the painter drawn here is no AI). */
  keyArtAi: BannerArtDescriptor | null;
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

  /** POST /index/common/getKeyArtProvider: whether AI生成主视觉 is offered, under the service's own name. */
  keyArtProvider(): KeyArtProviderAnswer {
    const ai = this.deps.keyArtAi;
    return ai ? { available: true, label: ai.label } : { available: false, label: '' };
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
        return { uniqueId: '', isInquiry: true, exist: false, waitCount: outcome.waitCount, ...NO_RESULT, expectedSeconds: 0, ...NO_ART };
      case 'exists':
        await this.deps.works.record(user.id, outcome.id, spec.texts.logotext);
        this.deps.extras.prepare(outcome.id, outcome.kind);
        return existing(outcome.id, outcome.kind, await this.finishedArt(spec, outcome.id));
      case 'queued': {
        await this.deps.works.record(user.id, outcome.id, spec.texts.logotext);
        if (!(await queue.waitForQuickJob(outcome, user.id))) return queued(outcome.id, outcome.waitCount, outcome.remainingMs);
        const now = await queue.poll(outcome.id, user.id);
        // Ended without a result (failed): the first poll says why, as it always does.
        if (now.type !== 'done') return queued(outcome.id, 0, 0);
        this.deps.extras.prepare(now.id, now.kind);
        return existing(now.id, now.kind, await this.finishedArt(spec, now.id));
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
    const none: LogoPollingAnswer = { expired: false, errorMsg: '', waitCount: 0, isCreate: false, ...NO_RESULT, expectedSeconds: 0, stage: '', ...NO_ART };
    switch (outcome.type) {
      case 'waiting':
        return { ...none, waitCount: outcome.waitCount, expectedSeconds: answerSeconds(outcome.remainingMs), stage: stageOf(outcome) };
      case 'done': {
        this.deps.extras.prepare(outcome.id, outcome.kind);
        const job = outcome.kind === 'fsa' ? await this.deps.queue.finishedJob(outcome.id) : null;
        return { ...none, isCreate: true, ...resultUrls(outcome.id, outcome.kind), ...(job ? await this.finishedArt(job.spec, job.id) : NO_ART) };
      }
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
      ...artInfoOf(job.spec, job.id),
      ready: Boolean(made['banner-cuts'] && made['banner-webm']),
      // 100 goes with the URL: a cut finishing between the two reads above says 99 until asked again.
      portraitProgress: made['banner-cuts'] ? 100 : Math.min(99, Math.floor((await this.deps.extras.progressOf(job, 'banner-cuts')) * 100)),
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
      if (request.keyArt || request.keyArtPrompt) throw invalid(GenerationMessages.keyArtBannerOnly);
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
    const prompt = request.keyArtPrompt ?? '';
    if (request.keyArt && prompt) throw invalid(GenerationMessages.keyArtBoth);
    if (request.keyArt) {
      spec.keyArt = await this.keyArtOf(request.keyArt);
      // A key art an AI painted before, used again: painted by it still, and nothing is painted now.
      const painted = await this.paintedBy(spec.keyArt);
      if (painted) spec.aiKeyArt = painted;
    } else if (prompt) {
      const ai = this.deps.keyArtAi;
      if (!ai) throw invalid(GenerationMessages.keyArtAiUnavailable);
      assertValid(checkKeyArtPrompt(prompt));
      spec.aiKeyArt = { provider: ai.id, label: ai.label, prompt: prompt.trim() };
    }
    return spec;
  }

  /**
   * What a finished banner says of its picture; a key art its render painted is kept among the
   * uploads first (under its job's id), so that a render again uses it as an upload: no new painting.
   */
  private async finishedArt(spec: UserJobSpec, jobId: string): Promise<BannerArtInfo> {
    if (spec.kind === 'fsa' && paintsKeyArt(spec)) {
      const kept = await this.deps.uploads.keepJobFile(jobId, JOB_FILES.fsa.keyArt, paintedKeyArtName(jobId));
      if (!kept) return { ...artInfoOf(spec, jobId), keyArtUrl: '' };
    }
    return artInfoOf(spec, jobId);
  }

  /** The AI that painted an upload: one kept from a banner's painting is named after its job, whose spec says. */
  private async paintedBy(name: string): Promise<AiKeyArt | null> {
    const stem = name.replace(/\.jpg$/, '');
    if (stem === name || !JOB_ID_PATTERN.test(stem)) return null;
    const job = await this.deps.queue.finishedJob(stem);
    return job?.spec.kind === 'fsa' && job.spec.aiKeyArt ? { ...job.spec.aiKeyArt } : null;
  }

  /** The upload file name behind a key art URL (/uploads/<name>); refused unless it is an upload this server has. */
  private async keyArtOf(url: string): Promise<string> {
    const name = await this.deps.uploads.nameOf(url);
    if (!name || !KEY_ART_NAME_PATTERN.test(name)) throw invalid(GenerationMessages.keyArtGone);
    return name;
  }
}
