import type { FastifyInstance } from 'fastify';
import type { QrDevices } from './devices';
import type { QrLoginProvider } from './qrLoginProvider';
import { registerLocalScanRoutes } from './routes';
import type { QrLoginService } from './service';

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
    registerLocalScanRoutes(app, service, this.devices);
  }
}
