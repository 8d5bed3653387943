import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { clientDistDir, repoRoot } from '../../config/paths';
import { isAddressOrNetwork } from './security/clientAddress';
import { CACHE_SCOPES, type CacheScope } from './queue/jobRules';
import { BannerArtConfigError, readBannerArtConfig, type BannerArtConfig } from './render/aiBanner/config';
import { readWechatConfig, WechatConfigError, type WechatConfig } from './modules/wxAuth/wechat/config';
import { SmsConfigError, readSmsConfig, type SmsConfig } from './modules/auth/smsConfig';

export type Mode = 'production' | 'development' | 'test';

export type { SmsConfig };

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the folder holding the database, the secret and generated files. */
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL database (postgres://user:password@host:port/name); '' for SQLite in DATA_DIR. */
  databaseUrl: string;
  /** REDIS_URL: a Redis (redis://[:password@]host:port[/db]) that every API server shares; '' keeps rate counters and locks in memory. */
  redisUrl: string;
  /** STORAGE_BACKEND and S3_*: where generated files live (DATA_DIR by default, or a bucket every server shares). */
  storage: StorageConfig;
  /** REDIS_KEY_PREFIX: starts every key this deployment writes to Redis (default `wpg:`), so that deployments can share one. */
  redisKeyPrefix: string;
  mode: Mode;
  jwtSecret: string;
  /** Hostname[:port] the SPA moves visitors to; '' turns the rule off. */
  productionHost: string;
  clientDir: string;
  reduxDevtools: boolean;
  /** Fastify's trustProxy: off, on for every hop, a hop count, or the proxies' addresses. */
  trustProxy: boolean | number | string;
  sms: SmsConfig;
  /** QR_LOGIN_PROVIDER: `local` (our own page plays the phone) or `wechat-mp` (a WeChat service account). */
  qrLoginProvider: QrLoginProviderName;
  /** The WECHAT_* settings (modules/wxAuth/wechat/config.ts); null unless QR_LOGIN_PROVIDER=wechat-mp. */
  wechat: WechatConfig | null;
  /** Origin written into QR-login codes; '' means "the request's protocol and host". */
  publicOrigin: string;
  generation: GenerationConfig;
  http: HttpTimeouts;
  /**
   * The builder banner's art provider: BANNER_ART_PROVIDER, BANNER_ART_URL, BANNER_ART_TOKEN,
   * BANNER_ART_MODEL, BANNER_ART_TIMEOUT_MS and DASHSCOPE_* (described in render/aiBanner/config.ts,
   * which render workers read too). With none set, generative art drawn on this server.
   */
  bannerArt: BannerArtConfig;
  /** BUILDER_VERSIONS_PER_SITE: the versions 历史版本 keeps of each builder site (the oldest go past it). */
  builderVersionsPerSite: number;
  /**
   * PUBLISH_ORIGIN: the origin published sites are served on (their links carry it; the app is not
   * served there and they are not served elsewhere). '' serves them on the app's own origin.
   */
  publishOrigin: string;
  /** PUBLISH_MAX_PER_USER: sites one user may have published at once. */
  publishMaxPerUser: number;
  /** Who may read GET /metrics (METRICS_TOKEN, METRICS_ALLOW); nobody when neither is set. */
  metrics: MetricsAccess;
  /** When the server sheds load with 503 (OVERLOAD_*); 0 turns a limit off. */
  overload: OverloadLimits;
  /** USER_STORAGE_QUOTA_MB: what one user may keep (uploads, site folders, published copies); 0 for no quota. */
  userStorageQuotaMb: number;
}

export interface MetricsAccess {
  /** METRICS_TOKEN: the bearer token a scraper sends; '' for none. */
  token: string;
  /** METRICS_ALLOW: client addresses (IPs and CIDRs) that may read without the token. */
  allow: string[];
}

/**
 * Past any of these the API answers 503 with Retry-After instead of taking more work it would
 * answer too late (GET /healthz and /metrics keep answering). 0 turns a limit off.
 */
