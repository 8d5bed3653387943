import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AnswerCode } from '../../contract/envelope';
import { Messages } from '../../contract/messages';
import { UNAUTHORIZED_BODY, fail } from '../http/envelope';
import { isPublicScope } from '../http/publicStatic';
import type { UserRow } from '../modules/auth/repository';

/** Who may call a route: anyone, a logged-in user, or an operator (the product's own staff). */
export const ROUTE_ACCESS = ['public', 'user', 'operator'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every route says it: the app refuses to start with one that does not. */
    access?: RouteAccess;
  }
}

/** Whether a user may call the `operator` routes: an account given the role (npm run operator, or the console). */
export function isOperator(user: UserRow): boolean {
  return user.role === 'operator';
}

/** The body of every HTTP 403: a logged-in user calling a route for operators. */
export const FORBIDDEN_BODY = fail(AnswerCode.forbidden, Messages.operatorOnly);

async function loggedInOnly(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  // Returning the reply tells Fastify the answer is sent and the handler must not run.
  if (!request.user) return reply.code(401).send(UNAUTHORIZED_BODY);
  return undefined;
}

async function operatorsOnly(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (!request.user) return reply.code(401).send(UNAUTHORIZED_BODY);
  if (!isOperator(request.user)) return reply.code(403).send(FORBIDDEN_BODY);
  return undefined;
}

const isRouteAccess = (value: unknown): value is RouteAccess => ROUTE_ACCESS.some((access) => access === value);

/**
 * Registered on the root before any route: a route whose config names no valid `access` throws
 * as it is added, so the app refuses to start; `user` routes get their guard as their first
 * preHandler (after validation, like every preHandler: a logged-out client's malformed body is
 * still answered 422); `operator` routes get theirs as an onRequest hook, after the root's hook
 * that finds the user and before validation. Fastify's automatic HEAD routes pass through here
 * too, with their GET's config.
 */
export function registerRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', function declaredAccess(this: FastifyInstance, route: RouteOptions) {
    const access = route.config?.access ?? (isPublicScope(this) ? 'public' : undefined);
    if (!isRouteAccess(access)) {
      throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} declares no access: add config: { access: 'public' | 'user' | 'operator' }`);
    }
    route.config = { ...route.config, access };
    if (access === 'user') route.preHandler = [loggedInOnly, ...[route.preHandler ?? []].flat()];
    // Before validation: someone who is not an operator learns nothing of a console call, not even its fields.
    if (access === 'operator') route.onRequest = [...[route.onRequest ?? []].flat(), operatorsOnly];
  });
}
