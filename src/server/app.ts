import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import http from 'node:http';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import { connectDatabase } from './db/connection';
import { registerBodyParsers } from './http/bodyParsers';
import { registerBrandAssets } from './http/brandAssets';
import { registerErrorHandling } from './http/errorHandler';
import { registerRateLimits } from './http/rateLimits';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerSpa } from './http/spa';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerBuilderFiles } from './modules/builder/files';
import { registerBuilderRoutes } from './modules/builder/routes';
import type { SmsProvider } from './modules/auth/smsProviders';
import { BRAND_ASSETS_DIR, generatedBrandDir } from './modules/common/brandAssets';
import { registerCommonRoutes } from './modules/common/routes';
import { registerTutorialFiles } from './modules/common/tutorials';
import { registerGenerationFiles } from './modules/generation/files';
import { registerGenerationRoutes } from './modules/generation/routes';
import { registerSiteFiles } from './modules/siteFiles/routes';
import { registerUploadFiles } from './modules/uploads/routes';
import { registerMusicFiles } from './modules/music/routes';
import { registerMiniSiteRoutes } from './modules/miniSite/routes';
import { registerWorksRoutes } from './modules/works/routes';
import { seedCommon } from './modules/common/seed';
import { connectSharedState } from './sharedState';
import { connectDataFiles } from './storage';
import { openRenderQueue, type GenerationOverrides } from './queue';
import { registerWxAuthRoutes } from './modules/wxAuth/routes';
import { registerAuth } from './plugins/auth';
import { deriveKey } from './security/secrets';
import { registerPhonePreviewRoute } from './modules/phonePreview/routes';
import { registerPublishedFiles, registerPublishHostGate } from './modules/publishing/publishedFiles';
import { createServices, startHousekeeping, type BuilderOverrides, type MiniSiteOverrides } from './services';

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
  miniSite?: MiniSiteOverrides;
  /** Replaces the builder's composed-site renderer (tests). */
  builder?: BuilderOverrides;
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

/** Builds the whole server without listening: main.ts starts it, tests call `inject`. */
export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const now = options.now ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? { level: 'info' },
    logController: new Fastify.LogController({ disableRequestLogging: config.mode === 'test' }),
    trustProxy: trustProxyOption(config.trustProxy),
    serverFactory: serverWithTimeouts(config.http),
    // Ajv coerces "123" to 123 and fills defaults; unknown properties are dropped, not refused.
    ajv: { customOptions: { removeAdditional: true, useDefaults: true, coerceTypes: 'array', allErrors: false } },
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const database = await connectDatabase(config);
  app.addHook('onClose', async () => database.close());
  await seedCommon(database.sql);

  const state = await connectSharedState(config.redisUrl, now, config.redisKeyPrefix);
  app.addHook('onClose', async () => state.close());
  const files = await connectDataFiles(config.dataDir, config.storage);
  app.addHook('onClose', async () => files.close());

  const renderQueue = await openRenderQueue({ config, sql: database.sql, dialect: database.dialect, now, log: app.log, state, files, generation: options.generation });
  const services = createServices({ config, sql: database.sql, now, log: app.log, state, files, renderQueue, smsProvider: options.smsProvider, miniSite: options.miniSite, builder: options.builder, kitWaitMs: options.generation?.kitWaitMs });
  // Its first read makes the feedback group's join QR from the stored link.
  await services.common.siteConfig();
  const housekeeping = startHousekeeping(services, app.log);
  app.addHook('onClose', async () => clearInterval(housekeeping.timer));
  // What a start deletes (an old renderer's pictures, results past their time) is gone before the first request.
  await housekeeping.first;
  await services.renderQueue.start();
  // onClose hooks run last-added first: the queue puts its running jobs back before the database closes.
  // Runs after the queue's close, which ends the kits' renders; writes nothing once it returns.
  app.addHook('onClose', async () => services.resultExtras.close());
  app.addHook('onClose', async () => services.renderQueue.close());
  app.addHook('onClose', async () => services.music.close());
  app.addHook('onClose', async () => services.siteRenderThread.close());
  if (config.generation.catalogPrerender) {
    app.addHook('onReady', async () => {
      const queued = await services.catalog.prerenderMissing();
      if (queued) app.log.info(`Rendering ${queued} missing gallery picture sets in the background`);
      // The mini site's background music, in its own worker thread; logged when done or failed.
      if (services.music.missing().length) services.music.ensureAll().catch(() => {});
      // Sites render in their own thread (unless the caller handed in renderers): warmed now, the
      // first preview after a start is as quick as the next.
      if (!options.miniSite?.render && !options.builder?.render) {
        const started = Date.now();
        services.siteRenderThread.warm().then(
          () => app.log.info({ ms: Date.now() - started }, 'site render thread warmed'),
          (error: unknown) => app.log.warn({ err: error }, 'site render thread not warmed'),
        );
      }
    });
  }

  registerErrorHandling(app);
  registerBodyParsers(app);
  // Signed cookies carry identity (the QR provider's phones): the key is derived from the server secret.
  await app.register(fastifyCookie, { secret: deriveKey(config.jwtSecret, 'cookie-signing').toString('base64url') });
  await registerSecurityHeaders(app);
  registerPublishHostGate(app, config.publishOrigin);
  // Before the routes: the plugin reads each route's rate limit as the route is added.
  await registerRateLimits(app, state.rateLimits);
  registerAuth(app, services.tokens, services.users);

  registerAuthRoutes(app, services);
  registerWxAuthRoutes(app, { service: services.qrLogin, provider: services.qrProvider, publicOrigin: config.publicOrigin });
  registerCommonRoutes(app, services.common);
  registerGenerationRoutes(app, services.generation, { publicOrigin: config.publicOrigin });
  await registerMiniSiteRoutes(app, { service: services.miniSite, uploads: services.uploads, limiters: services.miniSiteLimiters, publicOrigin: config.publicOrigin, publishOrigin: config.publishOrigin });
  const { builder } = services;
  await registerBuilderRoutes(app, { ...builder, uploads: services.uploads, publicOrigin: config.publicOrigin, publishOrigin: config.publishOrigin });
  registerWorksRoutes(app, services.works);
  registerPhonePreviewRoute(app, services.phoneLinks);

  await registerBrandAssets(app, [BRAND_ASSETS_DIR, generatedBrandDir(config.dataDir)]);
  await registerGenerationFiles(app, { files, catalog: services.catalog, galleryWaitMs: options.generation?.galleryWaitMs });
  await registerSiteFiles(app, { files, changesInPlace: (dir) => builder.repo.hasDir(dir) });
  await registerUploadFiles(app, files);
  await registerMusicFiles(app, { files, music: services.music });
  await registerBuilderFiles(app);
  await registerPublishedFiles(app, files);
  await registerTutorialFiles(app);
  await registerSpa(app, { clientDir: config.clientDir, productionHost: config.productionHost, reduxDevtools: config.reduxDevtools, wechatWebLogin: services.qrProvider.webLogin });
  return app;
}
