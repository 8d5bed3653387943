/**
 * Layers drawn between whole pixels or a little scaled, as the logo and the headline are on every
 * frame (a float, a breath, a glyph's resting place): a filtered copy costs Skia about five plain
 * ones, so each such placement is resampled once per video into a copy of its own and every frame
 * after that copies the nearest one at whole pixels. Nearest means within an eighth of a pixel of
 * where it was asked and within `widthStep` output pixels of its size.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Ctx, Layer } from './canvas';

/** A part of a layer, in its design units. */
export interface LayerPart {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** Offsets are kept to quarter pixels: an eighth of a pixel at most from where they were asked. */
const SHIFTS = 4;
/** Beyond this a placement is animating, not resting: it is drawn filtered, as it comes. */
const MAX_ZOOM_OFF = 0.03;
/** Copies kept per layer (a headline keeps one or a few per glyph): a bound on memory, not a target. */
const MAX_COPIES = 96;
/** Placements remembered per layer before a copy is made for the second time one comes. */
const MAX_SEEN = 4096;

interface Cache {
  /** Placements met once: a placement is copied when it comes again, so a passing one costs no copy. */
  seen: Set<string>;
  copies: Map<string, Canvas>;
}

const cacheOf = new WeakMap<Canvas, Cache>();

function resample(source: Canvas, sx: number, sy: number, sw: number, sh: number, fx: number, fy: number, width: number, height: number): Canvas {
  const copy = createCanvas(Math.ceil(fx + width) + 1, Math.ceil(fy + height) + 1);
  const ctx = copy.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.drawImage(source, sx, sy, sw, sh, fx, fy, width, height);
  return copy;
}

/**
 * Draws `part` of `layer` (all of it when left out) into the rectangle (dx, dy, dw, dh) in design
 * units, as `ctx.drawImage` would with smoothing on. `widthStep` is how many output pixels of width
 * apart the kept sizes are: 1 for something sharp, more for a soft glow.
 */
export function drawResampled(ctx: Ctx, layer: Layer, dx: number, dy: number, dw: number, dh: number, part?: LayerPart, widthStep = 1): void {
  const s = layer.scale;
  const sx = part ? part.sx * s : 0;
  const sy = part ? part.sy * s : 0;
  const sw = part ? part.sw * s : layer.canvas.width;
  const sh = part ? part.sh * s : layer.canvas.height;
  const direct = () => ctx.drawImage(layer.canvas, sx, sy, sw, sh, dx, dy, dw, dh);
  if (sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0) return;
  const m = ctx.getTransform();
  // Only an axis-aligned placement without a flip keeps its look when moved by whole pixels.
  if (!ctx.imageSmoothingEnabled || m.b !== 0 || m.c !== 0 || m.a <= 0 || m.d <= 0) return direct();
  const width = dw * m.a;
  const height = dh * m.d;
  const zoom = width / sw;
  if (Math.abs(zoom - 1) > MAX_ZOOM_OFF || Math.abs(height / sh - zoom) > 1e-6) return direct();
  const keptWidth = Math.max(1, Math.round(width / widthStep) * widthStep);
  const keptHeight = (sh * keptWidth) / sw;
  // Sized to the step around the same centre.
  const left = m.a * dx + m.e + (width - keptWidth) / 2;
  const top = m.d * dy + m.f + (height - keptHeight) / 2;
  let x = Math.floor(left);
  let y = Math.floor(top);
  let fx = Math.round((left - x) * SHIFTS) / SHIFTS;
  let fy = Math.round((top - y) * SHIFTS) / SHIFTS;
  if (fx === 1) [x, fx] = [x + 1, 0];
  if (fy === 1) [y, fy] = [y + 1, 0];
  const plain = keptWidth === sw && keptHeight === sh && fx === 0 && fy === 0 && Number.isInteger(sx) && Number.isInteger(sy);
  let copy: Canvas | undefined;
  if (!plain) {
    let cache = cacheOf.get(layer.canvas);
    if (!cache) cacheOf.set(layer.canvas, (cache = { seen: new Set(), copies: new Map() }));
    const key = `${sx},${sy},${sw},${sh},${keptWidth},${fx},${fy}`;
    copy = cache.copies.get(key);
    if (!copy) {
      copy = resample(layer.canvas, sx, sy, sw, sh, fx, fy, keptWidth, keptHeight);
      // An entrance passes through placements once; only one met again is worth keeping. One that
      // is not kept is still drawn through its copy: a frame is the same whichever frames its
      // thread drew before (frameHelper.ts draws every other one).
      if (cache.seen.has(key) && cache.copies.size < MAX_COPIES) cache.copies.set(key, copy);
      else if (cache.seen.size < MAX_SEEN) cache.seen.add(key);
    }
  }
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (copy) ctx.drawImage(copy, x, y);
  else ctx.drawImage(layer.canvas, sx, sy, sw, sh, x, y, sw, sh);
  ctx.restore();
}
