import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publishedUrl } from '../publishing/sitePublishing';
import { ModerationRepository } from './consoleRepository';
import { ModerationConsole } from './moderationConsole';
import { registerModerationConsoleRoutes, registerReportRoutes, registerReviewRoute } from './routes';
import { SiteReports } from './siteReports';

/** The moderationConsole's 内容审核 page, 举报 from published pages, and 申请复审 by their owners. */
export default fp(
  async (app: FastifyInstance) => {
    const { config, clock, database, moderation, operatorLog } = app;
    const repository = new ModerationRepository(database.sql);
    const moderationConsole = new ModerationConsole({
      sql: database.sql,
      now: clock,
      repository,
      moderation,
      log: operatorLog,
      publishedLink: (slug) => publishedUrl(config.publishOrigin || config.publicOrigin, slug),
    });
    const reports = new SiteReports(database.sql, clock, repository);
    registerModerationConsoleRoutes(app, moderationConsole);
    registerReviewRoute(app, reports);
    registerReportRoutes(app, reports);
  },
  { name: 'moderation-routes', dependencies: ['config', 'database', 'http', 'auth', 'moderation', 'operators'] },
);
