import type { FastifyInstance } from 'fastify';
import { Messages } from '../../../contract/messages';
import {
  RESERVE_PREFIX,
  ReserveLimits,
  ReserveMessages,
  ReserveOwnerRoutes,
  ReserveRoutes,
  type GiftCodeGenerateRequest,
  type GiftCodeUploadRequest,
  type ReservationDeleteRequest,
  type ReserveRequest,
  type ReserveSaveSettingsRequest,
  type ReserveSendSmsRequest,
  type ReserveSiteRef,
  type ReserveVerifyCaptchaRequest,
} from '../../../contract/reservations';
import { checkCaptchaInput } from '../../../contract/validation';
import { assertValid, ok } from '../../http/envelope';
import { limitByKey, perIp } from '../../http/rateLimits';
import { requestOrigin } from '../../http/requestOrigin';
import { limitKeyOf } from '../../security/clientAddress';
import type { CaptchaService } from '../auth/captcha';
import { currentUser } from '../auth/currentUser';
import type { ReserveOwnerService } from './ownerService';
import type { ReservePublicService } from './publicService';
import * as schemas from './schemas';

/**
 * The public routes answer any origin: a published page is sandboxed (its requests say
 * `Origin: null`) and a downloaded zip runs from disk. No credentials are ever involved (the
 * routes read no cookie and no Authorization), so `*` gives a foreign page nothing it could not
 * get with curl. Only this prefix: every other route keeps the browser's same-origin rule.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
  // Helmet's same-origin would stop a page elsewhere from reading the answers.
  'cross-origin-resource-policy': 'cross-origin',
  'cache-control': 'no-store',
};

export function registerReserveCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(RESERVE_PREFIX)) reply.headers(CORS_HEADERS);
  });
}

export interface ReserveRouteDeps {
  publicService: ReservePublicService;
  owner: ReserveOwnerService;
  captchas: CaptchaService;
}

export function registerReserveRoutes(app: FastifyInstance, deps: ReserveRouteDeps): void {
  const { publicService, owner, captchas } = deps;
  const { publicOrigin } = app.config;
  const submitPerPhone = limitByKey(app, 'reservePerPhone', ReserveLimits.submitPerPhonePerHour, 3600);
  const codesPerUser = limitByKey(app, 'reserveCodesPerUser', 30, 3600);
  const access = 'public' as const;

  // The browser's preflight of a JSON POST from another origin.
  app.options(`${RESERVE_PREFIX}*`, { config: { access } }, async (_request, reply) => reply.code(204).send());

  app.get<{ Params: { campaignId: string } }>(ReserveRoutes.campaignPattern, { schema: schemas.campaignSchema, config: { access, ...perIp(ReserveLimits.campaignPerIpPerMinute, 60) } }, async (request) => {
    return ok(await publicService.info(request.params.campaignId));
  });

  app.get(ReserveRoutes.captcha, { config: { access, ...perIp(ReserveLimits.captchaPerIpPerMinute, 60) } }, async () => ok(await captchas.create()));

  app.post<{ Body: ReserveVerifyCaptchaRequest }>(ReserveRoutes.verifyCaptcha, { schema: schemas.verifyCaptchaSchema, config: { access, ...perIp(ReserveLimits.captchaPerIpPerMinute * 2, 60) } }, async (request) => {
    assertValid(checkCaptchaInput(request.body.code));
    await captchas.verify(request.body.captchaId, request.body.code);
    return ok(null, Messages.captchaPassed);
  });

  app.post<{ Body: ReserveSendSmsRequest }>(ReserveRoutes.sendSms, { schema: schemas.sendSmsSchema, config: { access, ...perIp(ReserveLimits.smsPerIpPerMinute, 60) } }, async (request) => {
    const { campaignId, phone, captchaId } = request.body;
    await publicService.sendSms(campaignId, phone, captchaId, limitKeyOf(request));
    return ok(null, Messages.smsSent);
  });

  app.post<{ Body: ReserveRequest }>(ReserveRoutes.submit, { schema: schemas.submitSchema, config: { access, ...perIp(ReserveLimits.submitPerIpPer10Minutes, 600) } }, async (request) => {
    publicService.checkRequest(request.body);
    await submitPerPhone(request, request.body.phone);
    const answer = await publicService.submit(request.body);
    return ok(answer, answer.again ? ReserveMessages.reserveAgain : ReserveMessages.reserveDone);
  });

  app.get<{ Params: { ticket: string } }>(ReserveRoutes.ticketPattern, { schema: schemas.ticketSchema, config: { access, ...perIp(ReserveLimits.ticketPerIpPerMinute, 60) } }, async (request) => {
    return ok(await publicService.ticket(request.params.ticket));
  });

  // The owner's: logged in, one's own sites only.
  const user = 'user' as const;
  app.get<{ Querystring: ReserveSiteRef }>(ReserveOwnerRoutes.settings, { schema: schemas.siteQuerySchema, config: { access: user } }, async (request) => {
    return ok(await owner.state(request.query, currentUser(request).id));
  });

  app.post<{ Body: ReserveSaveSettingsRequest }>(ReserveOwnerRoutes.settings, { schema: schemas.saveSettingsSchema, config: { access: user } }, async (request) => {
    const answer = await owner.save(request.body, request.body.settings, currentUser(request).id, publicOrigin || requestOrigin(request));
    return ok(answer, answer.publishedPage === 'failed' ? ReserveMessages.settingsSavedPageStale : ReserveMessages.settingsSaved);
  });

  app.get<{ Querystring: ReserveSiteRef & { page: number; pageSize: number } }>(ReserveOwnerRoutes.list, { schema: schemas.listSchema, config: { access: user } }, async (request) => {
    const { page, pageSize } = request.query;
    return ok(await owner.list(request.query, page, pageSize, currentUser(request).id));
  });

  app.get<{ Querystring: ReserveSiteRef }>(ReserveOwnerRoutes.exportCsv, { schema: schemas.siteQuerySchema, config: { access: user } }, async (request, reply) => {
    const csv = await owner.exportCsv(request.query, currentUser(request).id);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="reservations.csv"; filename*=UTF-8''${encodeURIComponent('预约名单.csv')}`);
    reply.header('cache-control', 'no-store');
    return reply.send(csv);
  });

  app.post<{ Body: ReservationDeleteRequest }>(ReserveOwnerRoutes.remove, { schema: schemas.removeSchema, config: { access: user } }, async (request) => {
    return ok(await owner.remove(request.body, request.body.id, currentUser(request).id), ReserveMessages.recordDeleted);
  });

  app.post<{ Body: GiftCodeUploadRequest }>(ReserveOwnerRoutes.uploadCodes, { schema: schemas.uploadCodesSchema, config: { access: user } }, async (request) => {
    const userId = currentUser(request).id;
    await codesPerUser(request, String(userId));
    return ok(await owner.uploadCodes(request.body, request.body.text, userId), ReserveMessages.codesAdded);
  });

  app.post<{ Body: GiftCodeGenerateRequest }>(ReserveOwnerRoutes.generateCodes, { schema: schemas.generateCodesSchema, config: { access: user } }, async (request) => {
    const userId = currentUser(request).id;
    await codesPerUser(request, String(userId));
    return ok(await owner.generateCodes(request.body, request.body.count, userId), ReserveMessages.codesAdded);
  });
}
