/**
 * The logo renderer: style id and texts in, picture bytes out (module tl: transparent PNG; module
 * al: animated WebP plus the still; gallery pictures on a backdrop). Pure and deterministic: the
 * same input gives the same bytes, which the queue's deduplication relies on.
 */
import type { LogoTexts } from '../../../contract/generation';
import { renderAnimation, type AnimationResult } from './animate';
import { buildParts, flatten } from './compose';
import { hasLogoStyle, styleById } from './registry';
import { renderShowcase } from './showcase';

export interface LogoRenderOptions {
  /** 1 = full size (about 800-1200 px wide); thumbnails use e.g. 0.4. */
  scale?: number;
}

export { hasLogoStyle };

function scaleOf(options?: LogoRenderOptions): number {
  const scale = options?.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 4) throw new Error(`A logo scale must be in (0, 4], got ${String(scale)}`);
  return scale;
}

/** Module tl: a transparent PNG (RGBA) trimmed to the artwork, plus a few pixels of margin for glows. */
export async function renderLogoPng(styleId: number, texts: LogoTexts, options?: LogoRenderOptions): Promise<Buffer> {
  const { key, style } = styleById(styleId);
  return flatten(buildParts(key, style, texts, scaleOf(options))).canvas.encode('png');
}

/**
 * Module al: an animated transparent logo (animated WebP) that builds once and idles, ending on the
 * logo; its idle cycle as a WebP looping forever; and the still PNG (animate.ts).
 */
export async function renderLogoAnimation(
  styleId: number,
  texts: LogoTexts,
  options?: LogoRenderOptions & { signal?: AbortSignal; onProgress?: (share: number) => void },
): Promise<AnimationResult> {
  const { key, style } = styleById(styleId);
  return renderAnimation(buildParts(key, style, texts, scaleOf(options)), options?.signal, options?.onProgress);
}

/** The logo on a backdrop in its style's mood (gallery pictures): an opaque PNG of exactly width x height. */
export async function renderLogoShowcase(styleId: number, texts: LogoTexts, size: { width: number; height: number }): Promise<Buffer> {
  const { key, style } = styleById(styleId);
  return renderShowcase(key, style, texts, size.width, size.height);
}

export { renderBrandKit } from './brandKit';
