import type { FastifyInstance, FastifyReply } from 'fastify';
import { Messages } from '../../../contract/messages';
import { acceptFormBodies } from '../../http/bodyParsers';
import type { QrDevices } from './devices';
import { confirmPage, resultPage } from './scanPages';
import * as schemas from './schemas';
import type { QrLoginService } from './service';

/**
 * Who stands behind the QR code. A real messaging-app provider would encode its own URL and call
 * `service.confirm` from its callback; only `local` exists now: our own page plays the phone.
 */
export interface QrLoginProvider {
  readonly name: string;
  /** What the QR code encodes for a ticket; `origin` is PUBLIC_ORIGIN or the request's. */
  scanUrl(ticket: string, origin: string): string;
  /** Whether the login pane shows that link as well: a page of ours can be opened anywhere, by hand. */
  readonly showsScanLink: boolean;
  registerRoutes(app: FastifyInstance, service: QrLoginService): void;
}

function sendHtml(reply: FastifyReply, html: string): FastifyReply {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** Our own pages play the messaging app: the phone that scans is one of QrDevices. */
export class LocalQrLoginProvider implements QrLoginProvider {
  readonly name = 'local';
  readonly showsScanLink = true;

  constructor(private readonly devices: QrDevices) {}

  scanUrl(ticket: string, origin: string): string {
    return `${origin}/api/wxAuth/scan?ticket=${encodeURIComponent(ticket)}`;
  }

  registerRoutes(app: FastifyInstance, service: QrLoginService): void {
    app.get<{ Querystring: { ticket: string } }>('/api/wxAuth/scan', { schema: schemas.scanPageSchema }, async (request, reply) => {
      await this.devices.identify(request, reply);
      if (!(await service.markScanned(request.query.ticket))) return sendHtml(reply, resultPage(Messages.qrScanExpired, '!'));
      return sendHtml(reply, confirmPage(request.query.ticket));
    });

    // The confirm page is an HTML form: the one route that takes a form body.
    void app.register(async (scope) => {
      acceptFormBodies(scope);
      scope.post<{ Body: { ticket: string; action: 'confirm' | 'cancel' } }>('/api/wxAuth/scan/confirm', { schema: schemas.scanConfirmSchema }, async (request, reply) => {
        const { ticket, action } = request.body;
        if (action === 'cancel') {
          return sendHtml(reply, (await service.cancel(ticket)) ? resultPage(Messages.qrScanCancelled, '×') : resultPage(Messages.qrScanExpired, '!'));
        }
        const confirmed = await service.confirm(ticket, await this.devices.identify(request, reply));
        return sendHtml(reply, confirmed ? resultPage(Messages.qrScanConfirmed, '✓') : resultPage(Messages.qrScanExpired, '!'));
      });
    });
  }
}

export function createQrLoginProvider(name: 'local', deps: { devices: QrDevices }): QrLoginProvider {
  switch (name) {
    case 'local':
      return new LocalQrLoginProvider(deps.devices);
  }
}

