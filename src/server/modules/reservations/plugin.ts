import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deriveKey } from '../../security/secrets';
import { smsSendsGiftCodes } from '../auth/smsConfig';
import { ReserveOwnerService } from './ownerService';
import { ReservePageBlocks } from './pageBlocks';
import { ReservePublicService } from './publicService';
import { ReserveRepository } from './repository';
import { registerReserveCors, registerReserveRoutes } from './routes';
import { ReserveTickets } from './tickets';

/** 预约 of launch pages (contract/reservations.ts): the public routes a page calls, and the owner's. */
export default fp(
  async (app: FastifyInstance) => {
    const { config, clock: now, database, phoneCodes } = app;
    const repo = new ReserveRepository(database.sql, database.dialect, now);
    const publicService = new ReservePublicService({
      sql: database.sql,
      repo,
      phoneCodes,
      tickets: new ReserveTickets(deriveKey(config.jwtSecret, 'reserve-ticket')),
      sendsGiftCodes: smsSendsGiftCodes(config.sms),
      log: app.log,
    });
    // Published copies and zips of a site whose campaign is on carry the 预约 block.
    app.reserveBlocks.provide(new ReservePageBlocks({ repo, publicService }));
    registerReserveCors(app);
    registerReserveRoutes(app, { publicService, owner: new ReserveOwnerService(repo, app.publishing, app.log), captchas: phoneCodes.captchas });
  },
  { name: 'reservations', dependencies: ['config', 'database', 'http', 'auth', 'accounts', 'site-files', 'publishing'] },
);
