import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deriveKey } from '../../security/secrets';
import { PhonePreviewLinks } from './links';
import { registerPhonePreviewRoute } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed links that open a site's preview on a phone without a login. */
    phoneLinks: PhonePreviewLinks;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const links = new PhonePreviewLinks(deriveKey(app.config.jwtSecret, 'phone-preview'), app.clock);
    app.decorate('phoneLinks', links);
    registerPhonePreviewRoute(app, links);
  },
  { name: 'phone-preview', dependencies: ['config', 'http', 'auth'] },
);
