/**
 * The HTTP banner-art provider: asks an image-generation service (configured by BANNER_ART_*,
 * see config.ts) for the picture. The request is OpenAI-images style; the answer may be the image
 * itself, or JSON `{ data: [{ b64_json }] }` or `{ data: [{ url }] }`. Whatever comes back is
 * decoded before it is used, and every way the service can fail ends in a Chinese message the
 * user reads as the job's failure.
 */
import { RenderUserFacingError } from '../jobSpec';
import { bannerArtDescriptor, type BannerArtConfig } from './config';
import { paintWithin } from './paintWithin';
import type { BannerArtProvider, BannerArtRequest } from './types';

type HttpConfig = Extract<BannerArtConfig, { provider: 'http' }>;

/** Bigger answers are refused before they fill the worker's memory (a 4K PNG is about 25 MB). */
export const MAX_ANSWER_BYTES = 40 * 1024 * 1024;

export const HttpArtMessages = {
  unreachable: '无法连接图像生成服务，请稍后重试',
  timedOut: (seconds: number) => `图像生成服务超时（${seconds}秒内未返回图片），请稍后重试`,
  httpError: (status: number) => `图像生成服务返回错误（HTTP ${status}），请稍后重试`,
  notAnImage: '图像生成服务返回的内容不是图片',
  tooLarge: '图像生成服务返回的图片过大',
  imageUnreadable: '图像生成服务返回的图片无法识别',
} as const;

const fail = (message: string, cause?: unknown): RenderUserFacingError => new RenderUserFacingError(message, { cause });

/** The body, refused past MAX_ANSWER_BYTES whatever the Content-Length says. */
export async function readCapped(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_ANSWER_BYTES) throw fail(HttpArtMessages.tooLarge);
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    total += part.value.byteLength;
    if (total > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => {});
      throw fail(HttpArtMessages.tooLarge);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}

function mediaType(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/** The picture an OpenAI-images style JSON answer holds: its bytes, or the URL to fetch them from. */
function pictureOfJson(body: Buffer): { bytes: Buffer } | { url: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw fail(HttpArtMessages.notAnImage, error);
  }
  const data = (parsed as { data?: unknown } | null)?.data;
  const first: unknown = Array.isArray(data) ? data[0] : undefined;
  if (first && typeof first === 'object') {
    const { b64_json: b64, url } = first as { b64_json?: unknown; url?: unknown };
    if (typeof b64 === 'string' && b64) return { bytes: Buffer.from(b64, 'base64') };
    if (typeof url === 'string' && /^https?:\/\//i.test(url)) return { url };
  }
  throw fail(HttpArtMessages.notAnImage);
}

export function httpProvider(config: HttpConfig): BannerArtProvider {
  const descriptor = bannerArtDescriptor(config);

  /** fetch under the provider's timeout and the job's signal; a failure of ours becomes a user message. */
  async function call(url: string, init: RequestInit, signal: AbortSignal): Promise<{ bytes: Buffer; type: string }> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal, redirect: 'follow' });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw fail(HttpArtMessages.unreachable, error);
    }
    if (!response.ok) {
      // The body is not read: it is the service's, in its language, and may echo the request.
      await response.body?.cancel().catch(() => {});
      throw fail(HttpArtMessages.httpError(response.status));
    }
    try {
      return { bytes: await readCapped(response), type: mediaType(response) };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof RenderUserFacingError) throw error;
      throw fail(HttpArtMessages.unreachable, error);
    }
  }

  async function fetchPicture(request: BannerArtRequest, signal: AbortSignal): Promise<Buffer> {
    const { prompt, width, height } = request;
    const body = { prompt, width, height, n: 1, size: `${width}x${height}`, response_format: 'b64_json', ...(config.model ? { model: config.model } : {}) };
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'image/*, application/json' };
    if (config.token) headers.authorization = `Bearer ${config.token}`;
    const answer = await call(config.url, { method: 'POST', headers, body: JSON.stringify(body) }, signal);
    if (answer.type.startsWith('image/')) return answer.bytes;
    if (answer.type !== 'application/json' && !answer.type.endsWith('+json')) throw fail(HttpArtMessages.notAnImage);
    const picture = pictureOfJson(answer.bytes);
    if ('bytes' in picture) return picture.bytes;
    // A link to the picture (often on another host): fetched without our token.
    const linked = await call(picture.url, { method: 'GET', headers: { accept: 'image/*' } }, signal);
    if (!linked.type.startsWith('image/') && linked.type !== 'application/octet-stream') throw fail(HttpArtMessages.notAnImage);
    return linked.bytes;
  }

  return {
    ...descriptor,
    paint(request: BannerArtRequest): Promise<Buffer> {
      return paintWithin(request, config.timeoutMs, HttpArtMessages, (signal) => fetchPicture(request, signal));
    },
  };
}
