import { Messages } from './messages';
/**
 * 内容审核: published pages taken down and restored by operators, reports anyone files from a
 * published page, and the sensitive words a publish is checked against. The console's calls are
 * under /api/admin/ (operators only); 举报 and 申请复审 are the public's and the owner's.
 */

export const ModerationLimits = {
  pageSize: 20,
  searchMaxLength: 50,
  /** The reason an owner is told when an operator takes a page down. */
  reasonMaxLength: 200,
  /** What an operator notes when resolving a report. */
  noteMaxLength: 200,
  reportTextMaxLength: 500,
  reportContactMaxLength: 50,
  sensitiveWordMaxLength: 30,
  sensitiveWordsMax: 5000,
  /** Reports from one address, and about one page, per hour. */
  reportsPerAddressPerHour: 10,
  reportsPerSitePerHour: 30,
  /** 申请复审 of one page per hour. */
  reviewRequestsPerHour: 10,
} as const;

/** online: served; down: taken down by an operator; review: taken down, its owner asks for review. */
export const PUBLISHED_STATUSES = ['online', 'down', 'review'] as const;
export type PublishedStatus = (typeof PUBLISHED_STATUSES)[number];

export const REPORT_CATEGORIES = ['illegal', 'porn', 'fraud', 'infringement', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const ReportCategoryLabels: Record<ReportCategory, string> = {
  illegal: '违法违规',
  porn: '色情低俗',
  fraud: '诈骗欺诈',
  infringement: '侵权',
  other: '其他',
};

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** GET /api/admin/published?q&status&page: published pages, newest change first. */
export interface ConsolePublishedListRequest {
  /** A slug, a site's name, or its owner's phone, name or id. */
  q?: string;
  status?: PublishedStatus;
  page?: number;
}

export interface ConsolePublishedPage {
  slug: string;
  kind: 'builder' | 'miniSite';
  name: string;
  url: string;
  owner: { id: number; name: string; mobile: string };
  publishedAt: number;
  updatedAt: number;
  /** Views of the page (its index.html), all days. */
  visits: number;
  status: PublishedStatus;
  /** Why it was taken down; '' while online. */
  reason: string;
  takenDownAt: number | null;
  reviewRequestedAt: number | null;
  openReports: number;
}

export interface ConsolePublishedList {
  list: ConsolePublishedPage[];
  total: number;
}

/** POST /api/admin/published/:slug/takedown */
export interface TakedownRequest {
  reason: string;
}

/** GET /api/admin/reports?status&page: reports, newest first. */
export interface ConsoleReportListRequest {
  status?: ReportStatus;
  page?: number;
}

export interface ConsoleReport {
  id: number;
  slug: string;
  /** The page's link; '' when the page is no longer published. */
  url: string;
  siteName: string;
  category: ReportCategory;
  text: string;
  contact: string;
  createdAt: number;
  status: ReportStatus;
  resolution: 'takedown' | 'dismiss' | null;
  note: string;
  resolvedBy: string;
  resolvedAt: number | null;
  /** The page's state now. */
  pageStatus: PublishedStatus | 'gone';
}

export interface ConsoleReportList {
  list: ConsoleReport[];
  total: number;
}

/** POST /api/admin/reports/:id/resolve: take the page down (the note is the owner's reason) or dismiss. */
export interface ResolveReportRequest {
  action: 'takedown' | 'dismiss';
  note?: string;
}

/** GET/PUT /api/admin/sensitiveWords: one word per line. */
export interface SensitiveWords {
  words: string;
}

/** POST /api/publish/requestReview: the owner of a page taken down asks for it back. */
export interface RequestReviewRequest {
  slug: string;
}

/** POST /api/report: the form on /report?site=<slug> (HTML form or JSON). */
export interface ReportRequest {
  site: string;
  category: ReportCategory;
  text?: string;
  contact?: string;
}

/** What the owner's lists say of a published page an operator took down. */
export interface PublishedTakedown {
  reason: string;
  reviewRequested: boolean;
}

export const ModerationMessages = {
  takedownReasonRequired: '请填写下线原因',
  takedownSucceeded: '已下线',
  restoreSucceeded: '已恢复上线',
  alreadyDown: '该页面已下线',
  notDown: '该页面没有被下线',
  pageNotFound: '没有这个已发布的页面',
  reportNotFound: '没有这条举报',
  reportResolved: '这条举报已处理过',
  reportSucceeded: '举报已提交，感谢你的反馈，我们会尽快核实处理',
  reportCategoryInvalid: '请选择举报原因',
  reportTextRequired: '请简单说明举报原因',
  reportForeignPage: '请从举报页面提交',
  reviewRequested: Messages.reviewRequested,
  reviewAlreadyRequested: '已申请复审，请耐心等待处理',
  reviewNotDown: '该网站没有被下线，无需申请复审',
  publishTakenDown: '该网站已被运营人员下线，不能重新发布；请修改内容后在网站列表申请复审',
  unpublishTakenDown: '该网站已被运营人员下线，如需恢复请修改内容后申请复审',
  sensitiveWordsSaved: '敏感词已保存',
  noticeTitle: '该页面因违反相关规定已被下线',
} as const;

export const reportTextTooLong = `举报说明不能超过 ${ModerationLimits.reportTextMaxLength} 个字`;
export const reportContactTooLong = `联系方式不能超过 ${ModerationLimits.reportContactMaxLength} 个字`;
export const takedownReasonTooLong = `下线原因不能超过 ${ModerationLimits.reasonMaxLength} 个字`;
export const noteTooLong = `处理备注不能超过 ${ModerationLimits.noteMaxLength} 个字`;
export const tooManyWords = `敏感词最多 ${ModerationLimits.sensitiveWordsMax} 个`;
export const wordTooLong = (word: string): string => `敏感词「${word.slice(0, ModerationLimits.sensitiveWordMaxLength)}…」太长，每个最多 ${ModerationLimits.sensitiveWordMaxLength} 个字`;
export const sensitiveWordRefused = (word: string): string => `发布失败：内容包含敏感词「${word}」，请修改后重新发布`;
