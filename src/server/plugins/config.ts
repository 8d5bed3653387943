import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings loadConfig read from the environment. */
    config: ServerConfig;
    /** The clock every expiry reads; tests hand in one they can move. */
    clock: Clock;
  }
}

export interface ConfigOptions {
  config: ServerConfig;
  clock: Clock;
}

/** The settings and the clock, which every other area reads from the instance. */
export default fp(
  async (app: FastifyInstance, { config, clock }: ConfigOptions) => {
    app.decorate('config', config);
    app.decorate('clock', clock);
  },
  { name: 'config' },
);
