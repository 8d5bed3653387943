/** The gallery picture: the logo on a scene in its style's mood, opaque, at an exact size. */
import type { Canvas } from '@napi-rs/canvas';
import type { LogoTexts } from '../../../contract/generation';
import { buildParts, flatten } from './compose';
import { hashString, Rng } from './prng';
import { createLayer, inDevicePixels } from './surface';
import type { LogoStyle } from './types';

export async function renderShowcase(key: string, style: LogoStyle, texts: LogoTexts, width: number, height: number): Promise<Buffer> {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  // Render near the size it will be shown at: sharper than shrinking a full-size logo, and faster.
  const renderScale = Math.min(1, Math.max(0.15, (w * 0.85) / 1100));
  const logo = flatten(buildParts(key, style, texts, renderScale));
  return logoOnBackdrop(key, style, logo.canvas, w, h, showcaseFit(logo.canvas, w, h)).encode('png');
}

/** How much a gallery picture scales its logo: as large as leaves room around it in a w x h picture. */
export const showcaseFit = (logo: Canvas, w: number, h: number): number => Math.min((w * 0.84) / logo.width, (h * 0.8) / logo.height);

/** The style's scene at w x h with `logo` drawn at `fit` times its size in the middle, lifted by a soft shadow. */
export function logoOnBackdrop(key: string, style: LogoStyle, logo: Canvas, w: number, h: number, fit: number): Canvas {
  const picture = createLayer({ x: 0, y: 0, w, h }, 1);
  const { ctx } = picture;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, w, h);
  style.backdrop(ctx, w, h, new Rng(hashString(`backdrop:${key}`)));
  const dw = logo.width * fit;
  const dh = logo.height * fit;
  inDevicePixels(picture, (device) => {
    device.imageSmoothingEnabled = true;
    device.imageSmoothingQuality = 'high';
    device.shadowColor = 'rgba(0,0,0,0.45)';
    device.shadowBlur = Math.max(4, w / 80);
    device.shadowOffsetY = Math.max(2, h / 150);
    device.drawImage(logo, (w - dw) / 2, (h - dh) / 2, dw, dh);
  });
  return picture.canvas;
}