export interface OverloadLimits {
  /** OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: the mean delay of the event loop over a second. */
  maxEventLoopDelayMs: number;
  /** OVERLOAD_MAX_HEAP_MB: V8 heap in use by the main thread. */
  maxHeapUsedMb: number;
  /** OVERLOAD_MAX_RSS_MB: the process's resident memory, render threads included. */
  maxRssMb: number;
}

export type StorageConfig =
  | { backend: 'local' }
  | { backend: 's3'; endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean; prefix: string };

/**
 * How long a client may take (DESIGN.md section 8): a slowloris client that sends its headers or
 * body a byte at a time, or opens a connection and sends nothing, is cut off instead of holding a
 * socket for ever. The request timeout bounds a whole request, the largest upload included.
 */
export interface HttpTimeouts {
  /** HTTP_HEADERS_TIMEOUT_SECONDS: from the connection (or the previous request) to the end of the headers. */
  headersTimeoutMs: number;
  /** HTTP_REQUEST_TIMEOUT_SECONDS: from the start of a request to the end of its body (a 50 MB upload on a slow line). */
  requestTimeoutMs: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: how long an idle kept-alive connection waits for its next request. */
  keepAliveTimeoutMs: number;
  /** HTTP_IDLE_TIMEOUT_SECONDS: a socket with no traffic either way for this long is closed (a client that stops reading). */
  idleTimeoutMs: number;
}

/** Where renders run: in this server's worker threads, or on render workers elsewhere (npm run worker). */
export const QUEUE_BACKENDS = ['embedded', 'bullmq'] as const;
export type QueueBackend = (typeof QUEUE_BACKENDS)[number];

/** The render queue's settings (DESIGN.md section 6). */
export interface GenerationConfig {
  /** QUEUE_BACKEND: `embedded` (default) or `bullmq` (jobs on BullMQ in REDIS_URL, rendered by npm run worker). */
  queueBackend: QueueBackend;
  /** RENDER_CONCURRENCY: renders at once, each in its own worker thread. */
  concurrency: number;
  /** QUEUE_INQUIRY_THRESHOLD: a first request with more jobs ahead than this asks before queueing. */
  inquiryThreshold: number;
  /** QUEUE_UNPOLLED_EXPIRY_SECONDS: a queued job nobody polls for this long is dropped. */
  unpolledExpirySeconds: number;
  /**
   * QUEUE_CACHE_SCOPE: `user` (default) answers an identical finished job only to the user who
   * asked for it; `shared` answers it to everyone (README.md, "Who sees which results").
   */
  cacheScope: CacheScope;
  /** QUEUE_MAX_ACTIVE_PER_USER: jobs one user may have queued or running; the next is refused (HTTP 429 code). */
  maxActivePerUser: number;
  /** QUEUE_MAX_ACTIVE_PER_IP: the same for one address (an IPv6 /64), whatever the accounts. */
  maxActivePerIp: number;
  /** CATALOG_PRERENDER: render missing gallery pictures in the background after start. */
  catalogPrerender: boolean;
}

export type Env = Record<string, string | undefined>;

export const QR_LOGIN_PROVIDERS = ['local', 'wechat-mp'] as const;
export type QrLoginProviderName = (typeof QR_LOGIN_PROVIDERS)[number];

