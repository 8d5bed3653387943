import type { ConsoleSettings, SettingsUpdate, SettingsUploadAnswer, SettingsVideoUploadAnswer } from '../../contract/siteSettings';
import { postFile, type UploadProgress } from './fileUpload';
import { call } from './http';

/** GET /api/admin/settings: every public setting, the defaults, and which are at their default. */
export function getSettings(): Promise<ConsoleSettings> {
  return call<ConsoleSettings>({ method: 'GET', url: '/api/admin/settings' });
}

/** PUT /api/admin/settings: the changed settings only; answers them all as stored. */
export function saveSettings(update: SettingsUpdate): Promise<ConsoleSettings> {
  return call<ConsoleSettings>({ method: 'PUT', url: '/api/admin/settings', data: update });
}

/** POST /api/admin/settings/upload (multipart, field `image`): a picture for the logo, a QR or an ad, with its progress. */
export function uploadPicture(file: Blob, fileName: string, onProgress?: UploadProgress, signal?: AbortSignal): Promise<SettingsUploadAnswer> {
  const form = new FormData();
  form.append('image', file, fileName);
  return postFile<SettingsUploadAnswer>('/api/admin/settings/upload', form, onProgress, signal);
}

/** POST /api/admin/settings/uploadVideo (multipart, field `video`): an MP4 for a tutorial, with its progress. */
export function uploadVideo(file: Blob, fileName: string, onProgress?: UploadProgress, signal?: AbortSignal): Promise<SettingsVideoUploadAnswer> {
  const form = new FormData();
  form.append('video', file, fileName);
  return postFile<SettingsVideoUploadAnswer>('/api/admin/settings/uploadVideo', form, onProgress, signal);
}
