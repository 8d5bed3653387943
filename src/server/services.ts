import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Sql } from './db/connection';
import { CaptchaService } from './modules/auth/captcha';
import { LoginGuard } from './modules/auth/loginGuard';
import { OperateLog } from './modules/auth/operateLog';
import { UserRepository } from './modules/auth/repository';
import { AuthService } from './modules/auth/service';
import { SmsCodeStore } from './modules/auth/smsCodes';
import { SmsOutbox, createSmsProvider, type SmsProvider } from './modules/auth/smsProviders';
import { SmsService } from './modules/auth/smsService';
import { PhoneBindingService } from './modules/auth/phoneBinding';
import { createBuilder } from './modules/builder/wiring';
import type { BuiltSiteRenderer } from './modules/builder/previews';
import { ensureQqQrCode } from './modules/common/brandAssets';
import { seedCommon } from './modules/common/seed';
import { CommonRepository } from './modules/common/repository';
import { ShippedTutorials } from './modules/common/tutorials';
import { GenerationLimiters } from './modules/generation/rateLimits';
import { GenerationService } from './modules/generation/service';
import { KIT_WAIT_MS, ZipService } from './modules/generation/zip';
import { MusicLibrary } from './modules/music/musicLibrary';
import { MiniSiteLimiters } from './modules/miniSite/rateLimits';
import { MiniSiteRepository } from './modules/miniSite/repository';
import { PhonePreviewLinks } from './modules/phonePreview/links';
import { MiniSiteService, type SiteRenderer } from './modules/miniSite/service';
import { SiteRenderThread } from './modules/miniSite/siteRenderThread';
import { SiteZipService } from './modules/siteFiles/siteZip';
import { UploadStore } from './modules/uploads/uploadStore';
import { WorksRepository } from './modules/works/repository';
import { createQrLoginProvider } from './modules/wxAuth/providers';
import { QrDeviceRepository, QrTicketRepository } from './modules/wxAuth/repository';
import { QrDevices } from './modules/wxAuth/devices';
import { QrLoginService } from './modules/wxAuth/service';
import { TemplateGallery } from './queue/templateGallery';
import { bannerArtDescriptor, type BannerArtDescriptor } from './render/aiBanner/config';
import type { RenderQueue } from './queue/renderQueue';
import { registerAuth } from './plugins/auth';
import { PasswordHasher } from './security/passwords';
import { durableRateLimits } from './rateLimits/durable';
import { deriveKey } from './security/secrets';
import { TokenService } from './security/tokens';
import type { SharedState } from './sharedState/types';
import type { DataFiles } from './storage/dataFiles';
import { SitePublishing } from './modules/publishing/sitePublishing';
import { ResultExtras } from './modules/generation/resultExtras';

export interface ServiceInputs {
  config: ServerConfig;
  sql: Sql;
  now: Clock;
  log: FastifyBaseLogger;
  /** Rate counters and locks: memory, or Redis that every API server shares. */
  state: SharedState;
  /** DATA_DIR and the file store behind it (itself by default, a bucket with STORAGE_BACKEND=s3). */
  files: DataFiles;
  /** Embedded, or BullMQ with workers elsewhere (queue/index.ts). */
  renderQueue: RenderQueue;
  smsProvider?: SmsProvider;
  /** How long a logo's zip waits for its brand kit; KIT_WAIT_MS by default. */
  kitWaitMs?: number;
  miniSite?: MiniSiteOverrides;
  builder?: BuilderOverrides;
}

/** What tests replace in the builder: the composed-site renderer (to make it fail, or count calls). */
export interface BuilderOverrides {
  render?: BuiltSiteRenderer;
}

/** What tests replace in the mini site: the static-site renderer (to make it fail, or count calls). */
export interface MiniSiteOverrides {
  render?: SiteRenderer;
}

/** The AI service AI生成主视觉 offers, or null: the painter drawn here is no AI and is never offered as one. */
function keyArtAiOf(config: ServerConfig): BannerArtDescriptor | null {
  return config.bannerArt.provider === 'generative' ? null : bannerArtDescriptor(config.bannerArt);
}

