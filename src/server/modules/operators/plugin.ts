import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publishedUrl } from '../publishing/sitePublishing';
import { AccountsConsole } from './accountsConsole';
import { AccountsRepository } from './accountsRepository';
import { OperatorLog } from './operatorLog';
import { registerOperatorRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** 操作日志: every area of the console records its operators' actions here. */
    operatorLog: OperatorLog;
  }
}

/** The people who run the service: their log, and the console's 用户 page. */
export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, database, users, storageQuota } = app;
    const log = new OperatorLog(database.sql, clock);
    app.decorate('operatorLog', log);
    const accounts = new AccountsConsole({
      sql: database.sql,
      users,
      accounts: new AccountsRepository(database.sql),
      log,
      // PUBLISH_ORIGIN, else PUBLIC_ORIGIN, else a path on the console's own origin.
      publishedLink: (slug) => publishedUrl(config.publishOrigin || config.publicOrigin, slug),
      storage: storageQuota,
    });
    registerOperatorRoutes(app, accounts, log);
  },
  { name: 'operators', dependencies: ['config', 'database', 'http', 'auth', 'storage-quota'] },
);
