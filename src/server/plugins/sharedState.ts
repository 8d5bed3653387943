import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { connectSharedState, type SharedState } from '../sharedState';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate counters and locks: this process's memory, or Redis that every API server shares. */
    sharedState: SharedState;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { redisUrl, redisKeyPrefix } = app.config;
    const state = await connectSharedState(redisUrl, app.clock, redisKeyPrefix);
    app.decorate('sharedState', state);
    app.addHook('onClose', async () => state.close());
  },
  { name: 'shared-state', dependencies: ['config'] },
);
