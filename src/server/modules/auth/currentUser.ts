import type { FastifyRequest } from 'fastify';
import type { UserRow } from './repository';

/**
 * The logged-in user inside the handler of a route declared `access: 'user'` (or `operator`);
 * `request.user` is set by the auth plugin (plugins/auth.ts).
 */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error("currentUser() used on a route not declared access: 'user'");
  return request.user;
}
