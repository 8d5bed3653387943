import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { MetricsAccess } from '../../config';
import { AddressList } from '../../security/clientAddress';

const BEARER = /^Bearer\s+(\S+)$/i;

const digest = (value: string): Buffer => crypto.createHash('sha256').update(value).digest();

/**
 * Who may read GET /metrics: a request with METRICS_TOKEN as its bearer token, or one from an
 * address on METRICS_ALLOW (the request's address as every per-address rule reads it, so behind
 * a proxy TRUST_PROXY must name the proxy). Nobody when neither is set. The token is compared
 * through digests of equal length in constant time: the time taken tells nothing of how much of
 * a guess was right.
 */
export function metricsGate(access: MetricsAccess): (request: FastifyRequest) => boolean {
  const allowed = new AddressList(access.allow);
  const expected = access.token ? digest(access.token) : null;
  return (request) => {
    if (allowed.has(request.ip)) return true;
    const match = expected ? BEARER.exec(request.headers.authorization ?? '') : null;
    return match !== null && expected !== null && crypto.timingSafeEqual(digest(match[1]), expected);
  };
}