/** Wires the services once per app: one place shows what depends on what. */
export function createServices({ config, sql, now, log, state, files, renderQueue, smsProvider, kitWaitMs, miniSite, builder }: ServiceInputs) {
  const durableLimits = durableRateLimits(state, sql, now);
  const users = new UserRepository(sql, now);
  const tokens = new TokenService(config.jwtSecret, now);
  const passwords = new PasswordHasher();
  const captchas = new CaptchaService(sql, now);
  const codes = new SmsCodeStore(sql, now, deriveKey(config.jwtSecret, 'sms-code'));
  // The outbox exists for tests: production never keeps a readable copy of a code.
  const outbox = config.mode === 'production' ? null : new SmsOutbox(sql, now);
  const provider = smsProvider ?? createSmsProvider(config.sms, log, outbox);
  const guard = new LoginGuard(durableLimits, captchas);
  const catalog = new TemplateGallery({ files, queue: renderQueue, log, now, state });
  const zipKey = deriveKey(config.jwtSecret, 'zip-key');
  const resultExtras = new ResultExtras({ dataDir: config.dataDir, files, queue: renderQueue, log });
  const zips = new ZipService({ dataDir: config.dataDir, files, queue: renderQueue, now, key: zipKey, extras: resultExtras, kitWaitMs });
  const generationLimiters = new GenerationLimiters(state.rateLimits);
  const works = new WorksRepository(sql, now);
  const music = new MusicLibrary({ dataDir: config.dataDir, files, log, now, state });
  const uploads = new UploadStore({ dataDir: config.dataDir, now, files });
  const miniSiteLimiters = new MiniSiteLimiters(state.rateLimits);
  // Sites render in a worker thread (app.ts closes it); tests may hand in a renderer of their own.
  const siteRenderThread = new SiteRenderThread(log);
  const phoneLinks = new PhonePreviewLinks(deriveKey(config.jwtSecret, 'phone-preview'), now);
  const siteZips = new SiteZipService({ dataDir: config.dataDir, now, key: zipKey, files });
  // Builder and mini sites share one limit of published sites a user.
  const publishing = new SitePublishing({ sql, files, now, limit: config.publishMaxPerUser });
  return {
    state,
    files,
    phoneLinks,
    publishing,
    durableLimits,
    users,
    tokens,
    captchas,
    codes,
    auth: new AuthService({ db: sql, users, passwords, tokens, codes, guard }),
    sms: new SmsService({ captchas, codes, limits: durableLimits, provider, log }),
    phoneBinding: new PhoneBindingService({ db: sql, users, codes, tokens, now }),
    operateLog: new OperateLog(sql, now, state.rateLimits),
    qrLogin: new QrLoginService({ db: sql, now, tickets: new QrTicketRepository(sql), users, tokens }),
    qrProvider: createQrLoginProvider(config, { devices: new QrDevices(new QrDeviceRepository(sql), now), state, now, log }),
    common: new CommonRepository(sql, now, new ShippedTutorials(), (link) => ensureQqQrCode(config.dataDir, link)),
    renderQueue,
    catalog,
    zips,
    resultExtras,
    generationLimiters,
    works,
    generation: new GenerationService({ queue: renderQueue, catalog, zips, limiters: generationLimiters, works, extras: resultExtras, uploads, keyArtAi: keyArtAiOf(config) }),
    music,
    uploads,
    miniSiteLimiters,
    siteRenderThread,
    miniSite: new MiniSiteService({
      dataDir: config.dataDir,
      files,
      now,
      log,
      queue: renderQueue,
      sites: new MiniSiteRepository(sql, now),
      uploads,
      music,
      zips: siteZips,
      limiters: miniSiteLimiters,
      render: miniSite?.render ?? siteRenderThread.render,
      phoneLinks,
      publishing,
      extras: resultExtras,
      extrasWaitMs: kitWaitMs ?? KIT_WAIT_MS,
    }),
    builder: createBuilder({
      dataDir: config.dataDir,
      sql,
      now,
      log,
      state,
      dataFiles: files,
      queue: renderQueue,
      catalog,
      uploads,
      music,
      zips: siteZips,
      render: builder?.render ?? siteRenderThread.renderBuilt,
      bannerArt: bannerArtDescriptor(config.bannerArt),
      versionsPerSite: config.builderVersionsPerSite,
      phoneLinks,
      publishing,
      works,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

export type ServicesOptions = Pick<ServiceInputs, 'smsProvider' | 'kitWaitMs' | 'miniSite' | 'builder'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The modules' services (tests reach them here too). */
    services: Services;
  }
}

/**
 * The modules' services on the infrastructure's, with what each deletes in housekeeping and the
 * background work that starts when the app is ready and ends when it closes.
 */
export default fp(
  async (app: FastifyInstance, options: ServicesOptions) => {
    const { config, clock, database, sharedState, dataFiles, renderQueue, housekeeping } = app;
    await seedCommon(database.sql);
    const services = createServices({ config, sql: database.sql, now: clock, log: app.log, state: sharedState, files: dataFiles, renderQueue, ...options });
    app.decorate('services', services);
    registerAuth(app, services.tokens, services.users);

    // What builder sites render from (their uploads and generated banners) is kept as long as the sites are.
    let builderFiles: Awaited<ReturnType<typeof services.builder.filesInUse>> | null = null;
    housekeeping.addKeeper('builder files', async () => {
      builderFiles = await services.builder.filesInUse();
      // Marked as used before the queue's sweep, which deletes results unused for a week.
      await renderQueue.touch(builderFiles.jobIds);
    });
    housekeeping.addSweep('captchas', () => services.captchas.prune());
    housekeeping.addSweep('sms codes', () => services.codes.prune());
    housekeeping.addSweep('qr login', () => services.qrLogin.prune());
    housekeeping.addSweep('rate events', () => services.durableLimits.prune());
    housekeeping.addSweep('zips', () => services.zips.prune());
    housekeeping.addSweep('gallery versions', () => services.catalog.removeOldVersions());
    housekeeping.addSweep('mini sites', () => services.miniSite.prune());
    housekeeping.addSweep('uploads', () => services.uploads.prune((name) => builderFiles?.uploads.has(name) ?? true));
    housekeeping.addSweep('music versions', () => services.music.removeOldVersions());

    app.addHook('onReady', async () => {
      // Its first read makes the feedback group's join QR from the stored link.
      await services.common.siteConfig();
      if (config.generation.catalogPrerender) await startBackgroundWork(app, services, options);
    });
    app.addHook('onClose', async () => {
      // The extras wait for their renders, which the queue's close ends.
      await renderQueue.close();
      await services.resultExtras.close();
    });
    app.addHook('onClose', async () => services.music.close());
    app.addHook('onClose', async () => services.siteRenderThread.close());
  },
  { name: 'services', dependencies: ['config', 'database', 'shared-state', 'data-files', 'render-queue', 'housekeeping', 'http'] },
);

/** Queues the gallery's missing pictures; the mini site's music and a warm site render thread go on in the background. */
async function startBackgroundWork(app: FastifyInstance, services: Services, options: ServicesOptions): Promise<void> {
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
}
