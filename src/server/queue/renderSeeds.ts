/**
 * Written by `npm run measure-renders` (config/scripts/measureRenderDurations.ts); do not edit by hand.
 * Render milliseconds of each kind (the median over its styles of each style's fastest run), one
 * render at a time through a warm worker thread, on 2 cores (AMD EPYC), 2026-11-28.
 * Styles listed apart differ from their kind by more than 10 %.
 */
import type { RenderSeeds } from './renderDurations';

export const RENDER_SEEDS: RenderSeeds = {
  tl: { all: 202, styles: { 1: 254, 4: 374, 5: 176, 6: 152, 7: 165, 8: 62, 9: 113, 10: 389, 11: 381, 12: 169, 13: 314, 16: 120, 17: 240, 18: 170, 20: 156, 21: 164, 22: 272, 24: 259, 25: 120 } },
  al: { all: 3035, styles: { 1: 4790, 2: 2149, 4: 3364, 7: 1835, 8: 1160, 9: 2202, 10: 4253, 11: 2637, 12: 3661, 13: 4797, 14: 2121, 15: 4105, 16: 1946, 20: 2290, 23: 3440, 24: 2157, 25: 2200, 26: 3814 } },
  fsa: { all: 3731, styles: { 1: 4334, 2: 3298, 4: 4173, 10: 2666, 14: 3069 } },
  ab: { all: null, styles: { 'generative@2': 443 } },
};
