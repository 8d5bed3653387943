/** Small looks shared by the overlay and several scenes: tints, flares, vignettes, backdrops. */
import { createLayer, DESIGN_HEIGHT, DESIGN_WIDTH, radialSprite, type Ctx, type Layer } from './canvas';
import { clamp, rgba } from './math';

/** A copy of `layer` with every opaque pixel replaced by `color` (alpha kept). */
export function tintLayer(layer: Layer, color: string): Layer {
  const tinted = createLayer(layer.width, layer.height, layer.scale);
  tinted.ctx.drawImage(layer.canvas, 0, 0, layer.width, layer.height);
  tinted.ctx.globalCompositeOperation = 'source-in';
  tinted.ctx.fillStyle = color;
  tinted.ctx.fillRect(0, 0, layer.width, layer.height);
  tinted.ctx.globalCompositeOperation = 'source-over';
  return tinted;
}

/**
 * A blurred, tinted halo of `layer`, `pad` design units larger on every side. Blurring is costly,
 * so it happens once per video and frames only draw the result.
 */
export function haloLayer(layer: Layer, color: string, blur: number, pad: number): Layer {
  const tinted = tintLayer(layer, color);
  const halo = createLayer(layer.width + pad * 2, layer.height + pad * 2, layer.scale);
  halo.ctx.filter = `blur(${Math.max(0.5, blur * layer.scale)}px)`;
  halo.ctx.drawImage(tinted.canvas, pad, pad, layer.width, layer.height);
  halo.ctx.filter = 'none';
  return halo;
}

export interface Flare {
  draw(ctx: Ctx, x: number, y: number, strength: number, size?: number): void;
}

/** A lens flare: round bloom plus an anamorphic streak, added with 'lighter'. */
export function createFlare(color: string, scale: number): Flare {
  const bloom = radialSprite(300, scale, [
    [0, 'rgba(255,255,255,1)'],
    [0.12, rgba(color, 0.9)],
    [0.45, rgba(color, 0.25)],
    [1, rgba(color, 0)],
  ]);
  const streak = radialSprite(200, scale, [
    [0, 'rgba(255,255,255,0.95)'],
    [0.2, rgba(color, 0.6)],
    [1, rgba(color, 0)],
  ]);
  return {
    draw(ctx, x, y, strength, size = 1) {
      const s = clamp(strength);
      if (s <= 0.01) return;
      ctx.save();
      ctx.globalCompositeOperation = 'lighter';
      ctx.globalAlpha = s;
      const r = 300 * size * (0.6 + 0.4 * s);
      ctx.drawImage(bloom.canvas, x - r, y - r, r * 2, r * 2);
      ctx.drawImage(streak.canvas, x - 900 * size, y - 16 * size, 1800 * size, 32 * size);
      ctx.restore();
    },
  };
}

/**
 * The vignette's gradient is clear within 590 units of the centre, so only the bands around a
 * central rectangle are filled: a third fewer pixels on every frame.
 */
export function createVignette(ctx: Ctx, color: string, strength: number): (ctx: Ctx) => void {
  const cx = DESIGN_WIDTH / 2;
  const cy = DESIGN_HEIGHT / 2;
  const g = ctx.createRadialGradient(cx, cy, 590, cx, cy, 1120);
  g.addColorStop(0, rgba(color, 0));
  g.addColorStop(0.5, rgba(color, strength * 0.45));
  g.addColorStop(1, rgba(color, strength));
  return (target) => {
    if (strength <= 0) return;
    target.fillStyle = g;
    target.fillRect(0, 0, 480, DESIGN_HEIGHT);
    target.fillRect(DESIGN_WIDTH - 480, 0, 480, DESIGN_HEIGHT);
    target.fillRect(480, 0, DESIGN_WIDTH - 960, 200);
    target.fillRect(480, DESIGN_HEIGHT - 200, DESIGN_WIDTH - 960, 200);
  };
}

/** A soft elliptical shade behind the texts: a unit radial gradient stretched to the ellipse. */
export function createBackdrop(color: string, alpha: number): (ctx: Ctx, cx: number, cy: number, w: number, h: number, strength: number) => void {
  let gradient: ReturnType<Ctx['createRadialGradient']> | null = null;
  return (ctx, cx, cy, w, h, strength) => {
    if (strength <= 0.01) return;
    if (!gradient) {
      gradient = ctx.createRadialGradient(0, 0, 0, 0, 0, 1);
      gradient.addColorStop(0, rgba(color, alpha));
      gradient.addColorStop(0.55, rgba(color, alpha * 0.6));
      gradient.addColorStop(1, rgba(color, 0));
    }
    ctx.save();
    ctx.globalAlpha = clamp(strength);
    ctx.translate(cx, cy);
    ctx.scale(w / 2, h / 2);
    ctx.fillStyle = gradient;
    ctx.fillRect(-1, -1, 2, 2);
    ctx.restore();
  };
}

/** Deterministic per-frame noise in [0, 1) (flicker, glitch offsets). */
export function hash01(a: number, b = 0, c = 0): number {
  let h = Math.imul(a | 0, 374761393) ^ Math.imul(b | 0, 668265263) ^ Math.imul(c | 0, 2147483647);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
