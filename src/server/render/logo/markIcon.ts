/**
 * Square pictures of the mark (compose.ts buildMark): the first character large on the style's own
 * scene, for app icons, the avatar and the favicon. A wide wordmark shrunk into a square is a thin
 * smear at icon sizes; one character filling the square stays readable down to 16 px.
 */
import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { LogoTexts } from '../../../contract/generation';
import { buildMark, MARK_EM } from './compose';
import { icoOf } from './ico';
import { hashString, Rng } from './prng';
import { createLayer, inDevicePixels, radial, type Layer } from './surface';
import type { LogoStyle } from './types';

/**
 * The share of a square picture's side the mark's character fills: an app icon keeps it inside the
 * corners a launcher rounds off, an avatar inside the circle a social network crops it to
 * (0.62 x sqrt 2 < 0.9), and a favicon, shown uncropped at 16 px, fills it.
 */
export const MARK_SHARE = { icon: 0.72, avatar: 0.62, favicon: 0.86 } as const;
/** The favicon is drawn this large and made smaller to each of its sizes. */
const FAVICON_BASE = 256;
export const FAVICON_SIZES = [16, 32, 48] as const;

/** Alpha from which a pixel of the mark counts as its ink rather than its glow. */
const INK_ALPHA = 160;

/** The box of the mark's ink (not its glow's far tail), in its canvas's device pixels. */
export function inkBounds(canvas: Canvas): { x: number; y: number; w: number; h: number } {
  const { width, height } = canvas;
  const { data } = canvas.getContext('2d').getImageData(0, 0, width, height);
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[(y * width + x) * 4 + 3] < INK_ALPHA) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? { x: 0, y: 0, w: width, h: height } : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** Mean relative luminance (0-1) of the pixels of `canvas` in a box, weighted by their alpha. */
function meanLuminance(canvas: Canvas, box: { x: number; y: number; w: number; h: number }, minAlpha = 0): number {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  const w = Math.max(1, Math.min(canvas.width - x, Math.ceil(box.w)));
  const h = Math.max(1, Math.min(canvas.height - y, Math.ceil(box.h)));
  const { data } = canvas.getContext('2d').getImageData(x, y, w, h);
  let sum = 0;
  let weight = 0;
  for (let at = 0; at < data.length; at += 4) {
    if (data[at + 3] < minAlpha) continue;
    const a = data[at + 3] / 255;
    sum += a * (0.2126 * data[at] + 0.7152 * data[at + 1] + 0.0722 * data[at + 2]);
    weight += a;
  }
  return weight ? sum / weight / 255 : 0;
}

/**
 * The style's scene at side x side with the mark's ink filling `share` of the side (its longer
 * side), centred on its ink. Where the scene behind the character is near the ink's own tone (gold
 * on a glowing sky, ink on paper gone grey), the scene is darkened (or lightened) behind it, so the
 * strokes keep their contrast at favicon sizes.
 */
export function markOnBackdrop(key: string, style: LogoStyle, mark: Layer, side: number, share: number): Canvas {
  const picture = createLayer({ x: 0, y: 0, w: side, h: side }, 1);
  const { ctx } = picture;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, side, side);
  style.backdrop(ctx, side, side, new Rng(hashString(`backdrop:${key}`)));
  const ink = inkBounds(mark.canvas);
  const fit = (side * share) / Math.max(ink.w, ink.h);
  const x = side / 2 - (ink.x + ink.w / 2) * fit;
  const y = side / 2 - (ink.y + ink.h / 2) * fit;
  const inkTone = meanLuminance(mark.canvas, ink, INK_ALPHA);
  const sceneTone = meanLuminance(picture.canvas, { x: x + ink.x * fit, y: y + ink.y * fit, w: ink.w * fit, h: ink.h * fit });
  const needed = 0.35 - Math.abs(inkTone - sceneTone);
  if (needed > 0) {
    // Towards black behind a light character, towards white behind a dark one.
    const towards = inkTone >= 0.5 ? '0,0,0' : '255,255,255';
    const reach = Math.max(ink.w, ink.h) * fit * 0.75;
    const strength = Math.min(0.7, needed * 2);
    ctx.fillStyle = radial(ctx, side / 2, side / 2, 0, reach, [
      [0, `rgba(${towards},${strength})`],
      [0.6, `rgba(${towards},${strength * 0.8})`],
      [1, `rgba(${towards},0)`],
    ]);
    ctx.fillRect(0, 0, side, side);
  }
  inDevicePixels(picture, (device) => {
    device.imageSmoothingEnabled = true;
    device.imageSmoothingQuality = 'high';
    device.shadowColor = 'rgba(0,0,0,0.45)';
    device.shadowBlur = Math.max(2, side / 80);
    device.shadowOffsetY = Math.max(1, side / 150);
    device.drawImage(mark.canvas, x, y, mark.canvas.width * fit, mark.canvas.height * fit);
  });
  return picture.canvas;
}

export async function resized(png: Buffer, side: number): Promise<Buffer> {
  return sharp(png).resize(side, side, { kernel: 'lanczos3' }).png({ compressionLevel: 9 }).toBuffer();
}

/** favicon.ico of the mark: drawn at 256 px from a mark drawn at that size (quick, and sharper than a large one made small). */
export async function markFavicon(key: string, style: LogoStyle, texts: LogoTexts): Promise<Buffer> {
  const mark = buildMark(key, style, texts, (FAVICON_BASE * MARK_SHARE.favicon) / MARK_EM);
  const base = await markOnBackdrop(key, style, mark, FAVICON_BASE, MARK_SHARE.favicon).encode('png');
  return icoOf(await Promise.all(FAVICON_SIZES.map(async (size) => ({ size, png: await resized(base, size) }))));
}
