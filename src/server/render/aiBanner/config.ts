/**
 * Which banner-art provider the builder's "generate banner" uses, read from the environment
 * (DESIGN.md section 7). Kept free of canvas so that the API's thread can name the provider (its
 * id goes into the job, its label to the SPA) without loading a renderer.
 *
 * Environment variables:
 * - BANNER_ART_URL: http(s) URL of an image-generation service (OpenAI-images style: POST JSON
 *   { prompt, width, height, n: 1, size: 'WxH', response_format: 'b64_json', model? }). Unset or
 *   empty: the default provider, generative art drawn on this server from the texts (not AI).
 * - BANNER_ART_TOKEN: sent as `Authorization: Bearer <token>` when set.
 * - BANNER_ART_MODEL: sent as `model` when set.
 * - BANNER_ART_TIMEOUT_MS: how long one picture may take, 1000 to 110000 (default 90000). It stays
 *   below the job's own limit (RENDER_TIMEOUT_MS.ab) so that the user reads the service's timeout.
 */

export type BannerArtConfig =
  | { provider: 'generative' }
  | { provider: 'http'; url: string; token: string; model: string; timeoutMs: number };

/** What the main thread needs of a provider: its id (part of the job) and its honest UI name. */
export interface BannerArtDescriptor {
  /**
   * Names the provider and what it makes: equal ids make equal pictures from equal texts, so the
   * id is part of a job's identity. Holds no secret (jobs are stored in the database).
   */
  id: string;
  /** What the builder shows as the banner's maker (BuilderSite.bannerArtist), in Chinese. */
  label: string;
}

export class BannerArtConfigError extends Error {
  override name = 'BannerArtConfigError';
}

export const BANNER_ART_DEFAULT_TIMEOUT_MS = 90_000;
const MIN_TIMEOUT_MS = 1_000;
const MAX_TIMEOUT_MS = 110_000;

/**
 * Bump when the generative painter's pictures change: the id is part of a job's identity, so a new
 * version paints anew instead of answering the old picture.
 */
export const GENERATIVE_ART_VERSION = 2;
export const GENERATIVE_PROVIDER_ID = `generative@${GENERATIVE_ART_VERSION}`;
export const GENERATIVE_PROVIDER_LABEL = '本机生成艺术背景（按文字生成的抽象图，非AI绘图）';

type Env = Record<string, string | undefined>;

function parseTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return BANNER_ART_DEFAULT_TIMEOUT_MS;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < MIN_TIMEOUT_MS || n > MAX_TIMEOUT_MS) {
    throw new BannerArtConfigError(`BANNER_ART_TIMEOUT_MS must be an integer from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS} (got "${value}").`);
  }
  return n;
}

function parseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BannerArtConfigError(`BANNER_ART_URL must be an http(s) URL (got "${value}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BannerArtConfigError(`BANNER_ART_URL must be an http(s) URL (got "${value}").`);
  if (url.username || url.password) throw new BannerArtConfigError('BANNER_ART_URL must not carry credentials: put the token in BANNER_ART_TOKEN.');
  return url.href;
}

/** Reads the BANNER_ART_* variables; throws BannerArtConfigError (in English, for the operator) on a bad one. */
export function readBannerArtConfig(env: Env): BannerArtConfig {
  const url = env.BANNER_ART_URL?.trim() ?? '';
  if (!url) return { provider: 'generative' };
  return {
    provider: 'http',
    url: parseUrl(url),
    token: env.BANNER_ART_TOKEN?.trim() ?? '',
    model: env.BANNER_ART_MODEL?.trim() ?? '',
    timeoutMs: parseTimeout(env.BANNER_ART_TIMEOUT_MS),
  };
}

/** The id and label of a configured provider. */
export function bannerArtDescriptor(config: BannerArtConfig): BannerArtDescriptor {
  if (config.provider === 'generative') return { id: GENERATIVE_PROVIDER_ID, label: GENERATIVE_PROVIDER_LABEL };
  const url = new URL(config.url);
  // Host, path and model say which pictures the service makes; the token never enters the id.
  const id = `http@${url.host}${url.pathname}${config.model ? `#${config.model}` : ''}`;
  return { id, label: `图像生成服务（${url.host}）` };
}

/** The provider the environment configures, as the main thread needs it (no canvas loaded). */
export function bannerArtDescriptorFromEnv(env: Env): BannerArtDescriptor {
  return bannerArtDescriptor(readBannerArtConfig(env));
}
