/**
 * Value noise for ridges, clouds, smoke and nebulae. Optional horizontal periods make strips that
 * tile seamlessly, which is what lets layers scroll forever in a looping video.
 */
import { createRng } from './prng';
import { frac } from './math';

const fade = (t: number): number => t * t * t * (t * (t * 6 - 15) + 10);

export interface Noise2D {
  /** In [0, 1]. */
  at(x: number, y: number): number;
  /** Sum of octaves in [0, 1]. */
  fbm(x: number, y: number, octaves: number, gain?: number): number;
}

/**
 * `periodX`: lattice cells after which x repeats (the first octave; each octave doubles it, so
 * fbm repeats too).
 */
export function createNoise2D(seed: number, periodX = 0): Noise2D {
  const rng = createRng(seed);
  const size = 256;
  const values = new Float32Array(size);
  for (let i = 0; i < size; i++) values[i] = rng.next();
  const perm = new Uint8Array(size * 2);
  const base = Array.from({ length: size }, (_, i) => i);
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [base[i], base[j]] = [base[j], base[i]];
  }
  for (let i = 0; i < size * 2; i++) perm[i] = base[i & 255];

  const lattice = (ix: number, iy: number, period: number): number => {
    const x = period > 0 ? ((ix % period) + period) % period : ix;
    return values[perm[(perm[x & 255] + iy) & 255]];
  };
  const sample = (x: number, y: number, period: number): number => {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    const fx = fade(x - ix);
    const fy = fade(y - iy);
    const a = lattice(ix, iy, period);
    const b = lattice(ix + 1, iy, period);
    const c = lattice(ix, iy + 1, period);
    const d = lattice(ix + 1, iy + 1, period);
    const top = a + (b - a) * fx;
    return top + (c + (d - c) * fx - top) * fy;
  };
  return {
    at: (x, y) => sample(x, y, periodX),
    fbm(x, y, octaves, gain = 0.5) {
      let sum = 0;
      let amplitude = 1;
      let norm = 0;
      let frequency = 1;
      for (let o = 0; o < octaves; o++) {
        sum += amplitude * sample(x * frequency, y * frequency + o * 17.3, periodX > 0 ? periodX * frequency : 0);
        norm += amplitude;
        amplitude *= gain;
        frequency *= 2;
      }
      return sum / norm;
    },
  };
}

/** 1-D fractal noise along a ridge line; `period` (in x units) makes it wrap. */
export function ridgeNoise(seed: number, cells: number, octaves = 5, gain = 0.5): (u: number) => number {
  const noise = createNoise2D(seed, cells);
  return (u: number) => noise.fbm(frac(u) * cells, 0.5, octaves, gain);
}
