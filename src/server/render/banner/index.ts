/**
 * Module fsa: the full-screen banner video. Each style of BANNER_STYLES has its own scene in
 * ./styles; the logo and both banner texts are animated over it and encoded to H.264 MP4.
 */
import type { BannerTexts } from '../../../contract/generation';
import { bannerStyleById } from '../styles';
import { renderStyleVideo } from './core/video';
import { BANNER_STYLE_DEFS } from './styles';

export interface BannerVideoOptions {
  /** The .mp4 to write. */
  outFile: string;
  /** A .jpg poster: a representative frame with everything visible. */
  posterFile: string;
  /** Default 1920 (rounded down to even). */
  width?: number;
  /** Default 1080 (rounded down to even). */
  height?: number;
  /** Default 6; the background loops seamlessly over this length. */
  seconds?: number;
  /** Default 25. */
  fps?: number;
  /** Abort kills ffmpeg, removes partial files and rejects. */
  signal?: AbortSignal;
}

export function hasBannerStyle(id: number): boolean {
  const style = bannerStyleById(id);
  return Boolean(style && BANNER_STYLE_DEFS[style.key]);
}

/** module fsa: the logo (a transparent PNG, any aspect ratio) and both banner texts animated over a moving background. */
export function renderBannerVideo(
  styleId: number,
  input: { logoPng: Buffer; texts: BannerTexts },
  options: BannerVideoOptions,
): Promise<{ frameCount: number; durationSeconds: number; width: number; height: number }> {
  const style = bannerStyleById(styleId);
  const def = style ? BANNER_STYLE_DEFS[style.key] : undefined;
  if (!style || !def) throw new Error(`Unknown banner style id ${styleId}`);
  return renderStyleVideo(def, input, options);
}
