/**
 * Module fsa: the full-screen banner video. Each style of BANNER_STYLES has its own scene in
 * ./styles; the logo and both banner texts are animated over it and encoded to H.264 MP4.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { BannerTexts } from '../../../contract/generation';
import { runFfmpeg, webmOutputArgs } from '../ffmpeg';
import { bannerStyleById } from '../styles';
import { renderStyleVideo, type BannerVideoOptions, type VideoResult } from './core/video';
import { BANNER_STYLE_DEFS } from './styles';

export type { BannerVideoOptions } from './core/video';

export function hasBannerStyle(id: number): boolean {
  const style = bannerStyleById(id);
  return Boolean(style && BANNER_STYLE_DEFS[style.key]);
}

/** module fsa: the logo (a transparent PNG, any aspect ratio) and both banner texts animated over a moving background (the style's scene, or the studio's key art). */
export function renderBannerVideo(
  styleId: number,
  input: { logoPng: Buffer; texts: BannerTexts; keyArt?: Buffer },
  options: BannerVideoOptions,
): Promise<VideoResult> {
  const style = bannerStyleById(styleId);
  const def = style ? BANNER_STYLE_DEFS[style.key] : undefined;
  if (!style || !def) throw new Error(`Unknown banner style id ${styleId}`);
  return renderStyleVideo(def, input, options);
}

/** The banner's MP4 again as WebM (VP9), written under a temporary name and renamed: never half a file. */
export async function transcodeToWebm(mp4: string, webm: string, signal?: AbortSignal): Promise<void> {
  const temp = `${webm}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.part`;
  try {
    await runFfmpeg(['-i', mp4, ...webmOutputArgs(temp)], 'make the WebM', signal);
    await fs.promises.rename(temp, webm);
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
}
