/**
 * The banner video as a phone should fetch it: a phone shows the hero some 400 CSS px wide, where
 * the 1080p file (about 5 MB for 6 s) costs a visitor's data plan three times what they can see
 * and keeps the page's main thread busy taking it in. The copy is 960 wide (sharp at 2.5 device
 * pixels per CSS pixel), H.264 as the original, with its colours tagged as the banner renderer
 * tags them; about a quarter of the bytes. site.js picks it on narrow screens.
 */
import { BT709_TAGS, runFfmpeg } from '../ffmpeg';

export const PHONE_VIDEO_WIDTH = 960;
/** The phone cut fills a phone's screen height instead: 720 wide keeps it near 2 device pixels per CSS pixel. */
export const PHONE_PORTRAIT_VIDEO_WIDTH = 720;

/** Writes the phone copy of `from` to `outFile` (never wider than the source). */
export function writePhoneVideo(from: string, outFile: string, signal?: AbortSignal, width = PHONE_VIDEO_WIDTH): Promise<void> {
  const args = [
    ...['-i', from, '-an'],
    // Even sides for yuv420p; a source narrower than the copy keeps its size.
    ...['-vf', `scale='min(${width},iw)':-2:out_color_matrix=bt709:out_range=tv,format=yuv420p`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...BT709_TAGS,
    ...['-movflags', '+faststart', '-f', 'mp4', outFile],
  ];
  return runFfmpeg(args, 'make the phone copy of the banner video', signal);
}
