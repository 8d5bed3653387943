/**
 * The queue's side of a render job: how long each kind may take and is expected to take, what
 * its duration depends on, who shares results and how a job is named, and the runner the queue
 * drives. The job itself (spec, result, files) is render/jobSpec.ts; neither loads a renderer,
 * so the API process never loads canvas or fonts just to know a file name.
 */
import { BuilderLimits } from '../../contract/builder';
import { GenerationLimits } from '../../contract/generation';
import {
  RENDERER_VERSION,
  paintsKeyArt,
  type BannerJobSpec,
  type BuilderBannerJobSpec,
  type LogoJobSpec,
  type RenderKind,
  type RenderProgress,
  type RenderResult,
  type RenderSpec,
  type SideJobSpec,
  type UserJobKind,
  type UserJobSpec,
} from '../render/jobSpec';
import { hmacHex } from '../security/secrets';
import type { BackgroundRenderHold } from './backgroundRenderHold';

/**
 * Renders one spec into `outDir` (which exists and is empty); rejects on failure or abort. A
 * renderer that draws frames reports the share done through `onProgress` (0 to 1), for the bars.
 */
export interface RenderRunner {
  /** `hold`, for a background render: while held it stands still (backgroundRenderHold.ts). */
  run(spec: RenderSpec, outDir: string, signal: AbortSignal, onProgress?: RenderProgress, hold?: BackgroundRenderHold): Promise<RenderResult>;
  /** Stops every render at once (shutdown). */
  close(): Promise<void>;
  /** Gets ready to render (the queue's start), so that the first render is not the slow one. */
  warm?(): void;
}

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
  'brand-kit': 60_000,
  // A second full render (the portrait).
  'banner-cuts': 180_000,
  // Two WebM encodes of finished MP4s.
  'banner-webm': 120_000,
};

/**
 * The hard timeout of one render: its kind's, and for a banner that paints its key art first the
 * painting's too (RENDER_TIMEOUT_MS.ab, which the service's own timeout stays below), so that a
 * slow service is reported by its own message and a slow video is not cut short by the wait.
 */
export function renderTimeoutOf(spec: RenderSpec, timeoutsMs: Readonly<Record<RenderKind, number>>): number {
  return spec.kind === 'fsa' && paintsKeyArt(spec) ? timeoutsMs.fsa + timeoutsMs.ab : timeoutsMs[spec.kind];
}

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
/** The key of a kind and style, where render times and queued work are counted by both. */
export const workKeyOf = (kind: string, style: string): string => `${kind}\u0000${style}`;

export function durationStyleOf(
  spec: Pick<LogoJobSpec, 'kind' | 'logoStyle'> | Pick<BannerJobSpec, 'kind' | 'bannerStyle' | 'keyArt' | 'aiKeyArt'> | Pick<BuilderBannerJobSpec, 'kind' | 'provider' | 'keyArt'>,
): string {
  switch (spec.kind) {
    case 'tl':
    case 'al':
      return String(spec.logoStyle);
    case 'fsa':
      // A painting service first takes far longer than the video: timed apart, per service.
      return spec.aiKeyArt && !spec.keyArt ? `${spec.bannerStyle}+${spec.aiKeyArt.provider}` : String(spec.bannerStyle);
    case 'ab':
      // From the studio's own picture no service is asked: as quick as a drawing, whatever the provider.
      return spec.keyArt ? KEY_ART_DURATION_STYLE : spec.provider;
  }
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
    if (spec.keyArt) parts.push(spec.keyArt);
  } else {
    const { logotext, rightsealtext, bottomsealtext, bottomtext } = spec.texts;
    parts.push(spec.logoStyle, logotext, rightsealtext, bottomsealtext, bottomtext);
    if (spec.kind === 'fsa') parts.push(spec.bannerStyle, spec.bannerTexts.bannertextup, spec.bannerTexts.bannertextdown);
    // Only when there is one, so that the ids of banners without key art stay what they were.
    if (spec.kind === 'fsa' && spec.keyArt) parts.push(spec.keyArt);
    // A picture still to paint: the service and the description make it (its label is only a name).
    else if (spec.kind === 'fsa' && spec.aiKeyArt) parts.push('ai', spec.aiKeyArt.provider, spec.aiKeyArt.prompt);
  }
  return hmacHex(key, JSON.stringify(parts)).slice(0, 32);
}

/** The duration style of builder banners made from key art (no provider id is this). */
export const KEY_ART_DURATION_STYLE = 'key-art';

/** A job id as jobIdentity makes it; anything else never reaches the database or a path. */
export const JOB_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * A side render that a download waits for with a deadline (a logo's zip waits up to KIT_WAIT_MS
 * for its brand kit) and that takes about a second: asked for, it goes ahead of the other side
 * renders asked for (gallery pictures, banner cuts) instead of missing its zip behind them.
 */
export const goesFirstWhenAsked = (spec: SideJobSpec): boolean => spec.kind === 'brand-kit';

/**
 * How often a job's render may die with the process rendering it (a server restarted, a worker
 * killed) and still be started again: the next death fails it, so that a render that kills its
 * process cannot take one down after another for ever.
 */
export const MAX_RENDER_INTERRUPTIONS = 3;
