import type { AccountRole, ConsoleUserDetail, ConsoleUserList, OperatorActionList } from '../../contract/operators';
import { call } from './http';

/** GET /api/admin/users?q&page */
export function getConsoleUsers(q: string, page: number): Promise<ConsoleUserList> {
  return call<ConsoleUserList>({ method: 'GET', url: '/api/admin/users', params: q ? { q, page } : { page } });
}

/** GET /api/admin/users/:id */
export function getConsoleUser(id: number): Promise<ConsoleUserDetail> {
  return call<ConsoleUserDetail>({ method: 'GET', url: `/api/admin/users/${id}` });
}

/** POST /api/admin/users/:id/disable */
export function disableUser(id: number, reason: string): Promise<null> {
  return call<null>({ method: 'POST', url: `/api/admin/users/${id}/disable`, data: { reason } });
}

/** POST /api/admin/users/:id/enable */
export function enableUser(id: number): Promise<null> {
  return call<null>({ method: 'POST', url: `/api/admin/users/${id}/enable`, data: {} });
}

/** POST /api/admin/users/:id/role */
export function setUserRole(id: number, role: AccountRole): Promise<null> {
  return call<null>({ method: 'POST', url: `/api/admin/users/${id}/role`, data: { role } });
}

/** GET /api/admin/actions?page */
export function getOperatorActions(page: number): Promise<OperatorActionList> {
  return call<OperatorActionList>({ method: 'GET', url: '/api/admin/actions', params: { page } });
}
