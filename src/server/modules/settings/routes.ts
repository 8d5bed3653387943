import type { FastifyInstance } from 'fastify';
import { SettingsLimits, SettingsMessages } from '../../../contract/siteSettings';
import { invalid, ok } from '../../http/envelope';
import { currentUser } from '../auth/currentUser';
import { receiveUpload, refuseLargeBodies, registerUploadScope, tooLargeReply } from '../uploads/receiveUpload';
import type { UploadStore } from '../uploads/uploadStore';
import type { DataFiles } from '../../storage/dataFiles';
import { BRAND_UPLOAD_POLICY, type BrandPictures } from './brandPictures';
import * as schemas from './schemas';
import type { SiteSettings } from './settingsService';
import { receiveVideo } from './tutorialVideos';

/** The console's 站点设置 page (src/contract/siteSettings.ts): operators only. */
export async function registerSettingsRoutes(app: FastifyInstance, settings: SiteSettings, pictures: BrandPictures, uploads: UploadStore, files: DataFiles): Promise<void> {
  const access = { access: 'operator' } as const;

  app.get('/api/admin/settings', { config: access, schema: schemas.readSchema }, async () => ok(await settings.read()));

  app.put<{ Body: Record<string, unknown> }>('/api/admin/settings', { config: access, schema: schemas.updateSchema }, async (request) => {
    const { id, name } = currentUser(request);
    const { settings: stored, changed } = await settings.update({ id, name }, request.body ?? {});
    return ok(stored, changed.length ? SettingsMessages.saved : SettingsMessages.unchanged);
  });

  await registerUploadScope(app, SettingsLimits.uploadMaxBytes, (scope) => {
    /** POST /api/admin/settings/upload (multipart: `image`) */
    scope.post(
      '/api/admin/settings/upload',
      { config: access, schema: schemas.uploadSchema, onRequest: refuseLargeBodies(SettingsLimits.uploadMaxBytes, SettingsMessages.uploadTooLarge) },
      async (request, reply) => {
        const { outcome } = await receiveUpload(request, uploads, BRAND_UPLOAD_POLICY, SettingsMessages.uploadFailed);
        if (outcome.type === 'tooLarge') return tooLargeReply(reply, SettingsMessages.uploadTooLarge);
        if (outcome.type === 'refused') throw invalid(outcome.message);
        return ok(await pictures.adopt(outcome.shortUrl, outcome.image));
      },
    );
  });

  await registerUploadScope(app, SettingsLimits.videoMaxBytes, (scope) => {
    /** POST /api/admin/settings/uploadVideo (multipart: `video`) */
    scope.post(
      '/api/admin/settings/uploadVideo',
      { config: access, schema: schemas.videoUploadSchema, onRequest: refuseLargeBodies(SettingsLimits.videoMaxBytes, SettingsMessages.videoTooLarge) },
      async (request, reply) => {
        const video = await receiveVideo(request, files);
        return video ? ok(video) : tooLargeReply(reply, SettingsMessages.videoTooLarge);
      },
    );
  });
}
