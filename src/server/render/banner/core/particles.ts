/**
 * Looping motion. A particle's age is `frac(offset + phase * cycles)` with a whole number of
 * cycles per video, so the last frame hands over to the first without a jump.
 */
import { DESIGN_HEIGHT, DESIGN_WIDTH, drawLayer, type Ctx, type Layer } from './canvas';
import { frac, smoothstep } from './math';
import type { Rng } from './prng';
import type { SceneEnv } from './types';

export interface Particle {
  /** Age offset in [0, 1). */
  offset: number;
  /** Whole lifetimes per video. */
  cycles: number;
  x: number;
  y: number;
  size: number;
  /** Free per-particle randoms in [0, 1). */
  a: number;
  b: number;
  c: number;
}

/** `lifeSeconds` is a particle's natural lifetime; each gets a whole number of lives per video. */
export function spawn(env: SceneEnv, rng: Rng, count: number, lifeSeconds: [number, number], size: [number, number], area = { x: 0, y: 0, w: DESIGN_WIDTH, h: DESIGN_HEIGHT }): Particle[] {
  return Array.from({ length: count }, () => ({
    offset: rng.next(),
    cycles: env.cycles(rng.range(lifeSeconds[0], lifeSeconds[1])),
    x: area.x + rng.next() * area.w,
    y: area.y + rng.next() * area.h,
    size: rng.range(size[0], size[1]),
    a: rng.next(),
    b: rng.next(),
    c: rng.next(),
  }));
}

/** The particle's age in [0, 1) at loop phase `phase`. */
export const age = (p: Particle, phase: number): number => frac(p.offset + phase * p.cycles);

/** Fades in over the first `edge` of a life and out over the last. */
export const lifeFade = (u: number, edge = 0.12): number => smoothstep(0, edge, u) * (1 - smoothstep(1 - edge, 1, u));

/**
 * Draws a soft layer drifting steadily by `distance` design units per video, seamlessly: two
 * copies a loop apart cross-fade. Only for soft textures (smoke, mist), where the blend is unseen.
 */
export function drawDrift(ctx: Ctx, layer: Layer, phase: number, distance: number, x: number, y: number, alpha = 1): void {
  drawLayer(ctx, layer, x - distance * phase, y, alpha * (1 - phase));
  drawLayer(ctx, layer, x + distance * (1 - phase), y, alpha * phase);
}
