import type { FastifyInstance } from 'fastify';
import type { EditPasswordRequest, LoginRequest, OperateLogRequest, RegisterRequest, SendSmsRequest, UpdateUserInfoRequest, VerifyCaptchaRequest } from '../../../contract/auth';
import { SCREEN_SIZE_HEADER } from '../../../contract/envelope';
import { Messages } from '../../../contract/messages';
import { checkCaptchaInput } from '../../../contract/validation';
import { assertValid, ok } from '../../http/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import type { CaptchaService } from './captcha';
import type { OperateLog } from './operateLog';
import { toUserInfo } from './repository';
import * as schemas from './schemas';
import type { AuthService } from './service';
import type { SmsService } from './smsService';

export interface AuthRouteDeps {
  auth: AuthService;
  captchas: CaptchaService;
  sms: SmsService;
  operateLog: OperateLog;
}

/** The paths are the spec's, capitals included (section 7). */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth, captchas, sms, operateLog } = deps;

  app.post<{ Body: LoginRequest }>('/api/auth/login', { schema: schemas.loginSchema }, async (request) => {
    return ok(await auth.login(request.body, request.ip), Messages.loginSucceeded);
  });

  // An API call under the SPA's /user/ space: a static route, so it wins over the history fallback.
  app.get('/user/info', { schema: schemas.userInfoRouteSchema, preHandler: requireUser }, async (request) => {
    return ok(toUserInfo(currentUser(request)));
  });

  app.post('/api/auth/logout', { schema: schemas.logoutSchema, preHandler: requireUser }, async (request) => {
    auth.logout(currentUser(request));
    return ok(null, Messages.logoutSucceeded);
  });

  app.post<{ Body: RegisterRequest }>('/api/auth/register', { schema: schemas.registerSchema }, async (request) => {
    await auth.register(request.body);
    return ok(null, Messages.registerSucceeded);
  });

  app.post<{ Body: EditPasswordRequest }>('/api/auth/editPassword', { schema: schemas.editPasswordSchema }, async (request) => {
    await auth.editPassword(request.body, request.user);
    return ok(null, Messages.editPasswordSucceeded);
  });

  app.post<{ Body: UpdateUserInfoRequest }>('/api/auth/updateUserInfo', { schema: schemas.updateUserInfoSchema, preHandler: requireUser }, async (request) => {
    return ok(auth.updateUserInfo(currentUser(request), request.body.name), Messages.updateUserSucceeded);
  });

  app.get('/api/auth/getCaptcha', { schema: schemas.getCaptchaSchema }, async (request, reply) => {
    // A captcha image must never come from a cache: each one is single use.
    reply.header('cache-control', 'no-store');
    return ok(captchas.create(request.ip));
  });

  app.post<{ Body: VerifyCaptchaRequest }>('/api/auth/verifyCaptcha', { schema: schemas.verifyCaptchaSchema }, async (request) => {
    assertValid(checkCaptchaInput(request.body.code));
    captchas.verify(request.body.captchaId, request.body.code);
    return ok(null, Messages.captchaPassed);
  });

  app.post<{ Body: SendSmsRequest }>('/api/Auth/sendSmsCode', { schema: schemas.sendSmsSchema }, async (request) => {
    await sms.send(request.body, request.ip, request.user);
    return ok(null, Messages.smsSent);
  });

  app.post<{ Body: OperateLogRequest }>('/api/Auth/recordOperateLog', { schema: schemas.operateLogSchema }, async (request) => {
    const screenSize = request.headers[SCREEN_SIZE_HEADER.toLowerCase()];
    operateLog.record(request.body, {
      userId: request.user?.id ?? null,
      ip: request.ip,
      screenSize: typeof screenSize === 'string' ? screenSize : undefined,
    });
    return ok(null);
  });
}

