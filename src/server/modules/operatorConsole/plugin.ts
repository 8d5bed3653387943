import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobsConsole } from './jobsConsole';
import { ConsoleJobsRepository } from './jobsRepository';
import { ConsoleOverviewService } from './overview';
import { OverviewRepository } from './overviewRepository';
import { registerConsoleRoutes } from './routes';
import { StorageUsage } from './storageUsage';

/** The console's 概览 (what the service is doing) and 任务队列 (the render jobs), on either queue and either store. */
export default fp(
  async (app: FastifyInstance) => {
    const { clock, database, renderQueue, dataFiles, operatorLog } = app;
    const overview = new ConsoleOverviewService(new OverviewRepository(database.sql), renderQueue, new StorageUsage(dataFiles.store, clock, app.log), clock);
    const jobs = new JobsConsole(new ConsoleJobsRepository(database.sql), renderQueue, operatorLog, clock);
    registerConsoleRoutes(app, overview, jobs);
  },
  { name: 'operator-console', dependencies: ['config', 'database', 'http', 'auth', 'render-queue', 'data-files', 'operators'] },
);
