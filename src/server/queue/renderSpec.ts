/**
 * What the queue asks a renderer to make, and what it gets back: the narrow contract between the
 * queue (main thread) and render/jobs.ts (worker thread). Kept free of the renderers themselves so
 * that the API process never loads canvas or fonts just to know a file name.
 */
import { BuilderLimits } from '../../contract/builder';
import { GenerationLimits, type BannerTexts, type GenerationModule, type LogoTexts } from '../../contract/generation';
import { hmacHex } from '../security/secrets';

/**
 * Bump when a renderer's output changes: it is part of every job's identity (so an identical
 * request renders anew instead of answering the old picture) and names the catalogue folder.
 */
export const RENDERER_VERSION = 'r3';

/**
 * The kinds of user job: one per generation module (spec section 9), and the builder's banner
 * (`ab`), which only the builder submits: the public logoCreate call accepts modules alone.
 */
export type UserJobKind = GenerationModule | 'ab';

export interface LogoJobSpec {
  kind: 'tl' | 'al';
  logoStyle: number;
  texts: LogoTexts;
}

export interface BannerJobSpec {
  kind: 'fsa';
  logoStyle: number;
  bannerStyle: number;
  texts: LogoTexts;
  bannerTexts: BannerTexts;
}

/**
 * The builder's banner picture (DESIGN.md section 7): the art of `provider` (an id from
 * render/aiBanner/config.ts, never a secret: specs are stored in the database) for `prompt`, and
 * the logo of `logoStyle` with `logotext` beside it.
 */
export interface BuilderBannerJobSpec {
  kind: 'ab';
  logoStyle: number;
  logotext: string;
  prompt: string;
  provider: string;
}

export type UserJobSpec = LogoJobSpec | BannerJobSpec | BuilderBannerJobSpec;

/** The gallery pictures of one style, made from the sample texts. */
export interface CatalogJobSpec {
  kind: 'catalog-logo' | 'catalog-banner';
  styleId: number;
}

export type RenderSpec = UserJobSpec | CatalogJobSpec;
export type RenderKind = RenderSpec['kind'];

export interface RenderResult {
  /** Names of the files written into the output folder, in a stable order. */
  files: string[];
}

/**
 * Renders one spec into `outDir` (which exists and is empty); rejects on failure or abort. A
 * renderer that draws frames reports the share done through `onProgress` (0 to 1), for the bars.
 */
export interface RenderRunner {
  run(spec: RenderSpec, outDir: string, signal: AbortSignal, onProgress?: (share: number) => void): Promise<RenderResult>;
  /** Stops every render at once (shutdown). */
  close(): Promise<void>;
  /** Gets ready to render (the queue's start), so that the first render is not the slow one. */
  warm?(): void;
}

/**
 * The files of each kind. `al`'s result is an animated WebP, which every current browser shows (and
 * animates) in an <img>, with the still PNG beside it for places that need one.
 */
export const JOB_FILES = {
  tl: { logo: 'logo.png' },
  al: { logo: 'logo.webp', still: 'logo-still.png' },
  fsa: { logo: 'logo.png', video: 'banner.mp4', poster: 'banner-poster.jpg' },
  ab: { banner: 'banner.jpg', logo: 'logo.png' },
  'catalog-logo': { thumbnail: 'thumbnail.jpg', preview1: 'preview1.jpg', preview: 'preview.jpg' },
  'catalog-banner': { thumbnail: 'thumbnail.jpg', video: 'preview.mp4', poster: 'poster.jpg' },
} as const satisfies Record<RenderKind, Record<string, string>>;

/** Gallery picture sizes (CSS pixels of the SPA's cards and dialogs, at about 1.5x). */
export const CATALOG_SIZES = {
  logoThumbnail: { width: 360, height: 220 },
  logoPreview1: { width: 800, height: 480 },
  logoPreview: { width: 1200, height: 675 },
  bannerVideo: { width: 960, height: 540, seconds: 5, fps: 25 },
  bannerThumbnail: { width: 480, height: 270 },
} as const;

/**
 * The logo a banner's gallery preview carries: a style that suits its scene, so the gallery shows
 * a pairing a user would choose rather than the same logo fourteen times.
 */
export const BANNER_PREVIEW_LOGO_STYLE: Readonly<Record<number, number>> = {
  1: 1,
  2: 2,
  3: 6,
  4: 26,
  5: 12,
  6: 13,
  7: 19,
  8: 18,
  9: 5,
  10: 8,
  11: 10,
  12: 23,
  13: 9,
  14: 15,
};

