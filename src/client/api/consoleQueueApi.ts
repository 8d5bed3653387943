import type { ConsoleJobList, ConsoleJobStatus, ConsoleOverview } from '../../contract/consoleQueue';
import { call } from './http';

/** GET /api/admin/overview */
export function getConsoleOverview(): Promise<ConsoleOverview> {
  return call<ConsoleOverview>({ method: 'GET', url: '/api/admin/overview' });
}

/** GET /api/admin/jobs?status&page */
export function getConsoleJobs(status: ConsoleJobStatus, page: number): Promise<ConsoleJobList> {
  return call<ConsoleJobList>({ method: 'GET', url: '/api/admin/jobs', params: { status, page } });
}

/** POST /api/admin/jobs/:id/cancel */
export function cancelJob(id: string): Promise<null> {
  return call<null>({ method: 'POST', url: `/api/admin/jobs/${encodeURIComponent(id)}/cancel`, data: {} });
}

/** POST /api/admin/jobs/:id/retry */
export function retryJob(id: string): Promise<null> {
  return call<null>({ method: 'POST', url: `/api/admin/jobs/${encodeURIComponent(id)}/retry`, data: {} });
}
