import type { FastifyInstance } from 'fastify';
import { ConsoleQueueMessages, type ConsoleJobListRequest, type ConsoleJobStatus } from '../../../contract/consoleQueue';
import { ok } from '../../http/envelope';
import { currentUser } from '../auth/currentUser';
import type { JobsConsole } from './jobsConsole';
import type { ConsoleOverviewService } from './overview';
import * as schemas from './schemas';

type JobParams = { id: string };

/** The console's 概览 and 任务队列 pages (src/contract/consoleQueue.ts): operators only. */
export function registerConsoleRoutes(app: FastifyInstance, overview: ConsoleOverviewService, jobs: JobsConsole): void {
  const access = { access: 'operator' } as const;

  app.get('/api/admin/overview', { config: access }, async () => ok(await overview.read()));

  app.get<{ Querystring: ConsoleJobListRequest }>('/api/admin/jobs', { config: access, schema: schemas.jobListSchema }, async (request) =>
    ok(await jobs.list((request.query.status ?? 'waiting') as ConsoleJobStatus, request.query.page ?? 1)),
  );

  app.post<{ Params: JobParams }>('/api/admin/jobs/:id/cancel', { config: access, schema: schemas.jobActionSchema }, async (request) => {
    await jobs.cancel(currentUser(request), request.params.id);
    return ok(null, ConsoleQueueMessages.cancelled);
  });

  app.post<{ Params: JobParams }>('/api/admin/jobs/:id/retry', { config: access, schema: schemas.jobActionSchema }, async (request) => {
    await jobs.retry(currentUser(request), request.params.id);
    return ok(null, ConsoleQueueMessages.retried);
  });
}
