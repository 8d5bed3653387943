import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fs from 'node:fs';
import { BRAND_UPLOAD_URL_PREFIX } from '../../../contract/siteSettings';
import { noLinksOut } from '../../http/staticFiles';
import { cacheFor, serveStored } from '../../http/storedRoutes';
import { servePublicStatic } from '../../http/publicStatic';
import { UPLOAD_CONTENT_SECURITY_POLICY } from '../uploads/routes';
import { BrandPictures, brandFileExists, brandUploadsDir } from './brandPictures';
import { registerSettingsRoutes } from './routes';
import { SETTINGS_ACTION, SiteSettings } from './settingsService';
import { pruneUnsavedUploads } from './unsavedUploads';

const YEAR = 365 * 24 * 3600;

/** The console's 站点设置: the public settings, and the pictures uploaded for them. */
export default fp(
  async (app: FastifyInstance) => {
    const { database, dataFiles, uploads, operatorLog, housekeeping, clock } = app;
    const pictures = new BrandPictures(uploads, dataFiles);
    const settings = new SiteSettings({ sql: database.sql, log: operatorLog, fileExists: (url) => brandFileExists(dataFiles, url) });
    housekeeping.addSweep('unsaved settings uploads', () =>
      pruneUnsavedUploads({
        files: dataFiles,
        now: clock,
        savedTexts: async () => [...Object.values((await settings.read()).values), ...(await operatorLog.recordedValues(SETTINGS_ACTION))],
      }),
    );
    await registerSettingsRoutes(app, settings, pictures, uploads, dataFiles);
    // /static/brand/uploads/: server-made names, never reused, so cached for good.
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (_request, reply) => {
        reply.header('content-security-policy', UPLOAD_CONTENT_SECURITY_POLICY);
      });
      if (dataFiles.shared) {
        serveStored(scope, dataFiles, { urlPrefix: BRAND_UPLOAD_URL_PREFIX, keyPrefix: 'brand/uploads', cacheControl: cacheFor(YEAR, true) });
        return;
      }
      fs.mkdirSync(brandUploadsDir(dataFiles.dataDir), { recursive: true });
      await servePublicStatic(scope, {
        root: brandUploadsDir(dataFiles.dataDir),
        prefix: BRAND_UPLOAD_URL_PREFIX,
        decorateReply: false,
        index: false,
        allowedPath: noLinksOut(),
        maxAge: '365d',
        immutable: true,
      });
    });
  },
  { name: 'settings', dependencies: ['config', 'database', 'data-files', 'housekeeping', 'http', 'auth', 'uploads', 'operators', 'common'] },
);
