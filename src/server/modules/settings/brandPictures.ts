import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MiniSiteLimits } from '../../../contract/miniSite';
import { BRAND_UPLOAD_URL_PREFIX, BRAND_URL_PREFIX, SettingsLimits, SettingsMessages, type SettingsUploadAnswer } from '../../../contract/siteSettings';
import type { DataFiles } from '../../storage/dataFiles';
import { BRAND_ASSETS_DIR, generatedBrandDir } from '../common/brandAssets';
import { MINI_SITE_UPLOAD_POLICY, type UploadPolicy, type UploadStore } from '../uploads/uploadStore';
import { IMAGE_KINDS, type ImageInfo } from '../uploads/pictureCheck';

/** The console's pictures (logo, QR, ads), under DATA_DIR/brand/uploads/ and the store's brand/uploads/. */
export const brandUploadsDir = (dataDir: string): string => path.join(generatedBrandDir(dataDir), 'uploads');

/** Pictures a browser shows on every page: no BMP (large, and no page should ship one). */
export const BRAND_UPLOAD_POLICY: UploadPolicy = {
  maxBytes: SettingsLimits.uploadMaxBytes,
  kinds: ['jpeg', 'png', 'gif', 'webp'],
  messages: { ...MINI_SITE_UPLOAD_POLICY.messages, typeRefused: SettingsMessages.uploadTypeRefused, unreadable: SettingsMessages.uploadUnreadable },
};

const UPLOADED = /^[0-9a-f]{32}\.(?:jpg|png|gif|webp|mp4)$/;
const SHIPPED = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(?:svg|png|jpg|gif|webp)$/;

/**
 * Encodes `file` anew in its own format: what a camera or an editor wrote beside the pixels
 * (EXIF with its location, XMP, comments) is not copied by sharp, and whatever a crafted file
 * hid in its chunks is left behind. An animation keeps its frames.
 */
async function reencoded(file: string, image: ImageInfo): Promise<Buffer> {
  const animated = image.frames > 1;
  const source = sharp(file, { animated, limitInputPixels: MiniSiteLimits.uploadMaxPixels, failOn: 'error' });
  // A photo is turned as its EXIF says before the EXIF goes.
  const turned = animated ? source : source.autoOrient();
  switch (image.kind) {
    case 'jpeg':
      return turned.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case 'png':
      return turned.png({ compressionLevel: 9 }).toBuffer();
    case 'webp':
      return turned.webp({ quality: 90 }).toBuffer();
    case 'gif':
      return turned.gif().toBuffer();
    default:
      throw new Error(`No brand picture of kind ${image.kind}`);
  }
}

/**
 * The pictures of the site settings. An upload is received and checked by the uploads' code
 * (streamed with a byte cap, judged by its bytes, pixel limits), then encoded anew into the brand
 * folder under a server-made name and published to the shared store, so that every server serves it.
 * Kept for good once saved: the settings (or the operators' log) may name it again; one never
 * saved goes after a day (unsavedUploads.ts).
 */
export class BrandPictures {
  constructor(
    private readonly uploads: UploadStore,
    private readonly files: DataFiles,
  ) {
    fs.mkdirSync(brandUploadsDir(files.dataDir), { recursive: true });
  }

  /** Makes a checked upload (`shortUrl`) a brand picture, and deletes the upload. */
  async adopt(shortUrl: string, image: ImageInfo): Promise<SettingsUploadAnswer> {
    try {
      const file = await this.uploads.fileOf(shortUrl);
      if (!file) throw new Error(`Upload ${shortUrl} is gone`);
      const bytes = await reencoded(file, image);
      const name = `${crypto.randomBytes(16).toString('hex')}.${IMAGE_KINDS[image.kind].extension}`;
      const target = path.join(brandUploadsDir(this.files.dataDir), name);
      const temp = `${target}.${process.pid}.tmp`;
      await fs.promises.writeFile(temp, bytes);
      await fs.promises.rename(temp, target);
      // Before its URL is answered: any server may be asked for it next.
      await this.files.publish(target);
      return { url: `${BRAND_UPLOAD_URL_PREFIX}${name}`, width: image.width, height: image.height };
    } finally {
      await this.uploads.remove(shortUrl);
    }
  }
}

/** Whether a URL of ours names a file: a picture shipped, made here, or a picture or video uploaded on any server. */
export async function brandFileExists(files: DataFiles, url: string): Promise<boolean> {
  if (url.startsWith(BRAND_UPLOAD_URL_PREFIX)) {
    const name = url.slice(BRAND_UPLOAD_URL_PREFIX.length);
    return UPLOADED.test(name) && files.exists(path.join(brandUploadsDir(files.dataDir), name));
  }
  const name = url.startsWith(BRAND_URL_PREFIX) ? url.slice(BRAND_URL_PREFIX.length) : '';
  return SHIPPED.test(name) && [BRAND_ASSETS_DIR, generatedBrandDir(files.dataDir)].some((dir) => fs.existsSync(path.join(dir, name)));
}
