import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import { serverOptions } from './http/serverOptions';
import type { SmsProvider } from './modules/auth/smsProviders';
import analyticsPlugin from './modules/analytics/plugin';
import accountsPlugin from './modules/auth/plugin';
import builderPlugin from './modules/builder/plugin';
import commonPlugin from './modules/common/plugin';
import generationPlugin from './modules/generation/plugin';
import healthPlugin from './modules/health/plugin';
import miniSitePlugin from './modules/miniSite/plugin';
import moderationPlugin from './modules/moderation/plugin';
import moderationRoutesPlugin from './modules/moderation/routesPlugin';
import musicPlugin from './modules/music/plugin';
import operatorConsolePlugin from './modules/operatorConsole/plugin';
import operatorsPlugin from './modules/operators/plugin';
import phonePreviewPlugin from './modules/phonePreview/plugin';
import publishingPlugin from './modules/publishing/plugin';
import publishingRoutesPlugin from './modules/publishing/routesPlugin';
import reservationsPlugin from './modules/reservations/plugin';
import settingsPlugin from './modules/settings/plugin';
import siteFilesPlugin from './modules/siteFiles/plugin';
import storageQuotaPlugin from './modules/storageQuota/plugin';
import uploadsPlugin from './modules/uploads/plugin';
import upgradesPlugin from './modules/upgrades/plugin';
import worksPlugin from './modules/works/plugin';
import wxAuthPlugin from './modules/wxAuth/plugin';
import wechatSharePlugin from './modules/wechatShare/plugin';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import dataFilesPlugin from './plugins/dataFiles';
import databasePlugin from './plugins/database';
import housekeepingPlugin from './plugins/housekeeping';
import httpPlugin from './plugins/http';
import metricsPlugin from './plugins/metrics';
import overloadPlugin from './plugins/overload';
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

/**
 * Builds the whole server without listening: main.ts starts it, tests call `inject`. Each area is
 * a plugin that names the areas it needs; loading them opens the database, the shared state, the
 * file store and the queue, and nothing runs in the background until the app is ready.
 */
export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, options.logger ?? { level: 'info' }));

  await app.register(configPlugin, { config, clock: options.now ?? systemClock });
  await app.register(overloadPlugin);
  await app.register(metricsPlugin);
  await app.register(sharedStatePlugin);
  await app.register(housekeepingPlugin);
  await app.register(databasePlugin);
  await app.register(dataFilesPlugin);
  await app.register(renderQueuePlugin, { generation: options.generation });
  await app.register(templateGalleryPlugin);
  await app.register(httpPlugin, { onRoute: options.onRoute });
  await app.register(healthPlugin);
  await app.register(authPlugin);
  await app.register(accountsPlugin, { smsProvider: options.smsProvider });
  await app.register(wxAuthPlugin);
  await app.register(commonPlugin);
  await app.register(worksPlugin);
  await app.register(uploadsPlugin);
  await app.register(storageQuotaPlugin);
  await app.register(musicPlugin);
  await app.register(siteFilesPlugin);
  await app.register(phonePreviewPlugin);
  await app.register(analyticsPlugin);
  await app.register(moderationPlugin);
  await app.register(publishingPlugin);
  await app.register(generationPlugin, { kitWaitMs: options.generation?.kitWaitMs, galleryWaitMs: options.generation?.galleryWaitMs });
  await app.register(siteRenderersPlugin, { miniSite: options.miniSite, builder: options.builder });
  await app.register(miniSitePlugin, { kitWaitMs: options.generation?.kitWaitMs });
  await app.register(builderPlugin);
  await app.register(publishingRoutesPlugin);
  await app.register(operatorsPlugin);
  await app.register(settingsPlugin);
  await app.register(operatorConsolePlugin);
  await app.register(moderationRoutesPlugin);
  await app.register(upgradesPlugin);
  await app.register(reservationsPlugin);
  await app.register(wechatSharePlugin);
  await app.register(spaPlugin);
  return app;
}
