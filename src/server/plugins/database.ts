import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { connectDatabase, type DatabaseConnection } from '../db/connection';

declare module 'fastify' {
  interface FastifyInstance {
    /** SQLite in DATA_DIR, or the PostgreSQL at DATABASE_URL, its schema up to date. */
    database: DatabaseConnection;
  }
}

/** Opens the database (migrating it) when the app loads, and closes it after every area that uses it. */
export default fp(
  async (app: FastifyInstance) => {
    const database = await connectDatabase(app.config);
    app.decorate('database', database);
    app.addHook('onClose', async () => database.close());
  },
  { name: 'database', dependencies: ['config'] },
);
