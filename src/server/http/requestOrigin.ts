import type { FastifyRequest } from 'fastify';

/** Where a phone reaches the server that answered `request` (behind a proxy, with TRUST_PROXY set). */
export const requestOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;
