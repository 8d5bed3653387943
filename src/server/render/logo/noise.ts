/**
 * Procedural textures (stone grain, rust, marble veins, nebulae, brushed metal), made from
 * periodic value noise so that a tile repeats without seams. Tiles are cached per recipe: they are
 * a pure function of their parameters, and building one costs more than a whole text pass.
 */
import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';
import { hashString } from './prng';

/** Value noise on a lattice of `period` cells that wraps around, smoothed with a quintic curve. */
export class PeriodicNoise {
  private readonly values: Float32Array;

  constructor(
    private readonly period: number,
    seed: number,
  ) {
    this.values = new Float32Array(period * period);
    let state = seed >>> 0 || 1;
    for (let i = 0; i < this.values.length; i += 1) {
      // xorshift32: the lattice only needs to look random, not to be a good generator.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      this.values[i] = (state >>> 0) / 4294967296;
    }
  }

  /** Noise in [0, 1] at lattice coordinates (u, v). */
  at(u: number, v: number): number {
    const p = this.period;
    const x0 = Math.floor(u);
    const y0 = Math.floor(v);
    const fx = u - x0;
    const fy = v - y0;
    const sx = fx * fx * fx * (fx * (fx * 6 - 15) + 10);
    const sy = fy * fy * fy * (fy * (fy * 6 - 15) + 10);
    const xa = ((x0 % p) + p) % p;
    const ya = ((y0 % p) + p) % p;
    const xb = (xa + 1) % p;
    const yb = (ya + 1) % p;
    const a = this.values[ya * p + xa];
    const b = this.values[ya * p + xb];
    const c = this.values[yb * p + xa];
    const d = this.values[yb * p + xb];
    return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
  }
}

export interface NoiseRecipe {
  /** Tile size in design pixels (also the canvas size: tiles are scaled with the layer). */
  size: number;
  /** Lattice cells across the tile for the first octave. */
  cells: number;
  octaves: number;
  /** Stretch along x (brushed metal, wood) as a ratio of x cells to y cells. */
  stretch?: number;
  seed: string;
  /** Maps fbm (0..1) and the pixel position to RGBA. */
  color: (value: number, x: number, y: number) => readonly [number, number, number, number];
}

const tileCache = new Map<string, Canvas>();

export function noiseTile(recipe: NoiseRecipe, cacheKey: string): Canvas {
  const key = `${cacheKey}|${recipe.size}|${recipe.cells}|${recipe.octaves}|${recipe.stretch ?? 1}|${recipe.seed}`;
  const cached = tileCache.get(key);
  if (cached) return cached;
  const { size, cells, octaves } = recipe;
  const stretch = recipe.stretch ?? 1;
  const layers: Array<{ noise: PeriodicNoise; cx: number; cy: number; weight: number }> = [];
  let weightSum = 0;
  for (let o = 0; o < octaves; o += 1) {
    const cy = cells * 2 ** o;
    const cx = Math.max(1, Math.round(cy / stretch));
    const period = Math.max(cx, cy);
    const weight = 0.5 ** o;
    weightSum += weight;
    layers.push({ noise: new PeriodicNoise(period, hashString(`${recipe.seed}:${o}`)), cx, cy, weight });
  }
  const data = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let value = 0;
      for (const layer of layers) {
        // Different periods along x and y keep the tile seamless when stretched.
        value += layer.noise.at((x / size) * layer.cx, (y / size) * layer.cy) * layer.weight;
      }
      const [r, g, b, a] = recipe.color(value / weightSum, x, y);
      const i = (y * size + x) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = a;
    }
  }
  const canvas = createCanvas(size, size);
  canvas.getContext('2d').putImageData(new ImageData(data, size, size), 0, 0);
  tileCache.set(key, canvas);
  return canvas;
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
/** Contrast around the middle: noise values bunch near 0.5, textures want the full range. */
export const contrast = (v: number, amount: number): number => clamp01((v - 0.5) * amount + 0.5);

/** Grey grain with alpha: multiply or overlay it to age a surface. */
export function grainTile(seed: string, cells = 24, strength = 2.2): Canvas {
  return noiseTile(
    {
      size: 256,
      cells,
      octaves: 4,
      seed,
      color: (v) => {
        const c = Math.round(contrast(v, strength) * 255);
        return [c, c, c, 255];
      },
    },
    'grain',
  );
}

/** Transparent where the noise is low, opaque above the threshold: cut it out to erode edges. */
export function erosionTile(seed: string, threshold: number, cells = 16, softness = 0.04): Canvas {
  return noiseTile(
    {
      size: 256,
      cells,
      octaves: 4,
      seed,
      color: (v) => [0, 0, 0, Math.round(clamp01((v - threshold) / softness) * 255)],
    },
    `erode${threshold}:${softness}`,
  );
}

/** Fine random speckles (spray paint, star dust, pores of stone). */
export function speckleTile(seed: string, density: number, color: readonly [number, number, number]): Canvas {
  const key = `speckle|${seed}|${density}|${color.join(',')}`;
  const cached = tileCache.get(key);
  if (cached) return cached;
  const size = 256;
  const data = new Uint8ClampedArray(size * size * 4);
  let state = hashString(seed) || 1;
  for (let i = 0; i < size * size; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const r = (state >>> 0) / 4294967296;
    if (r < density) {
      data[i * 4] = color[0];
      data[i * 4 + 1] = color[1];
      data[i * 4 + 2] = color[2];
      data[i * 4 + 3] = Math.round(120 + (r / density) * 135);
    }
  }
  const canvas = createCanvas(size, size);
  canvas.getContext('2d').putImageData(new ImageData(data, size, size), 0, 0);
  tileCache.set(key, canvas);
  return canvas;
}

export function lerpColor(a: readonly number[], b: readonly number[], t: number): [number, number, number] {
  return [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];
}

/** A colour ramp over 0..1 through evenly spaced colours. */
export function ramp(colors: ReadonlyArray<readonly [number, number, number]>, t: number): [number, number, number] {
  const x = clamp01(t) * (colors.length - 1);
  const i = Math.min(colors.length - 2, Math.floor(x));
  return lerpColor(colors[i], colors[i + 1], x - i);
}