/** Thrown for a bad environment variable, so that the server stops before it binds its port. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const HOST_PORT = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::\d{1,5})?$/;
const MIN_SECRET_LENGTH = 32;

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${value}").`);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new ConfigError(`PORT must be an integer from 0 to 65535 (got "${value}").`);
  return port;
}

function parseFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0 (got "${value}").`);
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${value}").`);
  return n;
}

function parseGeneration(env: Env, mode: Mode): GenerationConfig {
  return {
    queueBackend: oneOf('QUEUE_BACKEND', env.QUEUE_BACKEND, QUEUE_BACKENDS, 'embedded'),
    concurrency: parseInteger('RENDER_CONCURRENCY', env.RENDER_CONCURRENCY, 2, 1, 32),
    inquiryThreshold: parseInteger('QUEUE_INQUIRY_THRESHOLD', env.QUEUE_INQUIRY_THRESHOLD, 5, 0, 1_000_000),
    unpolledExpirySeconds: parseInteger('QUEUE_UNPOLLED_EXPIRY_SECONDS', env.QUEUE_UNPOLLED_EXPIRY_SECONDS, 300, 10, 86_400),
    cacheScope: oneOf('QUEUE_CACHE_SCOPE', env.QUEUE_CACHE_SCOPE, CACHE_SCOPES, 'user'),
    maxActivePerUser: parseInteger('QUEUE_MAX_ACTIVE_PER_USER', env.QUEUE_MAX_ACTIVE_PER_USER, 3, 1, 1_000),
    maxActivePerIp: parseInteger('QUEUE_MAX_ACTIVE_PER_IP', env.QUEUE_MAX_ACTIVE_PER_IP, 3, 1, 100_000),
    // Off in test mode: tests render what they check, not the whole gallery.
    catalogPrerender: env.CATALOG_PRERENDER === undefined || env.CATALOG_PRERENDER === '' ? mode !== 'test' : parseFlag('CATALOG_PRERENDER', env.CATALOG_PRERENDER),
  };
}

const MIN_METRICS_TOKEN_LENGTH = 24;

function parseMetricsAccess(env: Env): MetricsAccess {
  const token = env.METRICS_TOKEN ?? '';
  if (token && (token.length < MIN_METRICS_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} printable characters without spaces (a random string: it guards what the server reveals of its load).`);
  }
  const allow = (env.METRICS_ALLOW ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of allow) {
    if (!isAddressOrNetwork(entry)) throw new ConfigError(`METRICS_ALLOW must list IP addresses or networks separated by commas, e.g. 10.0.0.5,192.168.0.0/16,fd00::/8 (got "${entry}").`);
  }
  return { token, allow };
}

/** The V8 heap this process may grow to, in MB: the default heap limit sheds load just short of it. */
const heapLimitMb = (): number => Math.floor(v8.getHeapStatistics().heap_size_limit / 1024 / 1024);

function parseOverload(env: Env, mode: Mode): OverloadLimits {
  // Off in test mode: a test run's event loop is busy by design; a test that wants them sets them.
  const test = mode === 'test';
  return {
    maxEventLoopDelayMs: parseInteger('OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, test ? 0 : 1000, 0, 60_000),
    maxHeapUsedMb: parseInteger('OVERLOAD_MAX_HEAP_MB', env.OVERLOAD_MAX_HEAP_MB, test ? 0 : Math.floor(heapLimitMb() * 0.9), 0, 1_048_576),
    maxRssMb: parseInteger('OVERLOAD_MAX_RSS_MB', env.OVERLOAD_MAX_RSS_MB, 0, 0, 1_048_576),
  };
}

function parseHttpTimeouts(env: Env): HttpTimeouts {
  const seconds = (name: string, fallback: number, max: number): number => parseInteger(name, env[name], fallback, 1, max) * 1000;
  const headersTimeoutMs = seconds('HTTP_HEADERS_TIMEOUT_SECONDS', 15, 600);
  const requestTimeoutMs = seconds('HTTP_REQUEST_TIMEOUT_SECONDS', 300, 3600);
  // Node refuses a headers timeout longer than the request timeout.
  if (headersTimeoutMs > requestTimeoutMs) throw new ConfigError('HTTP_HEADERS_TIMEOUT_SECONDS must not exceed HTTP_REQUEST_TIMEOUT_SECONDS.');
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: seconds('HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', 5, 600),
    idleTimeoutMs: seconds('HTTP_IDLE_TIMEOUT_SECONDS', 120, 3600),
  };
}

