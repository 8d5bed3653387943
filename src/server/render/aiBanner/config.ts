/**
 * Which banner-art provider the builder's "generate banner" uses, read from the environment
 * (DESIGN.md section 7). Kept free of canvas so that the API's thread can name the provider (its
 * id goes into the job, its label to the SPA) without loading a renderer.
 *
 * Environment variables:
 * - BANNER_ART_PROVIDER: `generative` (the default), `http` or `dashscope`. Unset with
 *   BANNER_ART_URL set means `http`, as before the setting existed.
 * - BANNER_ART_URL: http(s) URL of an image-generation service (OpenAI-images style: POST JSON
 *   { prompt, width, height, n: 1, size: 'WxH', response_format: 'b64_json', model? }). Unset or
 *   empty: the default provider, generative art drawn on this server from the texts (not AI).
 * - BANNER_ART_TOKEN: sent as `Authorization: Bearer <token>` when set.
 * - BANNER_ART_MODEL: sent as `model` when set.
 * - BANNER_ART_TIMEOUT_MS: how long one picture may take, 1000 to 110000 (default 90000). It stays
 *   below the job's own limit (RENDER_TIMEOUT_MS.ab) so that the user reads the service's timeout.
 *   It bounds DashScope's whole task too: waiting for a turn, submitting, polling, downloading.
 * - DASHSCOPE_API_KEY (required for `dashscope`), DASHSCOPE_MODEL (a 通义万相 text-to-image model
 *   of the text2image/image-synthesis endpoint, default DASHSCOPE_DEFAULT_MODEL) and
 *   DASHSCOPE_BASE_URL (default the Beijing region, https://dashscope.aliyuncs.com).
 */

export type BannerArtConfig =
  | { provider: 'generative' }
  | { provider: 'http'; url: string; token: string; model: string; timeoutMs: number }
  | DashScopeConfig;

/** 通义万相 text-to-image through DashScope's asynchronous task API (dashscope.ts). */
export interface DashScopeConfig {
  provider: 'dashscope';
  apiKey: string;
  model: string;
  /** Origin (and any path prefix) without a trailing slash: `${baseUrl}/api/v1/...`. */
  baseUrl: string;
  timeoutMs: number;
}

export const BANNER_ART_PROVIDERS = ['generative', 'http', 'dashscope'] as const;
/** 万相2.1极速版: the fastest of the text2image/image-synthesis models, each side 512 to 1440. */
export const DASHSCOPE_DEFAULT_MODEL = 'wanx2.1-t2i-turbo';
export const DASHSCOPE_DEFAULT_BASE_URL = 'https://dashscope.aliyuncs.com';
export const DASHSCOPE_PROVIDER_LABEL = '通义万相 AI绘图';

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

function parseUrl(name: string, value: string, tokenName: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BannerArtConfigError(`${name} must be an http(s) URL (got "${value}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BannerArtConfigError(`${name} must be an http(s) URL (got "${value}").`);
  if (url.username || url.password) throw new BannerArtConfigError(`${name} must not carry credentials: put the key in ${tokenName}.`);
  return url;
}

function parseProvider(env: Env): (typeof BANNER_ART_PROVIDERS)[number] {
  const value = env.BANNER_ART_PROVIDER?.trim() ?? '';
  // Before the setting existed a URL alone chose the HTTP service: it still does.
  if (!value) return env.BANNER_ART_URL?.trim() ? 'http' : 'generative';
  const found = BANNER_ART_PROVIDERS.find((provider) => provider === value);
  if (!found) throw new BannerArtConfigError(`BANNER_ART_PROVIDER must be one of ${BANNER_ART_PROVIDERS.join(', ')} (got "${value}").`);
  return found;
}

function readDashScope(env: Env): DashScopeConfig {
  const apiKey = env.DASHSCOPE_API_KEY?.trim() ?? '';
  if (!apiKey) throw new BannerArtConfigError('DASHSCOPE_API_KEY is required when BANNER_ART_PROVIDER=dashscope.');
  // It travels in an HTTP header: a space or control character would break the request or smuggle another header.
  if (!/^[\x21-\x7e]{8,256}$/.test(apiKey)) throw new BannerArtConfigError('DASHSCOPE_API_KEY must be 8 to 256 printable characters without spaces (an API key of Alibaba Cloud Model Studio, sk-...).');
  const model = env.DASHSCOPE_MODEL?.trim() || DASHSCOPE_DEFAULT_MODEL;
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/i.test(model)) throw new BannerArtConfigError(`DASHSCOPE_MODEL must be a model name such as ${DASHSCOPE_DEFAULT_MODEL} (got "${model}").`);
  const base = parseUrl('DASHSCOPE_BASE_URL', env.DASHSCOPE_BASE_URL?.trim() || DASHSCOPE_DEFAULT_BASE_URL, 'DASHSCOPE_API_KEY');
  if (base.search || base.hash) throw new BannerArtConfigError(`DASHSCOPE_BASE_URL must have no query or fragment (got "${env.DASHSCOPE_BASE_URL ?? ''}").`);
  return { provider: 'dashscope', apiKey, model, baseUrl: `${base.origin}${base.pathname}`.replace(/\/+$/, ''), timeoutMs: parseTimeout(env.BANNER_ART_TIMEOUT_MS) };
}

/** Reads the BANNER_ART_* and DASHSCOPE_* variables; throws BannerArtConfigError (in English, for the operator) on a bad one. */
export function readBannerArtConfig(env: Env): BannerArtConfig {
  const provider = parseProvider(env);
  if (provider === 'generative') return { provider };
  if (provider === 'dashscope') return readDashScope(env);
  const url = env.BANNER_ART_URL?.trim() ?? '';
  if (!url) throw new BannerArtConfigError('BANNER_ART_URL is required when BANNER_ART_PROVIDER=http.');
  return {
    provider: 'http',
    url: parseUrl('BANNER_ART_URL', url, 'BANNER_ART_TOKEN').href,
    token: env.BANNER_ART_TOKEN?.trim() ?? '',
    model: env.BANNER_ART_MODEL?.trim() ?? '',
    timeoutMs: parseTimeout(env.BANNER_ART_TIMEOUT_MS),
  };
}

/** The id and label of a configured provider. */
export function bannerArtDescriptor(config: BannerArtConfig): BannerArtDescriptor {
  if (config.provider === 'generative') return { id: GENERATIVE_PROVIDER_ID, label: GENERATIVE_PROVIDER_LABEL };
  if (config.provider === 'dashscope') {
    // The region's host and the model say which pictures come back; the key never enters the id.
    return { id: `dashscope@${new URL(config.baseUrl).host}#${config.model}`, label: DASHSCOPE_PROVIDER_LABEL };
  }
  const url = new URL(config.url);
  // Host, path and model say which pictures the service makes; the token never enters the id.
  const id = `http@${url.host}${url.pathname}${config.model ? `#${config.model}` : ''}`;
  return { id, label: `图像生成服务（${url.host}）` };
}

/** The provider the environment configures, as the main thread needs it (no canvas loaded). */
export function bannerArtDescriptorFromEnv(env: Env): BannerArtDescriptor {
  return bannerArtDescriptor(readBannerArtConfig(env));
}
