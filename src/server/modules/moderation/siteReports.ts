import {
  ModerationLimits,
  ModerationMessages,
  REPORT_CATEGORIES,
  reportContactTooLong,
  reportTextTooLong,
  type ReportCategory,
  type ReportRequest,
} from '../../../contract/moderation';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import { invalid } from '../../http/envelope';
import type { ModerationRepository } from './consoleRepository';

export const SLUG = /^[0-9a-f]{32}$/;

/** A report as checked: the page it is about, and what the visitor wrote. */
export interface CheckedReport {
  slug: string;
  category: ReportCategory;
  text: string;
  contact: string;
}

/** Whether `slug` names a published page: reports and review requests are about those only. */
export const isSlug = (slug: string): boolean => SLUG.test(slug);

/**
 * 举报 from a published page (anyone, no login) and 申请复审 by the owner of a page taken down.
 * What a visitor writes is kept as text: the console shows it escaped, no page ever renders it.
 */
export class SiteReports {
  constructor(
    private readonly sql: Sql,
    private readonly now: Clock,
    private readonly repository: ModerationRepository,
  ) {}

  async isPublished(slug: string): Promise<boolean> {
    return isSlug(slug) && (await this.repository.page(slug)) !== null;
  }

  /** The report's fields checked, each with its own message; the page must be published. */
  async check(request: ReportRequest): Promise<CheckedReport> {
    const slug = String(request.site ?? '').trim();
    if (!(await this.isPublished(slug))) throw invalid(ModerationMessages.pageNotFound);
    const category = request.category;
    if (!(REPORT_CATEGORIES as readonly string[]).includes(category)) throw invalid(ModerationMessages.reportCategoryInvalid);
    const text = String(request.text ?? '').trim();
    const contact = String(request.contact ?? '').trim();
    if (!text) throw invalid(ModerationMessages.reportTextRequired);
    if ([...text].length > ModerationLimits.reportTextMaxLength) throw invalid(reportTextTooLong);
    if ([...contact].length > ModerationLimits.reportContactMaxLength) throw invalid(reportContactTooLong);
    return { slug, category, text, contact };
  }

  async file(report: CheckedReport): Promise<void> {
    await this.sql
      .insertInto('site_reports')
      .values({ ...report, created_at: this.now(), resolution: null, resolved_at: null })
      .execute();
  }

  /** 申请复审: only the owner, only while the page is down; it stays down until an operator restores it. */
  async requestReview(userId: number, slug: string): Promise<void> {
    const page = isSlug(slug) ? await this.repository.page(slug) : null;
    // Another user's page is answered as no page at all: nothing tells it exists.
    if (!page || page.userId !== userId) throw invalid(ModerationMessages.pageNotFound);
    if (page.reason === null) throw invalid(ModerationMessages.reviewNotDown);
    if (page.reviewRequestedAt !== null) throw invalid(ModerationMessages.reviewAlreadyRequested);
    await this.sql.updateTable('published_takedowns').set({ review_requested_at: this.now() }).where('slug', '=', slug).where('review_requested_at', 'is', null).execute();
  }
}
