/**
 * A banner over the studio's own key art: the picture is the base layer, pushed in slowly and
 * drifting, with the style's light and particles over it; the logo and both texts go on top as
 * on every banner. The picture is sized once, so a frame only draws it.
 */
import type { Image } from '@napi-rs/canvas';
import { createLayer, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, drawLayer, drawSoftSprite, fillVertical, glowSprite, radialSprite, transparent, type Ctx, type Layer } from './canvas';
import { TAU, clamp, rgba } from './math';
import { age, lifeFade, spawn } from './particles';
import { createRng, hashString } from './prng';
import type { BannerStyleDef, OverlayTheme, Scene, SceneEnv } from './types';

/** How far the push-in goes: the picture is decoded this much larger than the frame. */
export const KEY_ART_ZOOM = 1.08;
/** How far the picture drifts sideways and back over a video, design units. */
const DRIFT = 14;
const MOTES = 46;
/** The shares of the frame's height the grade darkens at the top and at the bottom. */
const GRADE_TOP = 0.22;
const GRADE_BOTTOM = 0.3;

/** A CSS colour at `alpha`: hex colours through rgba(), others (already rgba) as they are. */
const withAlpha = (color: string, alpha: number): string => (/^#[0-9a-f]{6}$/i.test(color) ? rgba(color, alpha) : color);

/**
 * The overlay's look over a picture nobody drew for it: texts need the soft band behind them
 * (a style over its own scene may go without), at least half dark.
 */
export function keyArtTheme(theme: OverlayTheme): OverlayTheme {
  const backdrop = theme.backdrop ?? { color: theme.vignette.color, alpha: 0.5 };
  return { ...theme, backdrop: { color: backdrop.color, alpha: Math.max(0.5, backdrop.alpha) } };
}

/**
 * The scene of `def` with `art` as its base: `art` covers the part of the design area the frame
 * shows (env.view) times KEY_ART_ZOOM, at the output's density. The style's own foreground (its rain, snow, petals) is drawn over the
 * logo as on its own scene; a style without one gets motes of its glow colour rising in the light.
 */
export function keyArtScene(def: BannerStyleDef, art: Image, env: SceneEnv): Scene {
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
  // A darker top and bottom keep the picture's brightest parts from washing out the texts' edges.
  // Drawn once, as the two bands it shades (the middle half is clear): a frame copies them, which
  // costs a quarter of filling the frame with the gradient again.
  const shade = withAlpha(def.theme.vignette.color, 0.55);
  const top = createLayer(W, H * GRADE_TOP, env.scale);
  fillVertical(top.ctx, 0, 0, W, H * GRADE_TOP, [
    [0, shade],
    [1, transparent(shade)],
  ]);
  const bottom = createLayer(W, H * GRADE_BOTTOM, env.scale);
  fillVertical(bottom.ctx, 0, 0, W, H * GRADE_BOTTOM, [
    [0, transparent(shade)],
    [1, shade],
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

      drawLayer(ctx, top, 0, 0);
      drawLayer(ctx, bottom, 0, H * (1 - GRADE_BOTTOM));

      // The style's light: a soft glow of its colour breathing behind the logo.
      ctx.globalCompositeOperation = 'screen';
      const breath = 0.22 + 0.1 * Math.sin(TAU * phase * 2);
      drawSoftSprite(ctx, light, W / 2 + Math.cos(TAU * phase) * 60, (def.theme.centerY ?? 500) - 40, 1240, breath);
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
