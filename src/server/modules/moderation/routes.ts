import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  ConsolePublishedListRequest,
  ConsoleReportListRequest,
  ReportRequest,
  RequestReviewRequest,
  ResolveReportRequest,
  SensitiveWords,
  TakedownRequest,
} from '../../../contract/moderation';
import { ModerationLimits, ModerationMessages } from '../../../contract/moderation';
import { bodyDefaultsToObject } from '../../http/bodyDefaults';
import { acceptFormBodies } from '../../http/bodyParsers';
import { BusinessError, invalid, ok } from '../../http/envelope';
import { limitByKey } from '../../http/rateLimits';
import { requestOrigin } from '../../http/requestOrigin';
import { limitKeyOf } from '../../security/clientAddress';
import { currentUser } from '../auth/currentUser';
import { sendHtml } from '../wxAuth/scanPages';
import type { ModerationConsole } from './moderationConsole';
import { REPORT_PATH, reportFormPage, reportResultPage } from './pages';
import * as schemas from './schemas';
import { isSlug, type SiteReports } from './siteReports';

type SlugParams = { slug: string };
const HOUR = 3600;
/** A report is a few short fields: anything bigger is not one. */
const REPORT_BODY_LIMIT = 16 * 1024;

/** The console's 内容审核 calls (src/contract/moderation.ts): operators only. */
export function registerModerationConsoleRoutes(app: FastifyInstance, moderationConsole: ModerationConsole): void {
  const access = { access: 'operator' } as const;

  app.get<{ Querystring: ConsolePublishedListRequest }>('/api/admin/published', { config: access, schema: schemas.publishedListSchema }, async (request) =>
    ok(await moderationConsole.pages(request.query.q ?? '', request.query.status, request.query.page ?? 1)),
  );

  app.post<{ Params: SlugParams; Body: TakedownRequest }>('/api/admin/published/:slug/takedown', { config: access, schema: schemas.takedownSchema }, async (request) => {
    await moderationConsole.takedown(currentUser(request), request.params.slug, request.body.reason);
    return ok(null, ModerationMessages.takedownSucceeded);
  });

  app.post<{ Params: SlugParams }>('/api/admin/published/:slug/restore', { config: access, schema: schemas.restoreSchema }, async (request) => {
    await moderationConsole.restore(currentUser(request), request.params.slug);
    return ok(null, ModerationMessages.restoreSucceeded);
  });

  app.get<{ Querystring: ConsoleReportListRequest }>('/api/admin/reports', { config: access, schema: schemas.reportListSchema }, async (request) =>
    ok(await moderationConsole.reports(request.query.status, request.query.page ?? 1)),
  );

  app.post<{ Params: { id: number }; Body: ResolveReportRequest }>('/api/admin/reports/:id/resolve', { config: access, schema: schemas.resolveSchema }, async (request) => {
    await moderationConsole.resolve(currentUser(request), request.params.id, request.body);
    return ok(null, request.body.action === 'takedown' ? ModerationMessages.takedownSucceeded : '已处理');
  });

  app.get('/api/admin/sensitiveWords', { config: access }, async () => ok<SensitiveWords>({ words: await moderationConsole.words() }));

  app.put<{ Body: SensitiveWords }>('/api/admin/sensitiveWords', { config: access, schema: schemas.wordsSchema }, async (request) =>
    ok<SensitiveWords>({ words: await moderationConsole.saveWords(currentUser(request), request.body.words) }, ModerationMessages.sensitiveWordsSaved),
  );
}

/** 申请复审 by the owner of a page taken down. */
export function registerReviewRoute(app: FastifyInstance, reports: SiteReports): void {
  const perUser = limitByKey(app, 'review-request', ModerationLimits.reviewRequestsPerHour, HOUR);
  app.post<{ Body: RequestReviewRequest }>('/api/publish/requestReview', { config: { access: 'user' }, preValidation: bodyDefaultsToObject, schema: schemas.requestReviewSchema }, async (request) => {
    const user = currentUser(request);
    await perUser(request, String(user.id));
    await reports.requestReview(user.id, request.body.slug.trim());
    return ok(null, ModerationMessages.reviewRequested);
  });
}

/**
 * A post from another site's page: refused. Reports need no login, so there is no session to
 * ride; this keeps pages elsewhere from filing reports in their visitors' names.
 */
function fromElsewhere(request: FastifyRequest): boolean {
  // Browsers say where a request comes from in Sec-Fetch-Site; under our Referrer-Policy
  // (no-referrer) Chromium sends Origin: null even from our own form, so Origin is only asked of
  // clients that send no Sec-Fetch-Site.
  const site = request.headers['sec-fetch-site'];
  if (site) return site === 'cross-site';
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host !== new URL(requestOrigin(request)).host;
  } catch {
    return true;
  }
}

/** 举报: the form a published page's link opens, and what it posts (an HTML form, or JSON). */
export function registerReportRoutes(app: FastifyInstance, reports: SiteReports): void {
  const perAddress = limitByKey(app, 'report-address', ModerationLimits.reportsPerAddressPerHour, HOUR);
  const perSite = limitByKey(app, 'report-site', ModerationLimits.reportsPerSitePerHour, HOUR);

  app.get<{ Querystring: { site: string } }>(REPORT_PATH, { config: { access: 'public' }, schema: schemas.reportPageSchema }, async (request, reply) => {
    const slug = request.query.site.trim();
    if (!(await reports.isPublished(slug))) return sendHtml(reply.code(404), reportResultPage(ModerationMessages.pageNotFound));
    return sendHtml(reply, reportFormPage(slug));
  });

  void app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post<{ Body: ReportRequest }>('/api/report', { config: { access: 'public' }, bodyLimit: REPORT_BODY_LIMIT, schema: schemas.reportSchema }, async (request, reply) => {
      const fromForm = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      try {
        if (fromElsewhere(request)) throw invalid(ModerationMessages.reportForeignPage);
        await perAddress(request, limitKeyOf(request));
        const report = await reports.check(request.body);
        await perSite(request, report.slug);
        await reports.file(report);
      } catch (error) {
        if (!fromForm || !(error instanceof BusinessError)) throw error;
        return answerForm(reply, request.body, error.message);
      }
      return fromForm ? sendHtml(reply, reportResultPage(ModerationMessages.reportSucceeded)) : ok(null, ModerationMessages.reportSucceeded);
    });
  });
}

/** A refused form comes back with its reason above it and what was typed, while it names a page; else the reason alone. */
function answerForm(reply: FastifyReply, body: ReportRequest, message: string): FastifyReply {
  return sendHtml(reply.code(400), isSlug(body.site) ? reportFormPage(body.site, message, body) : reportResultPage(message));
}
