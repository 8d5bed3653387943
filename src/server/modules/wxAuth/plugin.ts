import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { QrDevices } from './devices';
import { createQrLoginProvider } from './providers';
import type { QrLoginProvider } from './qrLoginProvider';
import { QrDeviceRepository, QrTicketRepository } from './repository';
import { registerWxAuthRoutes } from './routes';
import { QrLoginService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The QR login's provider (WeChat's, or the phone page that stands in for it). */
    qrLoginProvider: QrLoginProvider;
  }
}

/** 扫码登录: the QR tickets, the provider that confirms them, and their routes. */
export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, database, sharedState, users, tokens, housekeeping, newAccounts } = app;
    const { sql } = database;
    const service = new QrLoginService({ db: sql, now: clock, tickets: new QrTicketRepository(sql), users, tokens, newAccounts });
    const provider = createQrLoginProvider(config, { devices: new QrDevices(new QrDeviceRepository(sql), clock), state: sharedState, now: clock, log: app.log });
    app.decorate('qrLoginProvider', provider);
    housekeeping.addSweep('qr login', () => service.prune());
    registerWxAuthRoutes(app, { service, provider, publicOrigin: config.publicOrigin });
  },
  { name: 'wx-auth', dependencies: ['config', 'database', 'shared-state', 'housekeeping', 'http', 'auth', 'accounts', 'metrics'] },
);
