import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerSpa } from '../http/spa';

/** The SPA under /user/: its built files, and index.html for every other path there (history fallback). */
export default fp(
  async (app: FastifyInstance) => {
    const { config, qrLoginProvider } = app;
    await registerSpa(app, { clientDir: config.clientDir, productionHost: config.productionHost, reduxDevtools: config.reduxDevtools, wechatWebLogin: qrLoginProvider.webLogin });
  },
  { name: 'spa', dependencies: ['config', 'http', 'wx-auth'] },
);
