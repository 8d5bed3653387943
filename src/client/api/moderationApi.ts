import type {
  ConsolePublishedList,
  ConsoleReportList,
  PublishedStatus,
  ReportStatus,
  ResolveReportRequest,
  SensitiveWords,
} from '../../contract/moderation';
import { call } from './http';

/** GET /api/admin/published?q&status&page */
export function getPublishedPages(q: string, status: PublishedStatus | '', page: number): Promise<ConsolePublishedList> {
  return call<ConsolePublishedList>({ method: 'GET', url: '/api/admin/published', params: { page, ...(q ? { q } : {}), ...(status ? { status } : {}) } });
}

/** POST /api/admin/published/:slug/takedown */
export function takedownPage(slug: string, reason: string): Promise<null> {
  return call<null>({ method: 'POST', url: `/api/admin/published/${slug}/takedown`, data: { reason } });
}

/** POST /api/admin/published/:slug/restore */
export function restorePage(slug: string): Promise<null> {
  return call<null>({ method: 'POST', url: `/api/admin/published/${slug}/restore`, data: {} });
}

/** GET /api/admin/reports?status&page */
export function getReports(status: ReportStatus | '', page: number): Promise<ConsoleReportList> {
  return call<ConsoleReportList>({ method: 'GET', url: '/api/admin/reports', params: { page, ...(status ? { status } : {}) } });
}

/** POST /api/admin/reports/:id/resolve */
export function resolveReport(id: number, request: ResolveReportRequest): Promise<null> {
  return call<null>({ method: 'POST', url: `/api/admin/reports/${id}/resolve`, data: request });
}

/** GET /api/admin/sensitiveWords */
export function getSensitiveWords(): Promise<SensitiveWords> {
  return call<SensitiveWords>({ method: 'GET', url: '/api/admin/sensitiveWords' });
}

/** PUT /api/admin/sensitiveWords: answers the list as kept. */
export function saveSensitiveWords(words: string): Promise<SensitiveWords> {
  return call<SensitiveWords>({ method: 'PUT', url: '/api/admin/sensitiveWords', data: { words } });
}

