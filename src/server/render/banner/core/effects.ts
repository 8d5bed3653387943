/** Small looks shared by the overlay and several scenes: tints, flares, vignettes, backdrops. */
import { createCanvas } from '@napi-rs/canvas';
import { createLayer, DESIGN_HEIGHT, DESIGN_WIDTH, drawLayer, radialSprite, type Ctx, type Layer } from './canvas';
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

/** The output frame: its size in pixels and where the design area sits in it (video.ts). */
export interface FramePlacement {
  width: number;
  height: number;
  scale: number;
  offsetX: number;
  offsetY: number;
}

/**
 * The vignette, drawn once per video and cut into the four bands around the central rectangle its
 * gradient leaves clear (590 units of the centre): a frame copies a third fewer pixels, and a copy
 * costs half of evaluating the gradient. The bands are cut at whole output pixels, so they meet
 * without a seam whatever the frame's scale.
 */
export function createVignette(frame: FramePlacement, color: string, strength: number): (ctx: Ctx) => void {
  if (strength <= 0) return () => undefined;
  const { width, height, scale, offsetX, offsetY } = frame;
  const whole = createCanvas(width, height);
  const wctx = whole.getContext('2d');
  wctx.setTransform(scale, 0, 0, scale, offsetX, offsetY);
  const cx = DESIGN_WIDTH / 2;
  const cy = DESIGN_HEIGHT / 2;
  const g = wctx.createRadialGradient(cx, cy, 590, cx, cy, 1120);
  g.addColorStop(0, rgba(color, 0));
  g.addColorStop(0.5, rgba(color, strength * 0.45));
  g.addColorStop(1, rgba(color, strength));
  wctx.fillStyle = g;
  wctx.fillRect(-offsetX / scale, -offsetY / scale, width / scale, height / scale);
  const within = (value: number, max: number) => Math.max(0, Math.min(max, value));
  const left = within(Math.ceil(480 * scale + offsetX), width);
  const right = within(Math.floor((DESIGN_WIDTH - 480) * scale + offsetX), width);
  const top = within(Math.ceil(200 * scale + offsetY), height);
  const bottom = within(Math.floor((DESIGN_HEIGHT - 200) * scale + offsetY), height);
  const bands = [
    [0, 0, left, height],
    [right, 0, width - right, height],
    [left, 0, right - left, top],
    [left, bottom, right - left, height - bottom],
  ]
    .filter(([, , w, h]) => w > 0 && h > 0)
    .map(([x, y, w, h]) => {
      const band = createCanvas(w, h);
      band.getContext('2d').drawImage(whole, x, y, w, h, 0, 0, w, h);
      return { band, x, y };
    });
  return (target) => {
    target.save();
    target.setTransform(1, 0, 0, 1, 0, 0);
    for (const { band, x, y } of bands) target.drawImage(band, x, y);
    target.restore();
  };
}

/**
 * A soft elliptical shade behind the texts, `width` x `height` design units: a unit radial gradient
 * stretched to the ellipse, drawn once into a layer that frames copy at the strength they need.
 */
export function createBackdrop(color: string, alpha: number, width: number, height: number, scale: number): (ctx: Ctx, cx: number, cy: number, strength: number) => void {
  const layer = createLayer(width, height, scale);
  const gradient = layer.ctx.createRadialGradient(0, 0, 0, 0, 0, 1);
  gradient.addColorStop(0, rgba(color, alpha));
  gradient.addColorStop(0.55, rgba(color, alpha * 0.6));
  gradient.addColorStop(1, rgba(color, 0));
  layer.ctx.translate(width / 2, height / 2);
  layer.ctx.scale(width / 2, height / 2);
  layer.ctx.fillStyle = gradient;
  layer.ctx.fillRect(-1, -1, 2, 2);
  return (ctx, cx, cy, strength) => {
    if (strength <= 0.01) return;
    drawLayer(ctx, layer, cx - width / 2, cy - height / 2, strength);
  };
}

/** Deterministic per-frame noise in [0, 1) (flicker, glitch offsets). */
export function hash01(a: number, b = 0, c = 0): number {
  let h = Math.imul(a | 0, 374761393) ^ Math.imul(b | 0, 668265263) ^ Math.imul(c | 0, 2147483647);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
