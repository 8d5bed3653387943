import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import http from 'node:http';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import type { SmsProvider } from './modules/auth/smsProviders';
import accountsPlugin from './modules/auth/plugin';
import builderPlugin from './modules/builder/plugin';
import commonPlugin from './modules/common/plugin';
import generationPlugin from './modules/generation/plugin';
import miniSitePlugin from './modules/miniSite/plugin';
import musicPlugin from './modules/music/plugin';
import phonePreviewPlugin from './modules/phonePreview/plugin';
import publishingPlugin from './modules/publishing/plugin';
import publishingRoutesPlugin from './modules/publishing/routesPlugin';
import siteFilesPlugin from './modules/siteFiles/plugin';
import uploadsPlugin from './modules/uploads/plugin';
import worksPlugin from './modules/works/plugin';
import wxAuthPlugin from './modules/wxAuth/plugin';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import dataFilesPlugin from './plugins/dataFiles';
import databasePlugin from './plugins/database';
import housekeepingPlugin from './plugins/housekeeping';
import httpPlugin from './plugins/http';
import renderQueuePlugin from './plugins/renderQueue';
import sharedStatePlugin from './plugins/sharedState';
import siteRenderersPlugin, { type SiteRenderersOptions } from './plugins/siteRenderers';
import spaPlugin from './plugins/spa';
import templateGalleryPlugin from './plugins/templateGallery';
import type { GenerationOverrides } from './queue';

export interface BuildOptions {
  /** The clock every expiry reads; tests pass one they can move. */
  now?: Clock;
  /** Replaces the configured SMS provider (tests). */
  smsProvider?: SmsProvider;
  /** Fastify's logger option; defaults to info level (request logs off in test mode). */
  logger?: FastifyServerOptions['logger'];
  /** Replaces the render queue's renderer and time limits (tests). */
  generation?: GenerationOverrides;
  /** Replaces the static-site renderer (tests). */
  miniSite?: SiteRenderersOptions['miniSite'];
  /** Replaces the builder's composed-site renderer (tests). */
  builder?: SiteRenderersOptions['builder'];
  /** Told of every route as it is added (the security tests walk them all). */
  onRoute?: (route: RouteOptions) => void;
}

/** Fastify types a hop count as a function of the hop index. */
function trustProxyOption(value: ServerConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
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

/**
 * Builds the whole server without listening: main.ts starts it, tests call `inject`. Each area is
 * a plugin that names the areas it needs; loading them opens the database, the shared state, the
 * file store and the queue, and nothing runs in the background until the app is ready.
 */
export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: 'info' },
    logController: new Fastify.LogController({ disableRequestLogging: config.mode === 'test' }),
    trustProxy: trustProxyOption(config.trustProxy),
    serverFactory: serverWithTimeouts(config.http),
    // Ajv coerces "123" to 123 and fills defaults; unknown properties are dropped, not refused.
    ajv: { customOptions: { removeAdditional: true, useDefaults: true, coerceTypes: 'array', allErrors: false } },
    // A start waits for the database's migration lock or a slow bucket as long as it takes.
    pluginTimeout: 0,
  });

  await app.register(configPlugin, { config, clock: options.now ?? systemClock });
  await app.register(sharedStatePlugin);
  await app.register(housekeepingPlugin);
  await app.register(databasePlugin);
  await app.register(dataFilesPlugin);
  await app.register(renderQueuePlugin, { generation: options.generation });
  await app.register(templateGalleryPlugin);
  await app.register(httpPlugin, { onRoute: options.onRoute });
  await app.register(authPlugin);
  await app.register(accountsPlugin, { smsProvider: options.smsProvider });
  await app.register(wxAuthPlugin);
  await app.register(commonPlugin);
  await app.register(worksPlugin);
  await app.register(uploadsPlugin);
  await app.register(musicPlugin);
  await app.register(phonePreviewPlugin);
  await app.register(siteFilesPlugin);
  await app.register(publishingPlugin);
  await app.register(generationPlugin, { kitWaitMs: options.generation?.kitWaitMs, galleryWaitMs: options.generation?.galleryWaitMs });
  await app.register(siteRenderersPlugin, { miniSite: options.miniSite, builder: options.builder });
  await app.register(miniSitePlugin, { kitWaitMs: options.generation?.kitWaitMs });
  await app.register(builderPlugin);
  await app.register(publishingRoutesPlugin);
  await app.register(spaPlugin);
  return app;
}
