import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The CSP is written out in full (no helmet defaults): the defaults add upgrade-insecure-requests,
 * which would break a plain-http LAN deployment (the QR scan page opened from a phone).
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // antd's CSS-in-JS writes <style> elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  frameSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  // Builder and mini-site previews frame our own pages; nobody else may frame us.
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
};

/**
 * The headers @fastify/helmet sends with our settings. They are the same on every answer (no
 * nonces), so they are computed once here: running helmet's dozen middlewares on every request
 * costs about a third of the throughput of a small JSON answer.
 */
export async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, { global: true, contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY } });
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string' && !['content-type', 'content-length', 'date', 'connection'].includes(name)) headers[name] = value;
  }
  if (!headers['content-security-policy']) throw new Error('helmet produced no Content-Security-Policy');
  return headers;
}

const HSTS = 'strict-transport-security';

/**
 * Every answer, including 404s, errors and static files, carries the security headers. HSTS only
 * over HTTPS (RFC 6797 section 7.2: a browser ignores it over HTTP, and a plain-HTTP LAN
 * deployment must not claim otherwise); behind a proxy, request.protocol believes
 * X-Forwarded-Proto only from the proxies TRUST_PROXY names.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const { [HSTS]: hsts, ...headers } = await helmetHeaders();
  if (!hsts) throw new Error('helmet produced no Strict-Transport-Security');
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header(HSTS, hsts);
  });
}
