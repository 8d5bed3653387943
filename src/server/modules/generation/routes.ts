import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BannerCutsRequest, LogoCreateRequest, LogoCreationDurationRequest, LogoPollingRequest, TemplatePageRequest, ZipByFileRequest } from '../../../contract/generation';
import { ok } from '../../http/envelope';
import { currentUser } from '../auth/currentUser';
import * as schemas from './schemas';
import type { GenerationService } from './service';
import { ownHostKeys } from './zip';
import { limitKeyOf } from '../../security/clientAddress';

/** Calls whose parameters all have defaults may come without a body at all. */
async function bodyDefaultsToObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/** Paths of DESIGN.md section 5; logoCreate and logoPolling need a login (HTTP 401 without). */
export function registerGenerationRoutes(app: FastifyInstance, service: GenerationService, options: { publicOrigin: string }): void {
  /** POST /index/common/logo */
  app.post<{ Body: TemplatePageRequest }>('/index/common/logo', { config: { access: 'public' }, schema: schemas.logoListSchema, preValidation: bodyDefaultsToObject }, async (request) =>
    ok(service.logoTemplates(request.body)),
  );

  /** POST /index/common/banner */
  app.post<{ Body: TemplatePageRequest }>('/index/common/banner', { config: { access: 'public' }, schema: schemas.bannerListSchema, preValidation: bodyDefaultsToObject }, async (request) =>
    ok(service.bannerTemplates(request.body)),
  );

  /** POST /index/common/logoCreate */
  app.post<{ Body: LogoCreateRequest }>('/index/common/logoCreate', { schema: schemas.logoCreateSchema, config: { access: 'user' } }, async (request) => {
    return ok(await service.create(request.body, currentUser(request), limitKeyOf(request)));
  });

  /** POST /index/common/logoPolling */
  app.post<{ Body: LogoPollingRequest }>('/index/common/logoPolling', { schema: schemas.logoPollingSchema, config: { access: 'user' } }, async (request) => {
    return ok(await service.poll(request.body.uniqueId, currentUser(request)));
  });

  /** POST /index/common/getKeyArtProvider: public, like the template lists (it names a service, no secret). */
  app.post('/index/common/getKeyArtProvider', { config: { access: 'public' }, schema: schemas.keyArtProviderSchema }, async () => ok(service.keyArtProvider()));

  /** POST /index/common/getLogoCreationDuration */
  app.post<{ Body: Partial<LogoCreationDurationRequest> }>(
    '/index/common/getLogoCreationDuration',
    { config: { access: 'public' }, schema: schemas.durationSchema, preValidation: bodyDefaultsToObject },
    async (request) => ok(await service.duration(request.body)),
  );

  /** POST /index/common/bannerCuts */
  app.post<{ Body: BannerCutsRequest }>('/index/common/bannerCuts', { config: { access: 'public' }, schema: schemas.bannerCutsSchema }, async (request) => {
    return ok(await service.bannerCuts(request.body, ownHostKeys(request.host, options.publicOrigin)));
  });

  /** POST /index/common/createZipUrlByFile */
  app.post<{ Body: ZipByFileRequest }>('/index/common/createZipUrlByFile', { config: { access: 'public' }, schema: schemas.zipSchema }, async (request) => {
    return ok(await service.zip(request.body, limitKeyOf(request), ownHostKeys(request.host, options.publicOrigin)));
  });
}
