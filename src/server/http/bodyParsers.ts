import type { FastifyInstance } from 'fastify';

const FORM_BODY_LIMIT = 8 * 1024;

/**
 * The root instance parses JSON and nothing else: every API call is JSON, so a body of another type
 * (a form a foreign page can post without a preflight, text/plain) is refused with HTTP 415 before
 * any handler runs. Routes that need another type add its parser in their own scope.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  // A POST with a JSON content type and no body (axios with no data) means "no parameters", not an error.
  const parseJson = app.getDefaultJsonParser('error', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, {});
      return;
    }
    // Answers through `done`; the parser's own return value carries nothing.
    void parseJson(request, String(body), done);
  });
}

/** For the scope of a route that takes an HTML form (the QR scan page's): short fields only. */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
