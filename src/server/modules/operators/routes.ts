import type { FastifyInstance } from 'fastify';
import type { ConsoleUserListRequest, DisableUserRequest, OperatorActionListRequest, SetRoleRequest } from '../../../contract/operators';
import { OperatorLimits } from '../../../contract/operators';
import { ok } from '../../http/envelope';
import { currentUser } from '../auth/currentUser';
import type { AccountsConsole } from './accountsConsole';
import type { OperatorLog } from './operatorLog';
import * as schemas from './schemas';

type UserParams = { id: number };

/** The console's 用户 and 操作日志 pages (src/contract/operators.ts): operators only. */
export function registerOperatorRoutes(app: FastifyInstance, accounts: AccountsConsole, log: OperatorLog): void {
  const access = { access: 'operator' } as const;

  app.get<{ Querystring: ConsoleUserListRequest }>('/api/admin/users', { config: access, schema: schemas.userListSchema }, async (request) =>
    ok(await accounts.list(request.query.q ?? '', request.query.page ?? 1)),
  );

  app.get<{ Params: UserParams }>('/api/admin/users/:id', { config: access, schema: schemas.userSchema }, async (request) => ok(await accounts.detail(request.params.id)));

  app.post<{ Params: UserParams; Body: DisableUserRequest }>('/api/admin/users/:id/disable', { config: access, schema: schemas.disableSchema }, async (request) => {
    await accounts.disable(currentUser(request), request.params.id, request.body.reason);
    return ok(null, '已停用');
  });

  app.post<{ Params: UserParams }>('/api/admin/users/:id/enable', { config: access, schema: schemas.enableSchema }, async (request) => {
    await accounts.enable(currentUser(request), request.params.id);
    return ok(null, '已启用');
  });

  app.post<{ Params: UserParams; Body: SetRoleRequest }>('/api/admin/users/:id/role', { config: access, schema: schemas.roleSchema }, async (request) => {
    await accounts.setRole(currentUser(request), request.params.id, request.body.role);
    return ok(null, '已保存');
  });

  app.get<{ Querystring: OperatorActionListRequest }>('/api/admin/actions', { config: access, schema: schemas.actionListSchema }, async (request) =>
    ok(await log.page(request.query.page ?? 1, OperatorLimits.pageSize)),
  );
}
