import Fastify, { type FastifyServerOptions } from 'fastify';
import http from 'node:http';
import type { ServerConfig } from '../config';

/** TRUST_PROXY as Fastify takes it: it types a hop count as a function of the hop index. */
export function trustProxyOption(value: ServerConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * The HTTP server with DESIGN.md section 8's time limits (config.http). Built here rather than by
 * Fastify so that Node checks the header and request timeouts every second instead of every 30.
 */
function serverWithTimeouts(timeouts: ServerConfig['http']): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler) => {
    const server = http.createServer(
      {
        headersTimeout: timeouts.headersTimeoutMs,
        requestTimeout: timeouts.requestTimeoutMs,
        keepAliveTimeout: timeouts.keepAliveTimeoutMs,
        connectionsCheckingInterval: 1000,
      },
      handler,
    );
    server.setTimeout(timeouts.idleTimeoutMs);
    return server;
  };
}

/** Fastify's own options: logging, proxies, the server's time limits and how bodies are validated. */
export function serverOptions(config: ServerConfig, logger: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger,
    logController: new Fastify.LogController({ disableRequestLogging: config.mode === 'test' }),
    trustProxy: trustProxyOption(config.trustProxy),
    serverFactory: serverWithTimeouts(config.http),
    // Ajv coerces "123" to 123 and fills defaults; unknown properties are dropped, not refused.
    ajv: { customOptions: { removeAdditional: true, useDefaults: true, coerceTypes: 'array', allErrors: false } },
    // A start waits for the database's migration lock or a slow bucket as long as it takes.
    pluginTimeout: 0,
  };
}