/** Seconds a render of each kind may take before it is aborted (DESIGN.md section 8). */
export const RENDER_TIMEOUT_MS: Readonly<Record<RenderKind, number>> = {
  tl: 30_000,
  al: 60_000,
  fsa: 180_000,
  // Mostly waiting on an image service; BANNER_ART_TIMEOUT_MS stays below it so that the
  // service's own timeout message, not this generic one, reaches the user.
  ab: 120_000,
  'catalog-logo': 60_000,
  'catalog-banner': 180_000,
};

/** Seconds a kind is expected to take before any has finished (spec section 9). */
export const DEFAULT_RENDER_SECONDS: Readonly<Record<UserJobKind, number>> = {
  tl: GenerationLimits.defaultLogoSeconds,
  al: GenerationLimits.defaultLogoSeconds,
  fsa: GenerationLimits.defaultBannerSeconds,
  ab: BuilderLimits.defaultBannerSeconds,
};

/**
 * What a job's render time depends on besides its kind, so that its duration is estimated from
 * renders like it: the logo style for logos, the banner style for banner videos (its logo is a
 * small part), the art provider for builder banners (a remote image service is far slower than
 * drawing here). The same for every user: it never names who asked.
 */
export function durationStyleOf(spec: Pick<LogoJobSpec, 'kind' | 'logoStyle'> | Pick<BannerJobSpec, 'kind' | 'bannerStyle'> | Pick<BuilderBannerJobSpec, 'kind' | 'provider'>): string {
  switch (spec.kind) {
    case 'tl':
    case 'al':
      return String(spec.logoStyle);
    case 'fsa':
      return String(spec.bannerStyle);
    case 'ab':
      return spec.provider;
  }
}

/** The logo text of any user job: zips and sites name their files after it. */
export function logoTextOf(spec: UserJobSpec): string {
  return spec.kind === 'ab' ? spec.logotext : spec.texts.logotext;
}

/**
 * Who shares finished results (QUEUE_CACHE_SCOPE). `user`: each user their own, so that nobody
 * learns what another rendered; `shared`: everyone, so that an identical request by anyone is
 * answered at once.
 */
export const CACHE_SCOPES = ['user', 'shared'] as const;
export type CacheScope = (typeof CACHE_SCOPES)[number];

/** The scope part of a job's identity: one per user in user scope (jobs of no user share one). */
export function jobScope(cacheScope: CacheScope, userId: number | null): string {
  return cacheScope === 'shared' ? 'shared' : `user:${userId ?? 'none'}`;
}

/**
 * A job's identity, which is also its result's folder and URL: equal requests in one scope share
 * one job and one result. A keyed hash (HMAC-SHA-256 with a key derived from the server secret),
 * so that nobody can work an id out from the texts and fetch a result that is not theirs; 128 bits.
 * Field order is fixed here, not taken from the request, so that the same texts always hash the same.
 */
export function jobIdentity(spec: UserJobSpec, key: Buffer, scope: string): string {
  const parts: unknown[] = [scope, RENDERER_VERSION, spec.kind];
  if (spec.kind === 'ab') {
    parts.push(spec.provider, spec.logoStyle, spec.logotext, spec.prompt);
  } else {
    const { logotext, rightsealtext, bottomsealtext, bottomtext } = spec.texts;
    parts.push(spec.logoStyle, logotext, rightsealtext, bottomsealtext, bottomtext);
    if (spec.kind === 'fsa') parts.push(spec.bannerStyle, spec.bannerTexts.bannertextup, spec.bannerTexts.bannertextdown);
  }
  return hmacHex(key, JSON.stringify(parts)).slice(0, 32);
}

/**
 * A render failure whose message is for the user (in Chinese): an image service's answer, say.
 * Recognised by name, because errors cross the worker thread as name and message only. Every
 * other failure is shown as the generic message, so that no internal detail reaches a visitor.
 */
export const USER_FACING_ERROR_NAME = 'RenderUserFacingError';

export class RenderUserFacingError extends Error {
  override name = USER_FACING_ERROR_NAME;
}

export function userFacingMessage(error: unknown): string | null {
  return error instanceof Error && error.name === USER_FACING_ERROR_NAME && error.message ? error.message : null;
}

/** A job id as jobIdentity makes it; anything else never reaches the database or a path. */
export const JOB_ID_PATTERN = /^[0-9a-f]{32}$/;
