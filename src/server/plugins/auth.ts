import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TokenService } from '../security/tokens';
import { UserRepository, type UserRow } from '../modules/auth/repository';
import { RecentUsers } from '../modules/auth/recentUsers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the bearer tokens of a session. */
    tokens: TokenService;
    users: UserRepository;
  }
  interface FastifyContextConfig {
    /** The route may see the account as read up to RECENT_USER_MS ago (the job polls); others read it each time. */
    recentUser?: boolean;
  }
  interface FastifyRequest {
    /** The user of a valid, unrevoked bearer token; null without one. */
    user: UserRow | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The user a bearer token stands for, if its signature, expiry, user and token version all hold. */
export async function userFromAuthorization(header: string | undefined, tokens: TokenService, users: Pick<UserRepository, 'byId'>): Promise<UserRow | null> {
  const match = header ? BEARER.exec(header) : null;
  if (!match) return null;
  const claims = await tokens.verify(match[1]);
  if (!claims) return null;
  const user = await users.byId(claims.userId);
  // A logout, password change or an operator's stop moved token_version on: every older token is dead.
  return user && user.token_version === claims.version && user.disabled_reason === null ? user : null;
}

/**
 * Who is calling: every route sees `request.user` (the plugin decorates the root, not its own
 * scope). Routes declared `access: 'user'` refuse a request without one (plugins/access.ts); the
 * others treat a bad token as no token.
 */
export default fp(
  async (app: FastifyInstance) => {
    const tokens = new TokenService(app.config.jwtSecret, app.clock);
    const users = new UserRepository(app.database.sql, app.clock);
    const recentUsers = new RecentUsers(users, app.clock);
    app.decorate('tokens', tokens);
    app.decorate('users', users);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      request.user = await userFromAuthorization(request.headers.authorization, tokens, request.routeOptions.config.recentUser ? recentUsers : users);
    });
  },
  { name: 'auth', dependencies: ['config', 'database', 'http'] },
);
