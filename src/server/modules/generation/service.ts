import {
  GenerationMessages,
  activeJobsRefusal,
  bannerFormProblem,
  isGenerationModule,
  logoFormProblem,
  type BannerTemplate,
  type LogoCreateAnswer,
  type LogoCreateRequest,
  type LogoCreationDurationAnswer,
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
import type { RenderQueue } from '../../queue/renderQueue';
import { JOB_FILES, type UserJobKind, type UserJobSpec } from '../../queue/renderSpec';
import { bannerStyleById, logoStyleById } from '../../render/styles';
import type { UserRow } from '../auth/repository';
import type { GenerationLimiters } from './rateLimits';
import type { ZipService } from './zip';

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

export interface GenerationServiceDeps {
  queue: RenderQueue;
  catalog: Catalog;
  zips: ZipService;
  limiters: GenerationLimiters;
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

  /** Checks the form like the SPA does, then queues the job (or answers the identical one). */
  create(request: LogoCreateRequest, user: UserRow, ip: string): LogoCreateAnswer {
    const { limiters, queue } = this.deps;
    if (!limiters.createPerUser.take(String(user.id)) || !limiters.createPerIp.take(ip)) throw tooMany();
    const spec = this.specOf(request);
    const outcome = queue.submit(spec, { isFirst: request.isFirst, userId: user.id, ip });
    switch (outcome.type) {
      case 'refused':
        throw tooMany(activeJobsRefusal(outcome.limit.by, outcome.limit.limit));
      case 'inquiry':
        return { uniqueId: '', isInquiry: true, exist: false, waitCount: outcome.waitCount, ...NO_RESULT };
      case 'exists':
        return { uniqueId: outcome.id, isInquiry: false, exist: true, waitCount: 0, ...resultUrls(outcome.id, outcome.kind) };
      case 'queued':
        return { uniqueId: outcome.id, isInquiry: false, exist: false, waitCount: outcome.waitCount, ...NO_RESULT };
    }
  }

  /**
   * A failed render answers `expired` with its message, so that the SPA stops polling and shows
   * it (spec section 8: "errorMsg or 'LOGO生成超时'"); an unknown or dropped job says so, and so
   * does another user's job when results are not shared.
   */
  poll(uniqueId: string, user: UserRow): LogoPollingAnswer {
    const outcome = this.deps.queue.poll(uniqueId, user.id);
    const none = { expired: false, errorMsg: '', waitCount: 0, isCreate: false, ...NO_RESULT };
    switch (outcome.type) {
      case 'waiting':
        return { ...none, waitCount: outcome.waitCount };
      case 'done':
        return { ...none, isCreate: true, ...resultUrls(outcome.id, outcome.kind) };
      case 'failed':
        return { ...none, expired: true, errorMsg: outcome.message };
      case 'expired':
      case 'unknown':
        return { ...none, expired: true, errorMsg: GenerationMessages.jobUnknown };
    }
  }

  /** Expected seconds for a module; without one, the transparent logo's. */
  duration(module: string | undefined): LogoCreationDurationAnswer {
    const kind = module ? module : 'tl';
    if (!isGenerationModule(kind)) throw invalid(GenerationMessages.moduleInvalid);
    return { logoCreationDuration: this.deps.queue.expectedSeconds(kind) };
  }

  zip(request: ZipByFileRequest, ip: string, ownHosts: ReadonlySet<string>): ZipAnswer {
    if (!this.deps.limiters.zipPerIp.take(ip)) throw tooMany();
    return this.deps.zips.create(request, ownHosts);
  }

  private specOf(request: LogoCreateRequest): UserJobSpec {
    if (!isGenerationModule(request.module)) throw invalid(GenerationMessages.moduleInvalid);
    const texts = {
      logotext: request.logotext ?? '',
      rightsealtext: request.rightsealtext ?? '',
      bottomsealtext: request.bottomsealtext ?? '',
      bottomtext: request.bottomtext ?? '',
    };
    if (request.module !== 'fsa') {
      assertValid(logoFormProblem({ ...texts, logobg: request.logobg }));
      if (!logoStyleById(request.logobg)) throw invalid(GenerationMessages.logoTemplateMissing);
      return { kind: request.module, logoStyle: request.logobg, texts };
    }
    const bannerTexts = { bannertextup: request.bannertextup ?? '', bannertextdown: request.bannertextdown ?? '' };
    assertValid(bannerFormProblem({ ...texts, ...bannerTexts, logobg: request.logobg, banner: request.banner }));
    if (!logoStyleById(request.logobg)) throw invalid(GenerationMessages.logoTemplateMissing);
    const banner = request.banner ?? 0;
    if (!bannerStyleById(banner)) throw invalid(GenerationMessages.bannerTemplateMissing);
    return { kind: 'fsa', logoStyle: request.logobg, bannerStyle: banner, texts, bannerTexts };
  }
}
