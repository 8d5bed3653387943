import type { UploadStore } from '../uploads/uploadStore';
import type { StorageQuota } from './storageQuota';

/**
 * A logged-in user's upload, once stored and taken by its route, counts against their quota for as
 * long as it is kept (14 days, or while a builder site uses it). Past the quota it is deleted again
 * and the route answers the figures. Anonymous uploads stay bounded by address (mini-site rate limits).
 */
export async function chargeUpload(quota: Pick<StorageQuota, 'reserve'>, uploads: UploadStore, userId: number, upload: { shortUrl: string; bytes: number }): Promise<void> {
  const file = await uploads.fileOf(upload.shortUrl);
  if (!file) return;
  try {
    await quota.reserve(userId, file, upload.bytes);
  } catch (error) {
    await uploads.remove(upload.shortUrl);
    throw error;
  }
}
