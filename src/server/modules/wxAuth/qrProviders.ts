import type { FastifyInstance } from 'fastify';
import { Messages } from '../../../contract/messages';
import { acceptFormBodies } from '../../http/bodyParsers';
import type { QrDevices } from './devices';
import { confirmPage, resultPage, sendHtml } from './scanPages';
import * as schemas from './schemas';
import type { QrLoginService } from './service';

/**
 * Who stands behind the QR code: `local` (our own page plays the phone) or `wechat-mp` (a WeChat
 * service account, wechat/provider.ts, whose callback calls `service.confirm`).
 */
export interface QrLoginProvider {
  readonly name: string;
  /**
   * What the QR code encodes for a ticket; `origin` is PUBLIC_ORIGIN or the request's. A provider
   * that asks its messaging app for it throws a BusinessError the user can read when that fails.
   */
  scanUrl(ticket: string, origin: string): Promise<string>;
  /** Whether the login pane shows that link as well: a page of ours can be opened anywhere, by hand. */
  readonly showsScanLink: boolean;
  /** Whether the messaging app's own browser can log in without a scan (微信一键登录). */
  readonly webLogin: boolean;
  registerRoutes(app: FastifyInstance, service: QrLoginService): void;
}

/** Our own pages play the messaging app: the phone that scans is one of QrDevices. */
export class LocalQrLoginProvider implements QrLoginProvider {
  readonly name = 'local';
  readonly showsScanLink = true;
  readonly webLogin = false;

  constructor(private readonly devices: QrDevices) {}

  async scanUrl(ticket: string, origin: string): Promise<string> {
    return `${origin}/api/wxAuth/scan?ticket=${encodeURIComponent(ticket)}`;
  }

  registerRoutes(app: FastifyInstance, service: QrLoginService): void {
    app.get<{ Querystring: { ticket: string } }>('/api/wxAuth/scan', { config: { access: 'public' }, schema: schemas.scanPageSchema }, async (request, reply) => {
      await this.devices.identify(request, reply);
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
        const confirmed = await service.confirm(ticket, { openid: await this.devices.identify(request, reply) });
        return sendHtml(reply, confirmed ? resultPage(Messages.qrScanConfirmed, '✓') : resultPage(Messages.qrScanExpired, '!'));
      });
    });
  }
}

