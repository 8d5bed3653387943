import type { FastifyInstance } from 'fastify';
import type { VideoTutorialRequest } from '../../../contract/common';
import { ok } from '../../http/envelope';
import type { CommonRepository } from './repository';
import * as schemas from './schemas';

export function registerCommonRoutes(app: FastifyInstance, repository: CommonRepository): void {
  app.get('/index/index/getSiteConfig', { config: { access: 'public' }, schema: schemas.siteConfigSchema }, async () => ok(await repository.siteConfig()));

  app.post('/index/common/checkLogin', { config: { access: 'public' }, schema: schemas.checkLoginSchema }, async (request) => ok({ loginFlag: request.user !== null }));

  app.post('/index/common/checkOnline', { config: { access: 'public' }, schema: schemas.checkOnlineSchema }, async (request) => ok({ isOnline: request.user !== null }));

  // No video of that type is still a success with '' (spec section 4: the SPA shows the message).
  app.post<{ Body: VideoTutorialRequest }>('/index/index/getVideoTutorialUrl', { config: { access: 'public' }, schema: schemas.videoTutorialSchema }, async (request) => {
    return ok({ videoUrl: await repository.videoUrl(request.body.type) });
  });
}
