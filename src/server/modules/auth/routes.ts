import type { FastifyInstance } from 'fastify';
import type { BindPhoneRequest, EditPasswordRequest, LoginRequest, MergeAccountsRequest, OperateLogRequest, RegisterRequest, SendSmsRequest, SmsLoginRequest, UpdateUserInfoRequest, VerifyCaptchaRequest } from '../../../contract/auth';
import { SCREEN_SIZE_HEADER } from '../../../contract/envelope';
import { Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { checkCaptchaInput } from '../../../contract/validation';
import { assertValid, ok } from '../../http/envelope';
import { limitByKey, perIp } from '../../http/rateLimits';
import { currentUser } from './currentUser';
import type { CaptchaService } from './captcha';
import type { OperateLog } from './operateLog';
import type { PhoneBindingService } from './phoneBinding';
import { toUserInfo } from './repository';
import * as schemas from './schemas';
import type { AuthService } from './service';
import type { SmsService } from './smsService';
import { limitKeyOf } from '../../security/clientAddress';

export interface AuthRouteDeps {
  auth: AuthService;
  captchas: CaptchaService;
  sms: SmsService;
  operateLog: OperateLog;
  phoneBinding: PhoneBindingService;
}

/** The paths are the spec's, capitals included (section 7). */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { auth, captchas, sms, operateLog, phoneBinding } = deps;
  // Calls that would tell whether a phone has an account if they were not checked in the right
  // order: limited per address at the route and per phone inside, one counter per call.
  const probe = perIp(Security.accountProbesPerIpPerWindow, Security.accountProbeWindowSeconds);
  const perPhone = (name: string) => limitByKey(app, name, Security.accountProbesPerPhonePerWindow, Security.accountProbeWindowSeconds);
  const [registerPerPhone, resetPerPhone, smsLoginPerPhone, bindPerPhone] = [perPhone('registerPerPhone'), perPhone('resetPerPhone'), perPhone('smsLoginPerPhone'), perPhone('bindPerPhone')];

  app.post<{ Body: LoginRequest }>('/api/auth/login', { schema: schemas.loginSchema, config: { access: 'public', ...perIp(Security.loginPerIpPerMinute, 60) } }, async (request) => {
    const answer = await auth.login(request.body, limitKeyOf(request));
    app.metrics.loggedIn('password');
    return ok(answer, Messages.loginSucceeded);
  });

  app.post<{ Body: SmsLoginRequest }>('/api/auth/smsLogin', { schema: schemas.smsLoginSchema, config: { access: 'public', ...probe } }, async (request) => {
    await smsLoginPerPhone(request, request.body.mobile);
    const answer = await auth.smsLogin(request.body, limitKeyOf(request));
    app.metrics.loggedIn('sms');
    return ok(answer, Messages.loginSucceeded);
  });

  // An API call under the SPA's /user/ space: a static route, so it wins over the history fallback.
  app.get('/user/info', { schema: schemas.userInfoRouteSchema, config: { access: 'user' } }, async (request) => {
    return ok(toUserInfo(currentUser(request)));
  });

  app.post('/api/auth/logout', { schema: schemas.logoutSchema, config: { access: 'user' } }, async (request) => {
    await auth.logout(currentUser(request));
    return ok(null, Messages.logoutSucceeded);
  });

  app.post<{ Body: RegisterRequest }>('/api/auth/register', { schema: schemas.registerSchema, config: { access: 'public', ...probe } }, async (request) => {
    await registerPerPhone(request, request.body.mobile);
    await auth.register(request.body, limitKeyOf(request));
    return ok(null, Messages.registerSucceeded);
  });

  app.post<{ Body: EditPasswordRequest }>('/api/auth/editPassword', { schema: schemas.editPasswordSchema, config: { access: 'public', ...probe } }, async (request) => {
    await resetPerPhone(request, request.body.mobile);
    await auth.editPassword(request.body, request.user);
    return ok(null, Messages.editPasswordSucceeded);
  });

  app.post<{ Body: UpdateUserInfoRequest }>('/api/auth/updateUserInfo', { schema: schemas.updateUserInfoSchema, config: { access: 'user' } }, async (request) => {
    return ok(await auth.updateUserInfo(currentUser(request), request.body.name), Messages.updateUserSucceeded);
  });

  // 绑定手机号 of a WeChat account, and the merge with the phone's own account: logged in, limited
  // per address and per phone (one counter for both calls) on top of the code's own 5 tries.
  app.post<{ Body: BindPhoneRequest }>('/api/auth/bindPhone', { schema: schemas.bindPhoneSchema, config: { access: 'user', ...probe } }, async (request) => {
    await bindPerPhone(request, request.body.mobile);
    const answer = await phoneBinding.bind(currentUser(request), request.body);
    return ok(answer, answer.status === 'bound' ? Messages.phoneBound : Messages.phoneHasAccount);
  });

  app.post<{ Body: MergeAccountsRequest }>('/api/auth/mergeAccounts', { schema: schemas.mergeAccountsSchema, config: { access: 'user', ...probe } }, async (request) => {
    await bindPerPhone(request, request.body.mobile);
    return ok(await phoneBinding.merge(currentUser(request), request.body), Messages.accountsMerged);
  });

  app.get('/api/auth/getCaptcha', { schema: schemas.getCaptchaSchema, config: { access: 'public', ...perIp(Security.captchaPerIpPerMinute, 60) } }, async (_request, reply) => {
    // A captcha image must never come from a cache: each one is single use.
    reply.header('cache-control', 'no-store');
    return ok(await captchas.create());
  });

  app.post<{ Body: VerifyCaptchaRequest }>('/api/auth/verifyCaptcha', { schema: schemas.verifyCaptchaSchema, config: { access: 'public', ...perIp(Security.captchaChecksPerIpPerMinute, 60) } }, async (request) => {
    assertValid(checkCaptchaInput(request.body.code));
    await captchas.verify(request.body.captchaId, request.body.code);
    return ok(null, Messages.captchaPassed);
  });

  app.post<{ Body: SendSmsRequest }>('/api/Auth/sendSmsCode', { config: { access: 'public' }, schema: schemas.sendSmsSchema }, async (request) => {
    await sms.send(request.body, limitKeyOf(request));
    return ok(null, Messages.smsSent);
  });

  app.post<{ Body: OperateLogRequest }>('/api/Auth/recordOperateLog', { config: { access: 'public' }, schema: schemas.operateLogSchema }, async (request) => {
    const screenSize = request.headers[SCREEN_SIZE_HEADER.toLowerCase()];
    await operateLog.record(request.body, {
      userId: request.user?.id ?? null,
      ip: request.ip,
      screenSize: typeof screenSize === 'string' ? screenSize : undefined,
    });
    return ok(null);
  });
}

