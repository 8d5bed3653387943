import type { FastifyError, FastifyInstance } from 'fastify';
import { AnswerCode } from '../../contract/envelope';
import { Messages } from '../../contract/messages';
import { BusinessError, fail } from './envelope';
import { validationMessage } from './validationMessage';
import { isServiceOutage } from '../serviceOutage';

/** What a 503 for a service away for a moment tells the client to wait before it tries again. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** HTTP errors raised by Fastify or a plugin (static files) that keep their status as the code. */
const PLAIN_CLIENT_ERRORS: Record<number, string> = {
  403: Messages.accessDenied,
  404: Messages.notFound,
  413: Messages.requestTooLarge,
};

/**
 * One place that turns failures into envelopes (DESIGN.md section 5): refusals and schema errors
 * travel on HTTP 200 so the SPA shows their message; only real faults use HTTP error statuses.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | BusinessError, request, reply) => {
    if (error instanceof BusinessError) {
      return reply.status(200).send(fail(error.code, error.message));
    }
    if (error.validation) {
      return reply.status(200).send(fail(AnswerCode.invalid, validationMessage(error.validation)));
    }
    const status = error.statusCode ?? 500;
    if (status === 415) {
      return reply.status(415).send(fail(AnswerCode.invalid, Messages.unsupportedBodyType));
    }
    if (status in PLAIN_CLIENT_ERRORS) {
      return reply.status(status).send(fail(status, PLAIN_CLIENT_ERRORS[status]));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type...: never envelope code 400, which means "log in again".
      request.log.info({ err: error }, 'bad request');
      return reply.status(status).send(fail(AnswerCode.invalid, `${Messages.paramInvalid}：请求格式不正确`));
    }
    if (isServiceOutage(error)) {
      // A restart of the database, Redis or the bucket: the user is told to try again, not that we broke.
      request.log.warn({ err: error }, 'request failed: a service is unavailable');
      return reply.status(503).header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS)).send(fail(AnswerCode.unavailable, Messages.serviceRecovering));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(fail(AnswerCode.serverError, Messages.serverError));
  });

  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send(fail(AnswerCode.notFound, Messages.notFound));
  });
}
