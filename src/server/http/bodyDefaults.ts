import type { FastifyRequest } from 'fastify';

/** preValidation of calls whose parameters all have defaults: they may come without a body at all. */
export async function bodyDefaultsToObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}
