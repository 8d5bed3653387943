import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WorksRepository } from './repository';
import { registerWorksRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user's generated pictures (我的作品), which generation records and the builder reads. */
    works: WorksRepository;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const works = new WorksRepository(app.database.sql, app.clock);
    app.decorate('works', works);
    registerWorksRoutes(app, works);
  },
  { name: 'works', dependencies: ['config', 'database', 'http', 'auth'] },
);
