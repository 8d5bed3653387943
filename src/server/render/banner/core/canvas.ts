/**
 * Offscreen layers drawn once per video at the output's pixel density, so that drawing one per
 * frame is a near 1:1 copy (the cheapest thing Skia does) whatever the output size.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { clamp } from './math';

export type Ctx = SKRSContext2D;

/** Every scene is drawn in these coordinates and scaled to the output. */
export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;

export interface Layer {
  canvas: Canvas;
  ctx: Ctx;
  /** Size in design units (the canvas is this times `scale`, in pixels). */
  width: number;
  height: number;
  scale: number;
}

/** A transparent layer of `width` x `height` design units; its context draws in design units. */
export function createLayer(width: number, height: number, scale: number): Layer {
  const pixelWidth = Math.max(1, Math.ceil(width * scale));
  const pixelHeight = Math.max(1, Math.ceil(height * scale));
  const canvas = createCanvas(pixelWidth, pixelHeight);
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  return { canvas, ctx, width: pixelWidth / scale, height: pixelHeight / scale, scale };
}

/**
 * Draws a layer at its own size. The position is snapped to whole output pixels: a copy without
 * resampling is several times cheaper than a filtered one, and slow parallax hides the snapping.
 */
export function drawLayer(ctx: Ctx, layer: Layer, x: number, y: number, alpha = 1): void {
  if (alpha <= 0) return;
  const previous = ctx.globalAlpha;
  ctx.globalAlpha = previous * clamp(alpha);
  const s = layer.scale;
  ctx.drawImage(layer.canvas, Math.round(x * s) / s, Math.round(y * s) / s, layer.width, layer.height);
  ctx.globalAlpha = previous;
}

/**
 * A horizontally tiling layer drawn scrolled by `offset` design units (positive moves it left),
 * covering [x0, x0 + span].
 */
export function drawTiled(ctx: Ctx, layer: Layer, offset: number, y: number, x0 = 0, span = DESIGN_WIDTH, alpha = 1): void {
  const w = layer.width;
  let x = x0 - (((offset % w) + w) % w);
  while (x < x0 + span) {
    drawLayer(ctx, layer, x, y, alpha);
    x += w;
  }
}

/**
 * Fills a layer from a per-pixel function evaluated on a grid `cell` design units apart, then
 * smoothed up: soft things (clouds, smoke, nebulae) need no more detail and this keeps set-up fast.
 */
export function paintField(layer: Layer, cell: number, shade: (x: number, y: number) => [number, number, number, number]): void {
  const cols = Math.ceil(layer.width / cell) + 1;
  const rows = Math.ceil(layer.height / cell) + 1;
  const small = createCanvas(cols, rows);
  const sctx = small.getContext('2d');
  const image = sctx.createImageData(cols, rows);
  const data = image.data;
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const [r, g, b, a] = shade(i * cell, j * cell);
      const k = (j * cols + i) * 4;
      data[k] = r;
      data[k + 1] = g;
      data[k + 2] = b;
      data[k + 3] = a;
    }
  }
  sctx.putImageData(image, 0, 0);
  layer.ctx.save();
  layer.ctx.imageSmoothingEnabled = true;
  layer.ctx.imageSmoothingQuality = 'high';
  layer.ctx.drawImage(small, 0, 0, cols * cell, rows * cell);
  layer.ctx.restore();
}

/** The same colour fully transparent, so a gradient towards it does not darken on the way. */
export function transparent(color: string): string {
  const rgbaMatch = /^rgba?\(([^,]+),([^,]+),([^,)]+)/.exec(color.replace(/\s/g, ''));
  if (rgbaMatch) return `rgba(${rgbaMatch[1]},${rgbaMatch[2]},${rgbaMatch[3]},0)`;
  if (/^#[0-9a-f]{6}$/i.test(color)) {
    const v = parseInt(color.slice(1), 16);
    return `rgba(${(v >> 16) & 255},${(v >> 8) & 255},${v & 255},0)`;
  }
  return 'rgba(0,0,0,0)';
}

/** A soft round glow sprite: solid to `core`, then fading out. */
export function glowSprite(color: string, radius: number, scale: number, core = 0.15): Layer {
  const layer = createLayer(radius * 2, radius * 2, scale);
  const g = layer.ctx.createRadialGradient(radius, radius, 0, radius, radius, radius);
  g.addColorStop(0, color);
  g.addColorStop(clamp(core), color);
  g.addColorStop(1, transparent(color));
  layer.ctx.fillStyle = g;
  layer.ctx.fillRect(0, 0, radius * 2, radius * 2);
  return layer;
}

/** A radial-gradient glow whose colour fades fully: `stops` are [offset, css colour]. */
export function radialSprite(radius: number, scale: number, stops: Array<[number, string]>): Layer {
  const layer = createLayer(radius * 2, radius * 2, scale);
  const g = layer.ctx.createRadialGradient(radius, radius, 0, radius, radius, radius);
  for (const [offset, color] of stops) g.addColorStop(offset, color);
  layer.ctx.fillStyle = g;
  layer.ctx.fillRect(0, 0, radius * 2, radius * 2);
  return layer;
}

/** Draws a sprite centred on (x, y) at `size` design units across. */
export function drawSprite(ctx: Ctx, sprite: Layer, x: number, y: number, size: number, alpha = 1): void {
  if (alpha <= 0.003 || size <= 0) return;
  ctx.globalAlpha = clamp(alpha);
  ctx.drawImage(sprite.canvas, x - size / 2, y - size / 2, size, size);
  ctx.globalAlpha = 1;
}

/**
 * Draws a soft sprite (a radialSprite: a glow, a puff of smoke) centred on (x, y) at `size` design
 * units across, sampled unfiltered. Its gradient is smooth, so at its own size or shrunk to a sixth
 * it stays within three levels of the gradient drawn in place (bannerSoftSprite.test.ts), and the
 * copy costs under half of a bilinear one and a third of evaluating the gradient again (big puffs
 * and glows were what frames spent most on). Made at the largest size it is drawn, it only shrinks.
 */
export function drawSoftSprite(ctx: Ctx, sprite: Layer, x: number, y: number, size: number, alpha = 1): void {
  if (alpha <= 0.003 || size <= 0) return;
  const smoothing = ctx.imageSmoothingEnabled;
  ctx.imageSmoothingEnabled = false;
  drawSprite(ctx, sprite, x, y, size, alpha);
  ctx.imageSmoothingEnabled = smoothing;
}

/** Vertical gradient filling a rectangle; stops are [offset, css colour]. */
export function fillVertical(ctx: Ctx, x: number, y: number, w: number, h: number, stops: Array<[number, string]>): void {
  const g = ctx.createLinearGradient(0, y, 0, y + h);
  for (const [offset, color] of stops) g.addColorStop(offset, color);
  ctx.fillStyle = g;
  ctx.fillRect(x, y, w, h);
}
