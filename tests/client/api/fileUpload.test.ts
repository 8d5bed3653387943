import type { InternalAxiosRequestConfig } from 'axios';
import { siteFileUpload } from '../../../src/client/api/builderApi';
import { UPLOAD_TIMEOUT_MS } from '../../../src/client/api/fileUpload';
import { http } from '../../../src/client/api/http';
import { uploadImage } from '../../../src/client/api/miniSiteApi';

/** Sends through an adapter that reports 1 of 4 bytes, then all 4, then answers. */
async function sentWith(upload: (onProgress: (percent: number) => void, signal: AbortSignal) => Promise<unknown>) {
  let sent: InternalAxiosRequestConfig | null = null;
  const percents: number[] = [];
  const before = http.defaults.adapter;
  http.defaults.adapter = async (config) => {
    sent = config;
    config.onUploadProgress?.({ loaded: 1, total: 4, bytes: 1, lengthComputable: true, upload: true });
    config.onUploadProgress?.({ loaded: 4, total: 4, bytes: 3, lengthComputable: true, upload: true });
    return { data: { code: 200, msg: '', data: { url: '/uploads/a.png', shortUrl: '/uploads/a.png' } }, status: 200, statusText: 'OK', headers: {}, config };
  };
  const abort = new AbortController();
  try {
    await upload((percent) => percents.push(percent), abort.signal);
  } finally {
    http.defaults.adapter = before;
  }
  return { sent: sent as InternalAxiosRequestConfig | null, percents, signal: abort.signal };
}

describe('file uploads', () => {
  it.each([
    ['the builder', '/api/Upload/siteFileUpload', (onProgress: (percent: number) => void, signal: AbortSignal) => siteFileUpload(new Blob(['png']), 'a.png', { id: 42, type: 'content', key: 'cover' }, onProgress, signal)],
    ['the mini site', '/index/minisite/upload', (onProgress: (percent: number) => void, signal: AbortSignal) => uploadImage(new Blob(['png']), 'a.png', onProgress, signal)],
  ])('%s reports the progress in percent, may be aborted, and waits minutes', async (_name, url, upload) => {
    const { sent, percents, signal } = await sentWith(upload);
    expect(percents).toEqual([25, 100]);
    expect(sent).toMatchObject({ url, timeout: UPLOAD_TIMEOUT_MS });
    expect(sent?.signal).toBe(signal);
  });
});
