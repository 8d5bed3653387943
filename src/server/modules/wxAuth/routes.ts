import type { FastifyInstance } from 'fastify';
import type { QrcodeRequest } from '../../../contract/auth';
import { Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { acceptFormBodies } from '../../http/bodyParsers';
import { BusinessError, ok } from '../../http/envelope';
import { perIp } from '../../http/rateLimits';
import { limitKeyOf } from '../../security/clientAddress';
import type { QrLoginProvider } from './qrLoginProvider';
import type { QrDevices } from './devices';
import { confirmPage, resultPage, sendHtml } from './scanPages';
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
    const answer = await service.poll(request.query.qrcode);
    if (answer.status === 'confirmed') app.metrics.loggedIn('qr');
    return ok(answer);
  });

  provider.registerRoutes(app, service);
}

/** The phone pages of QR_LOGIN_PROVIDER=local (localProvider.ts): the scan page and its confirm form. */
export function registerLocalScanRoutes(app: FastifyInstance, service: QrLoginService, devices: QrDevices): void {
  app.get<{ Querystring: { ticket: string } }>('/api/wxAuth/scan', { config: { access: 'public' }, schema: schemas.scanPageSchema }, async (request, reply) => {
    await devices.identify(request, reply);
    if (!(await service.markScanned(request.query.ticket))) return sendHtml(reply, resultPage(Messages.qrScanExpired, '!'));
    return sendHtml(reply, confirmPage(request.query.ticket));
  });

  // The confirm page is an HTML form: the one route that takes a form body.
  void app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post<{ Body: { ticket: string; action: 'confirm' | 'cancel' } }>('/api/wxAuth/scan/confirm', { config: { access: 'public' }, schema: schemas.scanConfirmSchema }, async (request, reply) => {
      const { ticket, action } = request.body;
      if (action === 'cancel') {
        return sendHtml(reply, (await service.cancel(ticket)) ? resultPage(Messages.qrScanCancelled, '×') : resultPage(Messages.qrScanExpired, '!'));
      }
      let confirmed: boolean;
      try {
        confirmed = await service.confirm(ticket, { openid: await devices.identify(request, reply) }, limitKeyOf(request));
      } catch (error) {
        // A refusal the phone's user must read (too many new accounts from this address) is a page, not JSON.
        if (error instanceof BusinessError) return sendHtml(reply, resultPage(error.message, '!'));
        throw error;
      }
      return sendHtml(reply, confirmed ? resultPage(Messages.qrScanConfirmed, '✓') : resultPage(Messages.qrScanExpired, '!'));
    });
  });
}
