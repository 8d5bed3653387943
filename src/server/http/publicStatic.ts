import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Scopes whose routes are all public, for plugins that take no route config (@fastify/static). */
const publicScopes = new WeakSet<FastifyInstance>();

/** Whether every route of `scope` is public (the route access check, plugins/access.ts, asks). */
export const isPublicScope = (scope: FastifyInstance): boolean => publicScopes.has(scope);

/**
 * @fastify/static with every file it serves public (it takes no route config of its own), in a
 * scope of its own that says so. A function, not a plugin to register: register's `prefix` would
 * prefix the scope as well as the files. The files get the hooks `app` has when this is called,
 * not the ones added to it later.
 */
export async function servePublicStatic(app: FastifyInstance, options: FastifyStaticOptions): Promise<void> {
  await app.register(async (scope) => {
    publicScopes.add(scope);
    await scope.register(fastifyStatic, options);
  });
}
