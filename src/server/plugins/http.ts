import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { registerBodyParsers } from '../http/bodyParsers';
import { registerErrorHandling } from '../http/errorHandler';
import { registerRateLimits } from '../http/rateLimits';
import { registerSecurityHeaders } from '../http/securityHeaders';
import { registerPublishHostGate } from '../modules/publishing/publishedFiles';
import { deriveKey } from '../security/secrets';
import { registerRouteAccess } from './access';

export interface HttpOptions {
  /** Told of every route as it is added (the security tests walk them all). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * What every route gets, whichever area adds it: the envelope for errors and 404s, JSON bodies
 * only, signed cookies, the security headers, the publish host's gate and the per-route rate
 * limits, which read each route's limit as it is added (every area that adds routes depends on
 * this plugin, so it is in place first), and the check that every route declares who may call it.
 */
export default fp(
  async (app: FastifyInstance, { onRoute }: HttpOptions) => {
    registerRouteAccess(app);
    if (onRoute) app.addHook('onRoute', onRoute);
    registerErrorHandling(app);
    registerBodyParsers(app);
    // Signed cookies carry identity (the QR provider's phones): the key is derived from the server secret.
    await app.register(fastifyCookie, { secret: deriveKey(app.config.jwtSecret, 'cookie-signing').toString('base64url') });
    await registerSecurityHeaders(app);
    registerPublishHostGate(app, app.config.publishOrigin);
    await registerRateLimits(app, app.sharedState.rateLimits);
  },
  { name: 'http', dependencies: ['config', 'shared-state'] },
);
