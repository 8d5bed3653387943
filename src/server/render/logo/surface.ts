/**
 * Layers: canvases that know where they sit in the logo's design space. Every drawing works in
 * design pixels (full size); a layer's context is pre-transformed by the render scale, so a thumbnail
 * is the same drawing made smaller, not a different one.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { VectorRecording } from './vectorRecording';

export type Ctx = SKRSContext2D;
export type Paint = string | CanvasGradient | CanvasPattern;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Layer {
  canvas: Canvas;
  ctx: Ctx;
  box: Box;
  scale: number;
}

export function boxUnion(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

export function boxExpand(box: Box, left: number, top = left, right = left, bottom = top): Box {
  return { x: box.x - left, y: box.y - top, w: box.w + left + right, h: box.h + top + bottom };
}

export function boxCenter(box: Box): { x: number; y: number } {
  return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
}

/** Aligns the box to whole device pixels so layers composite without resampling. */
function snap(box: Box, scale: number): Box {
  // The epsilon keeps a box that is already aligned from growing by a pixel through rounding error.
  const x0 = Math.floor(box.x * scale + 1e-6);
  const y0 = Math.floor(box.y * scale + 1e-6);
  const x1 = Math.ceil((box.x + box.w) * scale - 1e-6);
  const y1 = Math.ceil((box.y + box.h) * scale - 1e-6);
  return { x: x0 / scale, y: y0 / scale, w: Math.max(1, x1 - x0) / scale, h: Math.max(1, y1 - y0) / scale };
}

/** Layers created while this is above zero also record their drawing as vectors (logo.svg). */
let recordingDepth = 0;

/**
 * Runs `build` with every layer it creates recording its drawing as vectors. A scope rather than a
 * parameter: styles, ornaments, slogans and seals create their layers deep inside, and `build`
 * is synchronous, so nothing else runs while the scope is open.
 */
export function recordingVectors<T>(build: () => T): T {
  recordingDepth += 1;
  try {
    return build();
  } finally {
    recordingDepth -= 1;
  }
}

export function createLayer(box: Box, scale: number): Layer {
  const snapped = snap(box, scale);
  const canvas = createCanvas(Math.max(1, Math.round(snapped.w * scale)), Math.max(1, Math.round(snapped.h * scale)));
  const raster = canvas.getContext('2d');
  const ctx = recordingDepth > 0 ? new VectorRecording(canvas, raster).ctx : raster;
  const layer = { canvas, ctx, box: snapped, scale };
  resetToDesign(layer);
  return layer;
}

/** Puts the layer's context back to design coordinates (after a drawing that changed the transform). */
export function resetToDesign(layer: Layer): void {
  layer.ctx.setTransform(layer.scale, 0, 0, layer.scale, -layer.box.x * layer.scale, -layer.box.y * layer.scale);
}

export function blankLike(layer: Layer): Layer {
  return createLayer(layer.box, layer.scale);
}

/** Draws a layer into a context that is in design coordinates. */
export function drawLayer(ctx: Ctx, layer: Layer, alpha = 1): void {
  if (alpha <= 0) return;
  const previous = ctx.globalAlpha;
  ctx.globalAlpha = previous * alpha;
  ctx.drawImage(layer.canvas, layer.box.x, layer.box.y, layer.canvas.width / layer.scale, layer.canvas.height / layer.scale);
  ctx.globalAlpha = previous;
}

/** Runs `draw` in device pixels (identity transform), then restores everything. */
export function inDevicePixels(layer: Layer, draw: (ctx: Ctx) => void): void {
  const { ctx } = layer;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  draw(ctx);
  ctx.restore();
}

/** A copy of the layer's shape filled with one paint (for glows, masks and tinted copies). */
export function tinted(layer: Layer, paint: Paint): Layer {
  const copy = blankLike(layer);
  inDevicePixels(copy, (ctx) => ctx.drawImage(layer.canvas, 0, 0));
  copy.ctx.globalCompositeOperation = 'source-in';
  copy.ctx.fillStyle = paint;
  copy.ctx.fillRect(copy.box.x, copy.box.y, copy.box.w, copy.box.h);
  copy.ctx.globalCompositeOperation = 'source-over';
  return copy;
}

export type Stops = ReadonlyArray<readonly [number, string]>;

export function linear(ctx: Ctx, x0: number, y0: number, x1: number, y1: number, stops: Stops): CanvasGradient {
  const gradient = ctx.createLinearGradient(x0, y0, x1, y1);
  for (const [offset, color] of stops) gradient.addColorStop(Math.min(1, Math.max(0, offset)), color);
  return gradient;
}

export function radial(ctx: Ctx, x: number, y: number, r0: number, r1: number, stops: Stops): CanvasGradient {
  const gradient = ctx.createRadialGradient(x, y, r0, x, y, r1);
  for (const [offset, color] of stops) gradient.addColorStop(Math.min(1, Math.max(0, offset)), color);
  return gradient;
}

/** Draws `layer` blurred by `blur` design px into a design-space context of the same scale. */
export function drawBlurred(ctx: Ctx, layer: Layer, blur: number, alpha = 1): void {
  ctx.save();
  ctx.filter = `blur(${Math.max(0.5, blur * layer.scale)}px)`;
  drawLayer(ctx, layer, alpha);
  ctx.restore();
}
