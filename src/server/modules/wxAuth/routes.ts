import type { FastifyInstance } from 'fastify';
import type { QrcodeRequest } from '../../../contract/auth';
import { Security } from '../../../contract/limits';
import { ok } from '../../http/envelope';
import { perIp } from '../../http/rateLimits';
import type { QrLoginProvider } from './qrProviders';
import * as schemas from './schemas';
import type { QrLoginService } from './service';

export interface WxAuthRouteDeps {
  service: QrLoginService;
  provider: QrLoginProvider;
  /** PUBLIC_ORIGIN, or '' to use the request's protocol and the host the SPA reports. */
  publicOrigin: string;
}

export function registerWxAuthRoutes(app: FastifyInstance, deps: WxAuthRouteDeps): void {
  const { service, provider, publicOrigin } = deps;

  app.post<{ Body: QrcodeRequest }>('/api/wxAuth/getWechatQrcode', { schema: schemas.qrcodeSchema, config: { access: 'public', ...perIp(Security.qrPerIpPerMinute, 60) } }, async (request) => {
    // The schema allows only hostname[:port] in `host`, so it cannot smuggle a path or a scheme.
    const origin = publicOrigin || `${request.protocol}://${request.body.host}`;
    return ok(await service.create(request.body.qrcode, (ticket) => provider.scanUrl(ticket, origin), provider.showsScanLink));
  });

  app.get<{ Querystring: { qrcode: string } }>('/api/wxAuth/wxLoginInfo', { config: { access: 'public' }, schema: schemas.loginInfoSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await service.poll(request.query.qrcode));
  });

  provider.registerRoutes(app, service);
}
