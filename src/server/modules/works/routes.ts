import type { FastifyInstance } from 'fastify';
import type { WorkListRequest } from '../../../contract/works';
import { ok } from '../../http/envelope';
import { currentUser } from '../auth/currentUser';
import type { WorksRepository } from './repository';
import * as schemas from './schemas';
import { workList } from './service';

/** The back office's 我的作品 (src/contract/works.ts). */
export function registerWorksRoutes(app: FastifyInstance, repo: WorksRepository): void {
  /** GET /api/works/getWorkList?type&page&page_size */
  app.get<{ Querystring: WorkListRequest }>('/api/works/getWorkList', { config: { access: 'user' }, schema: schemas.workListSchema }, async (request) =>
    ok(await workList(repo, currentUser(request).id, request.query)),
  );
}
