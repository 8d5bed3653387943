/**
 * A banner over the studio's own key art: the picture is the base layer, pushed in slowly and
 * drifting, with the style's light and particles over it; the logo and both texts go beside the
 * picture's subject (subject.ts), not on it, and only the texts get a shade behind them: the art
 * keeps its own light elsewhere. The picture is sized once, so a frame only draws it.
 */
import type { Image } from '@napi-rs/canvas';
import { DESIGN_HEIGHT as H, DESIGN_WIDTH as W, drawSoftSprite, glowSprite, radialSprite, transparent, type Ctx, type Layer } from './canvas';
import { TAU, clamp, rgba } from './math';
import { age, lifeFade, spawn } from './particles';
import { createRng, hashString } from './prng';
import { PORTRAIT_DESIGN, type OverlayFrame } from './overlay';
import type { Subject } from './subject';
import type { BannerStyleDef, OverlayTheme, Scene, SceneEnv } from './types';

/** How far the push-in goes: the picture is decoded this much larger than the frame. */
export const KEY_ART_ZOOM = 1.08;
/** How far the picture drifts sideways and back over a video, design units. */
const DRIFT = 14;
const MOTES = 46;
/** The vignette over key art, as a share of the style's own: the art's edges keep their light. */
export const KEY_ART_VIGNETTE = 0.5;
/** How far off the middle (a share of the picture) a subject sends the texts to the other side. */
const OFF_MIDDLE = 0.08;

/** A CSS colour at `alpha`: hex colours through rgba(), others (already rgba) as they are. */
const withAlpha = (color: string, alpha: number): string => (/^#[0-9a-f]{6}$/i.test(color) ? rgba(color, alpha) : color);

/**
 * The overlay's look over a picture nobody drew for it: texts need the soft band behind them
 * (a style over its own scene may go without), darker than half: it is the only shade over the art.
 */
export function keyArtTheme(theme: OverlayTheme): OverlayTheme {
  const backdrop = theme.backdrop ?? { color: theme.vignette.color, alpha: 0.5 };
  return { ...theme, backdrop: { color: backdrop.color, alpha: Math.max(0.6, backdrop.alpha) } };
}

/**
 * Where the logo and texts go over key art whose subject is `subject` (shares of the picture as the
 * frame shows it): on a landscape frame, in the half the subject is not in, narrower so that they
 * stay there; on a phone's, above or below it. A subject in the middle, or detail all over, keeps
 * `frame` as it is.
 */
export function keyArtFrame(subject: Subject, frame: OverlayFrame, portrait: boolean): OverlayFrame {
  if (portrait) {
    // Above the subject when the sky there has room for the block; else over its lower part, as a
    // poster sets its title over a figure's legs: a figure's face is at its top.
    const above = subject.box.y;
    return { ...frame, centerY: PORTRAIT_DESIGN.height * (above >= PORTRAIT_ROOM ? Math.max(0.2, above / 2) : 0.76) };
  }
  const right = subject.cx < 0.5;
  // The other half must also hold less of the picture's detail: detail all over stays centred.
  if (Math.abs(subject.cx - 0.5) < OFF_MIDDLE || (right ? subject.left < 0.5 : subject.left > 0.5)) return frame;
  const half = frame.width / 2;
  return {
    ...frame,
    centerX: right ? half * 1.42 : half * 0.58,
    textMaxWidth: Math.min(frame.textMaxWidth, half * 0.84),
    logoMax: { width: half * 0.8, height: 360 },
    headlineLines: 2,
  };
}

/** The share of a phone cut's height the logo and texts take. */
const PORTRAIT_ROOM = 0.34;

/**
 * The scene of `def` with `art` as its base: `art` covers the part of the design area the frame
 * shows (env.view) times KEY_ART_ZOOM, at the output's density. The style's own foreground (its rain, snow, petals) is drawn over the
 * logo as on its own scene; a style without one gets motes of its glow colour rising in the light.
 */
export function keyArtScene(def: BannerStyleDef, art: Image, env: SceneEnv, lightAt: { x: number; y: number }): Scene {
  const glow = def.theme.logo.glow;
  const { view } = env;
  const own = def.build(env).foreground;
  const rng = createRng(hashString(`${def.key}:key-art`));
  const motes = own ? [] : spawn(env, rng, MOTES, [3.5, 6], [5, 14], { x: 0, y: H * 0.25, w: W, h: H * 0.85 });
  const solid = withAlpha(glow, 1);
  const mote: Layer = glowSprite(solid, 16, env.scale, 0.2);
  const light: Layer = radialSprite(620, env.scale, [
    [0, solid],
    [1, transparent(solid)],
  ]);
  return {
    background(ctx: Ctx, { phase }) {
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, W, H);
      // Out and back once a video (a cosine), so the last frame meets the first.
      const zoom = 1 + (KEY_ART_ZOOM - 1) * (0.35 + 0.65 * (1 - Math.cos(TAU * phase)) / 2);
      const width = view.width * zoom;
      const height = view.height * zoom;
      const x = view.x + (view.width - width) / 2 + Math.sin(TAU * phase) * DRIFT;
      const y = view.y + (view.height - height) / 2;
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'medium';
      ctx.drawImage(art, x, y, width, height);

      // The style's light: a soft glow of its colour breathing behind the logo, where it stands.
      ctx.globalCompositeOperation = 'screen';
      const breath = 0.22 + 0.1 * Math.sin(TAU * phase * 2);
      drawSoftSprite(ctx, light, lightAt.x + Math.cos(TAU * phase) * 60, lightAt.y - 40, 1240, breath);
      ctx.globalCompositeOperation = 'lighter';
      for (const p of motes) {
        const u = age(p, phase);
        const alpha = lifeFade(u, 0.2) * (0.35 + 0.4 * p.a);
        const px = p.x + Math.sin(TAU * (u * (1 + p.b) + p.c)) * 30;
        const py = p.y - u * (220 + 260 * p.b);
        ctx.globalAlpha = clamp(alpha);
        ctx.drawImage(mote.canvas, px - p.size, py - p.size, p.size * 2, p.size * 2);
      }
      ctx.globalAlpha = 1;
      ctx.globalCompositeOperation = 'source-over';
    },
    foreground: own,
  };
}