function parseBannerArt(env: Env): BannerArtConfig {
  try {
    return readBannerArtConfig(env);
  } catch (error) {
    if (error instanceof BannerArtConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function parseWechat(env: Env, provider: QrLoginProviderName): WechatConfig | null {
  if (provider !== 'wechat-mp') return null;
  try {
    return readWechatConfig(env);
  } catch (error) {
    if (error instanceof WechatConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function parseProductionHost(value: string | undefined): string {
  if (!value) return '';
  if (!HOST_PORT.test(value)) throw new ConfigError(`PRODUCTION_HOST must be a host name with an optional port, e.g. www.example.com (got "${value}").`);
  return value.toLowerCase();
}

/** `value` as a URL, or the ConfigError `message` when it is not one. */
function urlOf(value: string, message: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new ConfigError(message);
  }
}

function parseOrigin(value: string | undefined, name = 'PUBLIC_ORIGIN'): string {
  if (!value) return '';
  const url = urlOf(value, `${name} must be an origin such as https://www.example.com (got "${value}").`);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new ConfigError(`${name} must be an http(s) origin without a path, e.g. https://www.example.com (got "${value}").`);
  }
  return url.origin;
}

function parseDatabaseUrl(value: string | undefined): string {
  if (!value) return '';
  const url = urlOf(value, 'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/name.');
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql:// (got "${url.protocol}//..."); without it the database is SQLite in DATA_DIR.`);
  }
  if (!url.hostname || url.pathname.length < 2) throw new ConfigError('DATABASE_URL must name a host and a database, e.g. postgres://user:password@host:5432/name.');
  return value;
}

function parseRedisUrl(value: string | undefined): string {
  if (!value) return '';
  const url = urlOf(value, 'REDIS_URL must be a Redis URL such as redis://host:6379 or rediss://:password@host:6380/0.');
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new ConfigError(`REDIS_URL must start with redis:// or rediss:// (got "${url.protocol}//...").`);
  if (!url.hostname) throw new ConfigError('REDIS_URL must name a host, e.g. redis://host:6379.');
  return value;
}

function parseRedisKeyPrefix(value: string | undefined): string {
  if (value === undefined || value === '') return 'wpg:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(value)) throw new ConfigError(`REDIS_KEY_PREFIX must be 1 to 64 letters, digits or : _ . - (got "${value}").`);
  return value;
}

function parseStorage(env: Env): StorageConfig {
  const backend = oneOf('STORAGE_BACKEND', env.STORAGE_BACKEND, ['local', 's3'] as const, 'local');
  if (backend === 'local') return { backend };
  const need = (name: string, what: string): string => {
    const value = env[name];
    if (!value) throw new ConfigError(`STORAGE_BACKEND=s3 needs ${name}: ${what}.`);
    return value;
  };
  const endpoint = env.S3_ENDPOINT ?? '';
  if (endpoint && !/^https?:\/\/[^\s/]+\/?$/.test(endpoint)) throw new ConfigError(`S3_ENDPOINT must be an http(s) origin such as https://s3.example.com (got "${endpoint}").`);
  const bucket = need('S3_BUCKET', 'the bucket that holds the generated files');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got "${bucket}").`);
  const prefix = env.S3_PREFIX ?? '';
  if (prefix && !/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/.test(prefix)) throw new ConfigError(`S3_PREFIX must be folder names ending in "/", e.g. wpg/ (got "${prefix}").`);
  return {
    backend,
    endpoint,
    region: need('S3_REGION', 'the region of the bucket, e.g. us-east-1'),
    bucket,
    accessKeyId: need('S3_ACCESS_KEY_ID', 'the access key of an account that may read and write the bucket'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY', 'the secret of that access key'),
    forcePathStyle: parseFlag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE),
    prefix,
  };
}

/** SMS_PROVIDER and its provider's settings (modules/auth/smsConfig.ts). */
function parseSms(env: Env): SmsConfig {
  try {
    return readSmsConfig(env);
  } catch (error) {
    if (error instanceof SmsConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

/** JWT_SECRET, or a random secret created once in the data folder so that tokens survive restarts. */
function loadSecret(value: string | undefined, dataDir: string): string {
  if (value !== undefined && value !== '') {
    if (value.length < MIN_SECRET_LENGTH) throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long.`);
    return value;
  }
  const file = path.join(dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // 'wx' fails if another process created it meanwhile; then we read theirs.
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) throw new ConfigError(`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters; delete it to make a new one.`);
  return secret;
}

