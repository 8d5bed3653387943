/** Trimming a transparent picture to its artwork. */
import { createLayer, inDevicePixels, type Layer } from './surface';

/** Alpha at or below this is invisible (the far tail of a blur): cropping it keeps files tight. */
const INVISIBLE = 3;

/** The fewest device pixels of transparent margin: room for the last pixels of a glow in a thumbnail. */
export const TRIM_MARGIN_MIN = 4;

/**
 * The transparent margin around artwork of `width` x `height` device pixels: a fixed 4 px is a
 * hairline on a 1200 px logo, where ink 4 px from the edge reads as touching it. 1.2 % of the longer
 * side keeps every side's margin above 1 % of the finished picture's side.
 */
export function trimMargin(width: number, height: number): number {
  return Math.max(TRIM_MARGIN_MIN, Math.ceil(Math.max(width, height) * 0.012));
}

/** A copy of `layer` cropped to its visible pixels plus a margin (device pixels, from the artwork's size) on every side. */
export function trimLayer(layer: Layer, marginFor: (width: number, height: number) => number): Layer {
  const { width, height } = layer.canvas;
  const { data } = layer.ctx.getImageData(0, 0, width, height);
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y += 1) {
    const row = y * width * 4;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x += 1) {
      if (data[row + x * 4 + 3] > INVISIBLE) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    for (let x = width - 1; x >= first; x -= 1) {
      if (data[row + x * 4 + 3] > INVISIBLE) {
        last = x;
        break;
      }
    }
    if (y < top) top = y;
    bottom = y;
    if (first < left) left = first;
    if (last > right) right = last;
  }
  if (bottom < 0) {
    top = 0;
    bottom = 0;
    left = 0;
    right = 0;
  }
  const margin = marginFor(right - left + 1, bottom - top + 1);
  const x0 = left - margin;
  const y0 = top - margin;
  const w = right - left + 1 + margin * 2;
  const h = bottom - top + 1 + margin * 2;
  const s = layer.scale;
  const out = createLayer({ x: layer.box.x + x0 / s, y: layer.box.y + y0 / s, w: w / s, h: h / s }, s);
  inDevicePixels(out, (ctx) => {
    // Drop the sub-threshold tail too, so the margin is exactly transparent.
    ctx.drawImage(layer.canvas, -x0, -y0);
  });
  clearFaint(out);
  return out;
}

function clearFaint(layer: Layer): void {
  const { width, height } = layer.canvas;
  const image = layer.ctx.getImageData(0, 0, width, height);
  const { data } = image;
  let changed = false;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] !== 0 && data[i] <= INVISIBLE) {
      data[i] = 0;
      data[i - 1] = 0;
      data[i - 2] = 0;
      data[i - 3] = 0;
      changed = true;
    }
  }
  if (changed) layer.ctx.putImageData(image, 0, 0);
}
