import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WechatApi } from '../wxAuth/wechat/api';
import { registerWechatShareRoutes } from './routes';

/**
 * WeChat's share card of published pages (contract/wechatShare.ts): the signature of wx.config,
 * with the go-live WeChat account when it is configured. Its access token and jsapi_ticket are
 * the shared ones (the same keys as scan login's), so every server asks WeChat once.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, database, sharedState } = app;
    const api = config.wechat ? new WechatApi({ config: config.wechat, state: sharedState, now: clock }) : null;
    registerWechatShareRoutes(app, { api, appId: config.wechat?.appId ?? '', sql: database.sql, now: clock, pageOrigin: config.publishOrigin || config.publicOrigin });
  },
  { name: 'wechat-share', dependencies: ['config', 'database', 'shared-state', 'http'] },
);