/** Reads the environment once at start and fails fast, in English, on any bad value. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const dataDir = path.resolve(process.cwd(), env.DATA_DIR || './data');
  const mode = oneOf('NODE_ENV', env.NODE_ENV, ['production', 'development', 'test'] as const, 'production');
  const qrLoginProvider = oneOf('QR_LOGIN_PROVIDER', env.QR_LOGIN_PROVIDER, QR_LOGIN_PROVIDERS, 'local');
  const rest = {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    redisUrl: parseRedisUrl(env.REDIS_URL),
    redisKeyPrefix: parseRedisKeyPrefix(env.REDIS_KEY_PREFIX),
    storage: parseStorage(env),
    mode,
    productionHost: parseProductionHost(env.PRODUCTION_HOST),
    clientDir: env.CLIENT_DIR ? path.resolve(repoRoot, env.CLIENT_DIR) : clientDistDir,
    reduxDevtools: parseFlag('REDUX_DEVTOOLS', env.REDUX_DEVTOOLS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sms: parseSms(env),
    qrLoginProvider,
    wechat: parseWechat(env, qrLoginProvider),
    publicOrigin: parseOrigin(env.PUBLIC_ORIGIN),
    generation: parseGeneration(env, mode),
    http: parseHttpTimeouts(env),
    bannerArt: parseBannerArt(env),
    builderVersionsPerSite: parseInteger('BUILDER_VERSIONS_PER_SITE', env.BUILDER_VERSIONS_PER_SITE, 30, 1, 500),
    publishOrigin: parseOrigin(env.PUBLISH_ORIGIN, 'PUBLISH_ORIGIN'),
    publishMaxPerUser: parseInteger('PUBLISH_MAX_PER_USER', env.PUBLISH_MAX_PER_USER, 5, 1, 1000),
    metrics: parseMetricsAccess(env),
    overload: parseOverload(env, mode),
    userStorageQuotaMb: parseInteger('USER_STORAGE_QUOTA_MB', env.USER_STORAGE_QUOTA_MB, 500, 0, 10_000_000),
  };
  // Both mean several servers: tokens, job ids and zip names are signed with the secret, and each
  // machine's secret file would differ.
  if (rest.databaseUrl && !env.JWT_SECRET) {
    throw new ConfigError('DATABASE_URL needs JWT_SECRET: the same secret (32 characters or more) on every server that uses the database.');
  }
  if (rest.redisUrl && !env.JWT_SECRET) {
    throw new ConfigError('REDIS_URL needs JWT_SECRET: the same secret (32 characters or more) on every server that shares the Redis.');
  }
  if (rest.generation.queueBackend === 'bullmq') {
    const missing = [!rest.redisUrl && 'REDIS_URL (BullMQ and the waiting line live there)', !rest.databaseUrl && 'DATABASE_URL (PostgreSQL: the workers write the jobs\' rows)', rest.storage.backend !== 's3' && 'STORAGE_BACKEND=s3 (the workers put the results in the bucket)'].filter(Boolean);
    if (missing.length) throw new ConfigError(`QUEUE_BACKEND=bullmq renders on workers on other machines and needs ${missing.join(', ')}.`);
  }
  // Last, so that a bad value elsewhere does not leave a new secret file behind.
  return { ...rest, jwtSecret: loadSecret(env.JWT_SECRET, dataDir) };
}
