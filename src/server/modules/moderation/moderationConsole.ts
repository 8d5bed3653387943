import {
  ModerationLimits,
  ModerationMessages,
  noteTooLong,
  takedownReasonTooLong,
  type ConsolePublishedList,
  type ConsoleReportList,
  type PublishedStatus,
  type ReportStatus,
  type ResolveReportRequest,
} from '../../../contract/moderation';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import { invalid } from '../../http/envelope';
import type { UserRow } from '../auth/repository';
import type { OperatorLog } from '../operators/operatorLog';
import type { ModerationRepository } from './consoleRepository';
import type { PublishedModeration } from './publishedModeration';
import { parseWords } from './wordMatcher';

export interface ModerationConsoleDeps {
  sql: Sql;
  now: Clock;
  repository: ModerationRepository;
  moderation: PublishedModeration;
  log: OperatorLog;
  /** A published page's link, for the console to open. */
  publishedLink(slug: string): string;
}

const target = (slug: string) => `site:${slug}`;
type Operator = Pick<UserRow, 'id' | 'name'>;

/**
 * The console's 内容审核 page: published pages, 下线 with a reason and 恢复, the reports filed from
 * pages, and the sensitive words. Each change and its line in the operators' log are one transaction.
 */
export class ModerationConsole {
  constructor(private readonly deps: ModerationConsoleDeps) {}

  async pages(q: string, status: PublishedStatus | undefined, page: number): Promise<ConsolePublishedList> {
    // This server's views not yet written: the operator sees the count as of now.
    await this.deps.moderation.visits.flush();
    return this.deps.repository.pages(q.trim(), status, page, ModerationLimits.pageSize, this.deps.publishedLink);
  }

  reports(status: ReportStatus | undefined, page: number): Promise<ConsoleReportList> {
    return this.deps.repository.reports(status, page, ModerationLimits.pageSize, this.deps.publishedLink);
  }

  /** 下线 (again, for a page whose owner asked for review: it stays down, with this reason). */
  async takedown(operator: Operator, slug: string, reason: string, reportId?: number): Promise<void> {
    const why = reason.trim();
    if (!why) throw invalid(ModerationMessages.takedownReasonRequired);
    if (why.length > ModerationLimits.reasonMaxLength) throw invalid(takedownReasonTooLong);
    const { sql, now, repository, log, moderation } = this.deps;
    await sql.transaction().execute(async (trx) => {
      const page = await repository.page(slug, trx);
      if (!page) throw invalid(ModerationMessages.pageNotFound);
      const at = now();
      await trx
        .insertInto('published_takedowns')
        .values({ slug, reason: why, operator_name: operator.name, taken_down_at: at, review_requested_at: null })
        .onConflict((conflict) => conflict.column('slug').doUpdateSet({ reason: why, operator_name: operator.name, taken_down_at: at, review_requested_at: null }))
        .execute();
      // Every open report of the page is answered by its takedown.
      await trx
        .updateTable('site_reports')
        .set({ resolution: 'takedown', note: why, resolved_by: operator.name, resolved_at: at })
        .where('slug', '=', slug)
        .where('resolution', 'is', null)
        .execute();
      const before = page.reason === null ? { status: 'online' } : { status: page.reviewRequestedAt === null ? 'down' : 'review', reason: page.reason };
      await log.record(operator, { action: 'site.takedown', target: target(slug), before, after: { status: 'down', reason: why, ...(reportId ? { report: reportId } : {}) } }, trx);
    });
    moderation.takedowns.forget();
  }

  /** 恢复: the page is served again. */
  async restore(operator: Operator, slug: string): Promise<void> {
    const { sql, repository, log, moderation } = this.deps;
    await sql.transaction().execute(async (trx) => {
      const page = await repository.page(slug, trx);
      if (!page) throw invalid(ModerationMessages.pageNotFound);
      if (page.reason === null) throw invalid(ModerationMessages.notDown);
      await trx.deleteFrom('published_takedowns').where('slug', '=', slug).execute();
      const before = { status: page.reviewRequestedAt === null ? 'down' : 'review', reason: page.reason };
      await log.record(operator, { action: 'site.restore', target: target(slug), before, after: { status: 'online' } }, trx);
    });
    moderation.takedowns.forget();
  }

  /** A report answered: its page taken down (the note is the reason its owner reads), or dismissed. */
  async resolve(operator: Operator, id: number, request: ResolveReportRequest): Promise<void> {
    const note = (request.note ?? '').trim();
    if (note.length > ModerationLimits.noteMaxLength) throw invalid(noteTooLong);
    const report = await this.deps.sql.selectFrom('site_reports').select(['slug', 'resolution']).where('id', '=', id).executeTakeFirst();
    if (!report) throw invalid(ModerationMessages.reportNotFound);
    if (report.resolution !== null) throw invalid(ModerationMessages.reportResolved);
    if (request.action === 'takedown') {
      await this.takedown(operator, report.slug, note, id);
      return;
    }
    const { sql, now, log } = this.deps;
    await sql.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('site_reports')
        .set({ resolution: 'dismiss', note, resolved_by: operator.name, resolved_at: now() })
        .where('id', '=', id)
        .where('resolution', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw invalid(ModerationMessages.reportResolved);
      await log.record(operator, { action: 'report.dismiss', target: `report:${id}`, before: { status: 'open', slug: report.slug }, after: { status: 'dismissed', note } }, trx);
    });
  }

  async words(): Promise<string> {
    return (await this.deps.moderation.words.list()).join('\n');
  }

  /** The whole list, as typed one word a line; answers it as kept (trimmed, each word once). */
  async saveWords(operator: Operator, text: string): Promise<string> {
    const words = parseWords(text);
    const { sql, log, moderation } = this.deps;
    await sql.transaction().execute(async (trx) => {
      const before = await moderation.words.list(trx);
      await moderation.words.replace(trx, words);
      await log.record(operator, { action: 'moderation.words', target: 'sensitiveWords', before: { words: before }, after: { words: await moderation.words.list(trx) } }, trx);
    });
    return this.words();
  }
}
