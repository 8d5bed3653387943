import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AnswerCode } from '../../../contract/envelope';
import { WECHAT_JS_CONFIG_PATH, WechatShareLimits, WechatShareMessages, type WechatJsConfig } from '../../../contract/wechatShare';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import { BusinessError, invalid, ok } from '../../http/envelope';
import { perIp } from '../../http/rateLimits';
import { requestOrigin } from '../../http/requestOrigin';
import { WechatApiError, type WechatApi } from '../wxAuth/wechat/api';
import { jsSdkSignature } from './jsSdkSignature';
import { signableUrl } from './signableUrl';

export interface WechatShareRouteDeps {
  /** null when no WeChat account is configured. */
  api: WechatApi | null;
  appId: string;
  sql: Sql;
  now: Clock;
  /** PUBLISH_ORIGIN, else PUBLIC_ORIGIN ('' for the request's own origin). */
  pageOrigin: string;
}

/**
 * Published pages are sandboxed (their requests say `Origin: null`): this one route answers any
 * origin. It reads no cookie and no Authorization, so `*` gives a foreign page nothing curl could
 * not get; the URL check is what keeps the signature to our own pages.
 */
const CORS_HEADERS = { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin', 'cache-control': 'no-store' };

const querySchema = {
  querystring: {
    type: 'object',
    required: ['url'],
    properties: { url: { type: 'string', minLength: 1, maxLength: WechatShareLimits.urlMaxLength } },
  },
} as const;

export function registerWechatShareRoutes(app: FastifyInstance, deps: WechatShareRouteDeps): void {
  const { api, appId, sql, now, pageOrigin } = deps;

  /** GET /api/wechat/jsConfig?url=: the signed wx.config of a published page's URL. */
  app.get<{ Querystring: { url: string } }>(
    WECHAT_JS_CONFIG_PATH,
    {
      config: { access: 'public', ...perIp(WechatShareLimits.perIpPerMinute, 60) },
      schema: querySchema,
      onRequest: async (_request, reply) => {
        reply.headers(CORS_HEADERS);
      },
    },
    async (request) => {
      if (!api) throw new BusinessError(AnswerCode.unavailable, WechatShareMessages.notConfigured);
      const page = signableUrl(request.query.url, pageOrigin || requestOrigin(request));
      if (!page) throw invalid(WechatShareMessages.badUrl);
      const published = await sql.selectFrom('published_sites').select('slug').where('slug', '=', page.slug).executeTakeFirst();
      if (!published) throw invalid(WechatShareMessages.badUrl);
      let ticket: string;
      try {
        ticket = await api.jsapiTicket();
      } catch (error) {
        if (!(error instanceof WechatApiError)) throw error;
        request.log.warn({ err: error }, 'jsapi_ticket unavailable');
        throw new BusinessError(AnswerCode.unavailable, WechatShareMessages.unavailable);
      }
      const nonceStr = crypto.randomBytes(8).toString('hex');
      const timestamp = Math.floor(now() / 1000);
      const answer: WechatJsConfig = { appId, timestamp, nonceStr, signature: jsSdkSignature({ ticket, nonceStr, timestamp, url: page.url }) };
      return ok(answer);
    },
  );
}
