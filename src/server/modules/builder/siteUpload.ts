import { BuilderLimits, BuilderMessages, isComponentType, type SiteFileUploadAnswer } from '../../../contract/builder';
import { MiniSiteMessages, configFields } from '../../../contract/miniSite';
import { invalid } from '../../http/envelope';
import type { UserRow } from '../auth/repository';
import { IMAGE_KINDS, type ImageKind } from '../uploads/pictureCheck';
import type { UploadPolicy, UploadStore } from '../uploads/uploadStore';
import type { BuilderService } from './service';

/** Spec section 5: the builder takes pictures only (jpeg, png, gif, webp by their bytes), under 2 MB. */
export const BUILDER_UPLOAD_POLICY: UploadPolicy = {
  maxBytes: BuilderLimits.uploadMaxBytes,
  kinds: (Object.keys(IMAGE_KINDS) as ImageKind[]).filter((kind) => (BuilderLimits.uploadMimeTypes as readonly string[]).includes(IMAGE_KINDS[kind].mime)),
  messages: {
    typeRefused: BuilderMessages.imagesOnly,
    unreadable: BuilderMessages.imagesOnly,
    tooManyPixels: MiniSiteMessages.uploadTooManyPixels,
    frameTooManyPixels: MiniSiteMessages.uploadFrameTooManyPixels,
    animationTooManyPixels: MiniSiteMessages.uploadAnimationTooManyPixels,
    missing: MiniSiteMessages.uploadMissing,
  },
};

/**
 * The field a builder upload is for (`id` site, `type` tab, `data` field key) must be a picture
 * field of one of the caller's sites: an image, or the banner tab's picture (which takes an upload
 * as well as a generated banner). A logo comes only from the banner generation. The upload is
 * deleted again when its field is refused. The value is not set here: the form does that and saves.
 */
export async function siteFileUpload(service: BuilderService, uploads: UploadStore, user: UserRow, fields: Record<string, string>, url: string): Promise<SiteFileUploadAnswer> {
  try {
    const site = await service.load(Number(fields.id) || 0, user.id);
    const type = fields.type;
    if (!isComponentType(type)) throw invalid(BuilderMessages.fieldUnknown);
    const field = configFields(site.configs[type]).find((candidate) => candidate.key === fields.data);
    if (field?.type === 'banner_logo') throw invalid(BuilderMessages.logoInBannerTab);
    if (field?.type !== 'image' && field?.type !== 'banner') throw invalid(BuilderMessages.fieldUnknown);
  } catch (error) {
    await uploads.remove(url);
    throw error;
  }
  return { url };
}
