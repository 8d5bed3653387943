import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCode } from '../../contract/envelope';
import { Messages } from '../../contract/messages';
import { fail } from '../http/envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even when the server sheds load (GET /healthz), or to the requests this says (GET /metrics). */
    answersUnderPressure?: boolean | ((request: FastifyRequest) => boolean);
  }
}

/** What a client is told to wait before trying again; the SPA says so to the user. */
export const RETRY_AFTER_SECONDS = 10;
const MB = 1024 * 1024;

/** The answer of a request refused under pressure: the product's envelope with HTTP 503. */
export const BUSY_BODY = fail(AnswerCode.unavailable, Messages.serverBusy);

/**
 * under-pressure's pressureHandler: undefined lets the request through; anything else is sent as
 * the answer, and the request goes no further (its types say void, hence the declared type: a
 * function that returns a value may stand where one returning void is expected).
 */
const shedLoad: (request: FastifyRequest, reply: FastifyReply) => void = (request, reply) => {
  const exempt = request.routeOptions.config.answersUnderPressure;
  if (exempt === true || (typeof exempt === 'function' && exempt(request))) return undefined;
  reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  return BUSY_BODY;
};

/**
 * Under overload (the event loop delayed, or memory past its limit: config.overload) every request
 * is answered at once with 503 and Retry-After rather than queued behind the others and answered
 * too late; requests already under way finish. Registered before every other hook, so a refused
 * request costs no database read. With every limit off (tests, unless one sets a limit) nothing is
 * measured at all.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { maxEventLoopDelayMs, maxHeapUsedMb, maxRssMb } = app.config.overload;
    if (!maxEventLoopDelayMs && !maxHeapUsedMb && !maxRssMb) return;
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes: maxHeapUsedMb * MB,
      maxRssBytes: maxRssMb * MB,
      pressureHandler: shedLoad,
    });
  },
  { name: 'overload', dependencies: ['config'] },
);
