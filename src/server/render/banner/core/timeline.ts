/**
 * When the overlay's parts come and go. Times are for a 6 s video and shrink with shorter ones;
 * the overlay leaves before the end so the last frame leads back into the first (the background
 * loops on its own), which makes the video loop on a site's hero without a visible jump.
 */
import { clamp, progress } from './math';

export interface Timeline {
  seconds: number;
  /** 1 for videos of 6 s or more, less for shorter ones (tests, previews). */
  k: number;
  logoStart: number;
  logoEnd: number;
  headStart: number;
  /** Delay between two characters of the headline. */
  headStagger: number;
  /** How long one character takes to arrive. */
  headCharDuration: number;
  tagsStart: number;
  tagsEnd: number;
  /** Light sweeps across the logo start at these times. */
  sweeps: number[];
  sweepDuration: number;
  exitStart: number;
  exitEnd: number;
  /** A moment with everything on screen, for the poster. */
  poster: number;
}

export function makeTimeline(seconds: number, headlineLength: number): Timeline {
  const k = clamp(seconds / 6, 0.05, 1);
  const headStart = 1.0 * k;
  const headCharDuration = 0.5 * k;
  const headStagger = headlineLength > 1 ? Math.min(0.055 * k, (0.9 * k) / (headlineLength - 1)) : 0;
  const headEnd = headStart + headStagger * Math.max(0, headlineLength - 1) + headCharDuration;
  const tagsStart = Math.max(2.0 * k, headEnd - 0.3 * k);
  const tagsEnd = tagsStart + 0.7 * k;
  const exitEnd = seconds - 0.06 * k;
  const exitStart = exitEnd - 0.55 * k;
  return {
    seconds,
    k,
    logoStart: 0.15 * k,
    logoEnd: 1.3 * k,
    headStart,
    headStagger,
    headCharDuration,
    tagsStart,
    tagsEnd,
    sweeps: [1.55 * k, Math.max(1.55 * k, seconds - 2.1 * k)],
    sweepDuration: 0.9 * k,
    exitStart,
    exitEnd,
    poster: Math.min(Math.max(tagsEnd + 0.2 * k, 3.3 * k), exitStart - 0.05 * k),
  };
}

/** The overlay's opacity: fades out at the end of the loop. */
export const overlayAlpha = (timeline: Timeline, t: number): number => 1 - progress(t, timeline.exitStart, timeline.exitEnd);
