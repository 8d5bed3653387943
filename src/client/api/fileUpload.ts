import { call } from './http';

/** A 50 MB picture on a slow line needs minutes, not the 10 s every other call gets. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** Upload progress, 0 to 100. */
export type UploadProgress = (percent: number) => void;

/**
 * POSTs a multipart form quietly (the upload saga says why one failed), reporting how much of it
 * has gone up, until `signal` aborts it.
 */
export function postFile<T>(url: string, form: FormData, onProgress?: UploadProgress, signal?: AbortSignal): Promise<T> {
  return call<T>({
    method: 'POST',
    url,
    data: form,
    timeout: UPLOAD_TIMEOUT_MS,
    signal,
    skipErrorHandler: true,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
}
