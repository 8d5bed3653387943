import type { FastifyInstance } from 'fastify';

const FORM_BODY_LIMIT = 8 * 1024;

/** Body parsers beyond Fastify's defaults, registered on the root instance. */
export function registerBodyParsers(app: FastifyInstance): void {
  // A POST with a JSON content type and no body (axios with no data) means "no parameters", not an error.
  const parseJson = app.getDefaultJsonParser('error', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, String(body), done);
  });

  // The QR scan page posts an HTML form; it has two short fields, hence the small limit.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
