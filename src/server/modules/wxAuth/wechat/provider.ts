import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AnswerCode } from '../../../../contract/envelope';
import { Limits } from '../../../../contract/limits';
import { Messages } from '../../../../contract/messages';
import type { Clock } from '../../../clock';
import { BusinessError } from '../../../http/envelope';
import type { SharedState } from '../../../sharedState/types';
import type { QrLoginProvider } from '../qrLoginProvider';
import type { QrLoginService } from '../service';
import { WechatApi, WechatApiError } from './api';
import { registerWechatCallback } from './callback';
import type { WechatConfig } from './config';
import { registerWechatWebLogin } from './webLogin';

/**
 * The WeChat code's own lifetime: our ticket's 120 s plus a margin, so that a code shown at the
 * last second of its ticket still scans; the ticket, not the code, decides whether it logs in.
 */
export const WECHAT_QR_EXPIRE_SECONDS = Limits.qrLifetimeSeconds + 60;

export interface WechatProviderDeps {
  config: WechatConfig;
  state: SharedState;
  now: Clock;
  log: FastifyBaseLogger;
  /** PUBLIC_ORIGIN, or '' for the request's own (the web authorization's way back). */
  publicOrigin: string;
}

/**
 * QR_LOGIN_PROVIDER=wechat-mp: the code is the service account's temporary parametric QR code
 * (QR_STR_SCENE, scene_str = our ticket); WeChat pushes the scan to our callback, which confirms it.
 */
export class WechatMpQrLoginProvider implements QrLoginProvider {
  readonly name = 'wechat-mp';
  // WeChat's URL opens nothing in a browser: the code is for WeChat's scanner only.
  readonly showsScanLink = false;
  readonly webLogin = true;
  readonly api: WechatApi;

  constructor(private readonly deps: WechatProviderDeps) {
    this.api = new WechatApi({ config: deps.config, state: deps.state, now: deps.now });
  }

  async scanUrl(ticket: string): Promise<string> {
    try {
      return (await this.api.createLoginQrcode(ticket, WECHAT_QR_EXPIRE_SECONDS)).url;
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error;
      // The operator reads why (WeChat's errcode); the user reads what still works.
      this.deps.log.warn({ errcode: error.errcode, reason: error.message }, 'WeChat login QR code not created');
      throw new BusinessError(AnswerCode.unavailable, Messages.wechatUnavailable);
    }
  }

  registerRoutes(app: FastifyInstance, service: QrLoginService): void {
    const { config, state, now, log, publicOrigin } = this.deps;
    registerWechatCallback(app, { config, api: this.api, service, state, now, log });
    registerWechatWebLogin(app, { config, api: this.api, service, publicOrigin, log });
  }
}
