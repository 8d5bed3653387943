import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deriveKey } from '../../security/secrets';
import { PhonePreviewLinks } from './links';
import { registerPhonePreviewRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed links that show a site's preview on a phone without a login, for as long as the link lasts. */
    phoneLinks: PhonePreviewLinks;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const links = new PhonePreviewLinks(deriveKey(app.config.jwtSecret, 'phone-preview'), app.clock);
    app.decorate('phoneLinks', links);
    registerPhonePreviewRoutes(app, links, app.dataFiles, app.sitePreviewPage);
  },
  { name: 'phone-preview', dependencies: ['config', 'http', 'auth', 'data-files', 'site-files'] },
);
