/** What a style provides: a scene (background and optional foreground) and the overlay's look. */
import type { FontFaceName } from '../../fonts';
import type { Ctx } from './canvas';
import type { Rng } from './prng';
import type { Timeline } from './timeline';

export interface FrameTime {
  /** Seconds since the first frame. */
  t: number;
  /** t / seconds, in [0, 1): a motion that completes whole cycles of this loops seamlessly. */
  phase: number;
  seconds: number;
  fps: number;
  timeline: Timeline;
}

export interface SceneEnv {
  /** Output pixels per design unit: offscreen layers are made at this density. */
  scale: number;
  seconds: number;
  fps: number;
  rng: Rng;
  /** Whole cycles per video for a motion whose natural period is `periodSeconds` (at least 1). */
  cycles(periodSeconds: number): number;
  /** The part of the design area the frame shows (all of it at 16:9; the middle of it on a phone). */
  view: { x: number; y: number; width: number; height: number };
}

export interface Scene {
  /** Everything behind the logo and texts; must cover the whole 1920x1080 design area. */
  background(ctx: Ctx, time: FrameTime): void;
  /** Drawn over the logo and texts (rain, near snow, flashes). */
  foreground?(ctx: Ctx, time: FrameTime): void;
}

export type LogoEntrance = 'burst' | 'zoom' | 'drop' | 'ink' | 'glitch' | 'rise' | 'lockon' | 'vortex' | 'frost' | 'flash' | 'shine' | 'bloom';
export type LogoIdle = 'float' | 'breathe' | 'step' | 'hover';
export type HeadlineReveal = 'rise' | 'pop' | 'wipe' | 'glitch' | 'flicker' | 'type' | 'spread' | 'step' | 'drop' | 'wave' | 'smoke' | 'frost' | 'zoom';
export type TagKind = 'pill' | 'plaque' | 'line' | 'bracket' | 'seal' | 'pixel' | 'hud';

export interface OverlayTheme {
  logo: {
    entrance: LogoEntrance;
    idle: LogoIdle;
    /** Colour of the soft halo behind the logo. */
    glow: string;
    glowAlpha: number;
    /** Colour of the light sweep across the logo; null for none. */
    sweep: string | null;
    /** Colour of the entrance flare; null for none. */
    flare: string | null;
    /** Largest logo box in design units. */
    maxWidth?: number;
    maxHeight?: number;
  };
  headline: {
    face: FontFaceName;
    size: number;
    /** Gradient stops from the top of the glyphs to the bottom. */
    fill: string[];
    stroke?: { color: string; width: number };
    glow?: { color: string; blur: number };
    shadow?: { color: string; dx: number; dy: number; blur?: number };
    /** Extra space between characters, in em. */
    spacing: number;
    reveal: HeadlineReveal;
    /** Horizontal shear (a fake italic for the mecha look), e.g. -0.2. */
    skew?: number;
    /** Draw glyphs as solid blocks (no smoothing) for the pixel look. */
    pixelated?: boolean;
  };
  tags: {
    face: FontFaceName;
    size: number;
    kind: TagKind;
    color: string;
    /** Fill behind each tag (pill, plaque, bracket...). */
    fill: string;
    border: string;
    /** Colour of the separators and side ornaments. */
    accent: string;
  };
  /** A soft band behind the texts so they read on busy scenes. */
  backdrop?: { color: string; alpha: number };
  vignette: { color: string; strength: number };
  /** Vertical centre of the logo + texts block, design units (default 500). */
  centerY?: number;
}

export interface BannerStyleDef {
  key: string;
  theme: OverlayTheme;
  build(env: SceneEnv): Scene;
}
