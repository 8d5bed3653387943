/**
 * The default banner-art provider: a landscape drawn on this server from the texts, not AI
 * (DESIGN.md section 7). Sky, a sun or moon with rays, clouds, layered ridges hazed by distance,
 * particles carried by a flow field, then shading that keeps the left and centre dark enough for
 * white text. Everything comes from a seed hashed from the texts, so equal texts paint equal
 * pictures (the queue answers identical requests with one result).
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { PeriodicNoise } from '../logo/noise';
import { Rng, hashString } from '../logo/prng';
import { GENERATIVE_PROVIDER_ID, GENERATIVE_PROVIDER_LABEL } from './config';
import { choosePalette, mix, rgba, type BannerPalette } from './palette';
import { BANNER_JPEG_QUALITY, type BannerArtProvider, type BannerArtRequest } from './types';
import { repeatingPattern } from '../repeatingPattern';

interface Scene {
  ctx: SKRSContext2D;
  width: number;
  height: number;
  /** Design pixels (of a 1080-high picture) to canvas pixels. */
  unit: number;
  rng: Rng;
  palette: BannerPalette;
  /** Where the ridges begin, as y. */
  horizon: number;
  sun: { x: number; y: number; radius: number };
}

/** Smooth 1D noise as a sum of octaves (ridge outlines). */
function ridgeNoise(seed: number, x: number, octaves: number, sharp: boolean): number {
  const noise = ridgeLattice(seed);
  let sum = 0;
  let weight = 1;
  let total = 0;
  for (let o = 0; o < octaves; o += 1) {
    const frequency = 2 ** o;
    let value = noise.at(x * frequency, o * 7.31);
    // Folded noise makes peaks and valleys like a mountain range; plain noise rolls like hills.
    if (sharp) value = 1 - Math.abs(value * 2 - 1);
    sum += value * weight;
    total += weight;
    weight *= 0.5;
  }
  return sum / total;
}

const lattices = new Map<number, PeriodicNoise>();
function ridgeLattice(seed: number): PeriodicNoise {
  let noise = lattices.get(seed);
  if (!noise) {
    noise = new PeriodicNoise(256, seed);
    // A few ridges per picture; the map must not grow with every request a thread serves.
    if (lattices.size > 64) lattices.clear();
    lattices.set(seed, noise);
  }
  return noise;
}

function paintSky(scene: Scene): void {
  const { ctx, width, height, palette, horizon } = scene;
  const sky = ctx.createLinearGradient(0, 0, 0, horizon + height * 0.1);
  sky.addColorStop(0, rgba(palette.skyTop));
  sky.addColorStop(0.55, rgba(palette.skyMid));
  sky.addColorStop(1, rgba(palette.horizon));
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
}

function paintStars(scene: Scene): void {
  const { ctx, width, horizon, unit, palette } = scene;
  const rng = scene.rng.fork('stars');
  const count = Math.round(420 * palette.stars);
  for (let i = 0; i < count; i += 1) {
    const x = rng.range(0, width);
    // Denser toward the top, where the sky is darkest.
    const y = horizon * 0.85 * rng.next() ** 1.6;
    const size = unit * (rng.chance(0.06) ? rng.range(1.6, 2.6) : rng.range(0.5, 1.3));
    ctx.fillStyle = rgba(mix(palette.glow, [255, 255, 255], 0.6), rng.range(0.25, 0.9) * Math.max(0, 1 - y / horizon) ** 0.5);
    ctx.beginPath();
    ctx.arc(x, y, size, 0, Math.PI * 2);
    ctx.fill();
  }
}

function paintSun(scene: Scene): void {
  const { ctx, palette, sun, width, height } = scene;
  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  // The wide halo first, then the disc: light that fills the sky around it.
  const halo = ctx.createRadialGradient(sun.x, sun.y, 0, sun.x, sun.y, sun.radius * 9);
  halo.addColorStop(0, rgba(palette.glow, 0.55));
  halo.addColorStop(0.25, rgba(palette.horizon, 0.22));
  halo.addColorStop(1, rgba(palette.horizon, 0));
  ctx.fillStyle = halo;
  ctx.fillRect(0, 0, width, height);
  const disc = ctx.createRadialGradient(sun.x, sun.y, 0, sun.x, sun.y, sun.radius);
  disc.addColorStop(0, rgba([255, 255, 255], 0.95));
  disc.addColorStop(0.7, rgba(palette.glow, 0.85));
  disc.addColorStop(1, rgba(palette.glow, 0));
  ctx.fillStyle = disc;
  ctx.beginPath();
  ctx.arc(sun.x, sun.y, sun.radius, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function paintRays(scene: Scene): void {
  const { ctx, palette, sun, width, height, rng: base } = scene;
  const rng = base.fork('rays');
  const reach = Math.hypot(width, height);
  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  const count = rng.int(18, 28);
  for (let i = 0; i < count; i += 1) {
    // Many faint wedges that overlap: soft shafts of light, not spokes.
    const angle = rng.range(-0.2, 1.2) * Math.PI;
    const spread = rng.range(0.008, 0.035);
    const light = ctx.createRadialGradient(sun.x, sun.y, sun.radius * 0.5, sun.x, sun.y, reach * rng.range(0.35, 0.7));
    light.addColorStop(0, rgba(palette.glow, rng.range(0.04, 0.1)));
    light.addColorStop(1, rgba(palette.glow, 0));
    ctx.fillStyle = light;
    ctx.beginPath();
    ctx.moveTo(sun.x, sun.y);
    ctx.lineTo(sun.x + Math.cos(angle - spread) * reach, sun.y + Math.sin(angle - spread) * reach);
    ctx.lineTo(sun.x + Math.cos(angle + spread) * reach, sun.y + Math.sin(angle + spread) * reach);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

function paintClouds(scene: Scene): void {
  const { ctx, palette, width, horizon, unit } = scene;
  const rng = scene.rng.fork('clouds');
  const bands = rng.int(3, 5);
  ctx.save();
  for (let band = 0; band < bands; band += 1) {
    const y = horizon * rng.range(0.15, 0.85);
    const lit = mix(palette.skyMid, palette.glow, rng.range(0.2, 0.55));
    const puffs = rng.int(14, 24);
    for (let i = 0; i < puffs; i += 1) {
      const x = rng.range(-0.1, 1.1) * width;
      const rx = unit * rng.range(120, 360);
      const ry = rx * rng.range(0.12, 0.22);
      const cy = y + rng.jitter(unit * 30);
      // Each puff is a soft disc squashed flat: long streaks of cloud, lit on the sun's side.
      ctx.save();
      ctx.translate(x, cy);
      ctx.scale(1, ry / rx);
      const puff = ctx.createRadialGradient(0, 0, 0, 0, 0, rx);
      puff.addColorStop(0, rgba(lit, rng.range(0.08, 0.18)));
      puff.addColorStop(1, rgba(lit, 0));
      ctx.fillStyle = puff;
      ctx.beginPath();
      ctx.arc(0, 0, rx, 0, Math.PI * 2);
      ctx.fill();
      ctx.restore();
    }
  }
  ctx.restore();
}

/** Where a ridge of `depth` (0 farthest, 1 nearest) stands: far ridges low and small, near ones tall. */
function ridgeBase(scene: Scene, depth: number): number {
  return scene.horizon + (scene.height - scene.horizon) * (0.03 + depth ** 1.25 * 0.72);
}

/** One ridge's outline as y for each x step, from its seed. */
function ridgeOutline(scene: Scene, depth: number, seed: number, sharp: boolean): number[] {
  const { width, unit } = scene;
  const base = ridgeBase(scene, depth);
  const amplitude = unit * (110 + 320 * depth ** 0.9);
  // Far ranges show many peaks; near ones fill the frame with a few broad shapes.
  const scale = 3.4 - depth * 2;
  const step = Math.max(2, Math.round(unit * 6));
  const points: number[] = [];
  for (let x = 0; x <= width + step; x += step) {
    const n = ridgeNoise(seed, (x / width) * scale + depth * 11.3, 5, sharp);
    points.push(base - n * amplitude);
  }
  return points;
}

function paintRidges(scene: Scene): void {
  const { ctx, width, height, palette, unit } = scene;
  const rng = scene.rng.fork('ridges');
  const layers = rng.int(5, 6);
  const sharp = rng.chance(0.7);
  const step = Math.max(2, Math.round(unit * 6));
  for (let layer = 0; layer < layers; layer += 1) {
    const depth = layer / (layers - 1);
    const outline = ridgeOutline(scene, depth, rng.int(1, 1 << 30), sharp || layer < 2);
    // Far ridges melt into the horizon's haze; near ones are almost black.
    const body = mix(mix(palette.ridgeFar, palette.ridgeNear, depth ** 0.9), palette.horizon, (1 - depth) ** 1.5 * 0.5);
    const top = Math.min(...outline);
    const fill = ctx.createLinearGradient(0, top, 0, height);
    fill.addColorStop(0, rgba(mix(body, palette.glow, 0.16 * (1 - depth))));
    fill.addColorStop(0.45, rgba(body));
    fill.addColorStop(1, rgba(mix(body, palette.ridgeNear, 0.4)));
    ctx.fillStyle = fill;
    ctx.beginPath();
    ctx.moveTo(0, height);
    outline.forEach((y, i) => ctx.lineTo(i * step, y));
    ctx.lineTo(width, height);
    ctx.closePath();
    ctx.fill();
    // A thin rim of light along the crest, brightest toward the sun.
    const rim = ctx.createLinearGradient(0, 0, width, 0);
    const sunAt = Math.min(Math.max(scene.sun.x / width, 0), 1);
    rim.addColorStop(0, rgba(palette.glow, 0.03));
    rim.addColorStop(sunAt, rgba(palette.glow, 0.5 * (1 - depth * 0.7)));
    rim.addColorStop(1, rgba(palette.glow, 0.03));
    ctx.strokeStyle = rim;
    ctx.lineWidth = unit * (1 + depth * 1.2);
    ctx.beginPath();
    outline.forEach((y, i) => (i ? ctx.lineTo(i * step, y) : ctx.moveTo(0, y)));
    ctx.stroke();
    // Mist at the ridge's foot, hiding where it meets the next: depth, not cardboard cut-outs.
    if (layer < layers - 1) {
      const foot = ridgeBase(scene, depth);
      const mistTop = foot - unit * (90 + 120 * depth);
      const mist = ctx.createLinearGradient(0, mistTop, 0, foot + unit * 30);
      mist.addColorStop(0, rgba(palette.horizon, 0));
      mist.addColorStop(1, rgba(palette.horizon, 0.38 * (1 - depth * 0.75)));
      ctx.fillStyle = mist;
      ctx.fillRect(0, mistTop, width, foot + unit * 30 - mistTop);
    }
  }
}

/**
 * Curtains of light across the upper sky (night, sea and snow skies): columns that fade upward
 * from a wavy lower edge, added onto the sky.
 */
function paintAurora(scene: Scene): void {
  const { ctx, width, horizon, unit, palette } = scene;
  const rng = scene.rng.fork('aurora');
  const wanted = { night: 0.9, sea: 0.6, snow: 0.8, forest: 0.3, fire: 0, gold: 0 }[palette.name];
  if (!rng.chance(wanted)) return;
  const field = new PeriodicNoise(32, rng.int(1, 1 << 30));
  const ribbons = rng.int(2, 3);
  const step = Math.max(1, Math.round(unit * 3));
  ctx.save();
  ctx.globalCompositeOperation = 'lighter';
  for (let r = 0; r < ribbons; r += 1) {
    const baseY = horizon * rng.range(0.35, 0.7);
    const colour = mix(palette.accent, r % 2 ? palette.glow : [90, 255, 200], r % 2 ? 0.4 : 0.25);
    const row = rng.range(0, 20);
    for (let x = -step; x <= width + step; x += step) {
      const u = (x / width) * 3;
      const y = baseY + (field.at(u, row) - 0.5) * unit * 260;
      const length = unit * (120 + 260 * field.at(u * 2.3, row + 5));
      // Slow changes from column to column: one sheet of light, not a row of bars.
      const strength = field.at(u * 1.7, row + 9) ** 2 * 0.16;
      const curtain = ctx.createLinearGradient(0, y, 0, y - length);
      curtain.addColorStop(0, rgba(colour, 0));
      curtain.addColorStop(0.08, rgba(colour, strength));
      curtain.addColorStop(1, rgba(colour, 0));
      ctx.fillStyle = curtain;
      ctx.fillRect(x, y - length, step, length + unit * 6);
    }
  }
  ctx.restore();
}

/** Fire and gold skies: a glow rising from below, as from lava or a city's lights beyond the hills. */
function paintUnderglow(scene: Scene): void {
  const { ctx, width, height, palette } = scene;
  if (palette.name !== 'fire' && palette.name !== 'gold') return;
  const rng = scene.rng.fork('underglow');
  const x = width * rng.range(0.45, 0.85);
  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  const glow = ctx.createRadialGradient(x, height * 1.05, 0, x, height * 1.05, height * 0.75);
  glow.addColorStop(0, rgba(palette.accent, 0.45));
  glow.addColorStop(0.5, rgba(palette.horizon, 0.15));
  glow.addColorStop(1, rgba(palette.horizon, 0));
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, height);
  ctx.restore();
}

/** Drifting light traced along a noise flow field: embers rise, snow falls, fireflies wander. */
function paintParticles(scene: Scene): void {
  const { ctx, width, height, palette, unit } = scene;
  const rng = scene.rng.fork('particles');
  const field = new PeriodicNoise(64, rng.int(1, 1 << 30));
  const drift: Record<BannerPalette['particles'], { dx: number; dy: number; count: number; streak: number }> = {
    embers: { dx: 0.3, dy: -1.6, count: 220, streak: 7 },
    bubbles: { dx: 0.1, dy: -0.8, count: 120, streak: 0 },
    fireflies: { dx: 0, dy: 0, count: 150, streak: 0 },
    stardust: { dx: 1.2, dy: -0.3, count: 240, streak: 10 },
    motes: { dx: 0.6, dy: -0.4, count: 200, streak: 5 },
    snow: { dx: 0.4, dy: 1.2, count: 360, streak: 0 },
  };
  const { dx, dy, count, streak } = drift[palette.particles];
  ctx.save();
  ctx.globalCompositeOperation = 'lighter';
  ctx.lineCap = 'round';
  for (let i = 0; i < count; i += 1) {
    let x = rng.range(0, width);
    let y = rng.range(0, height);
    const size = unit * rng.range(0.8, palette.particles === 'bubbles' || palette.particles === 'fireflies' ? 4 : 2.6);
    const alpha = rng.range(0.25, 0.85);
    if (streak > 0) {
      ctx.strokeStyle = rgba(palette.accent, alpha * 0.35);
      ctx.lineWidth = size * 0.6;
      ctx.beginPath();
      ctx.moveTo(x, y);
      for (let s = 0; s < streak; s += 1) {
        const angle = field.at((x / width) * 6, (y / height) * 4) * Math.PI * 4;
        x += (Math.cos(angle) + dx) * unit * 4;
        y += (Math.sin(angle) + dy) * unit * 4;
        ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
    // A glowing head: a soft disc twice the size behind a bright core.
    const glow = ctx.createRadialGradient(x, y, 0, x, y, size * 4);
    glow.addColorStop(0, rgba(palette.accent, alpha * 0.5));
    glow.addColorStop(1, rgba(palette.accent, 0));
    ctx.fillStyle = glow;
    ctx.beginPath();
    ctx.arc(x, y, size * 4, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = rgba(mix(palette.accent, [255, 255, 255], 0.5), alpha);
    ctx.beginPath();
    ctx.arc(x, y, size * 0.7, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** Darkens the left and centre (where the site's title sits), the bottom and the corners. */
function paintShade(scene: Scene): void {
  const { ctx, width, height } = scene;
  const left = ctx.createLinearGradient(0, 0, width * 0.75, 0);
  left.addColorStop(0, 'rgba(0,0,0,0.62)');
  left.addColorStop(0.5, 'rgba(0,0,0,0.32)');
  left.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = left;
  ctx.fillRect(0, 0, width, height);
  const bottom = ctx.createLinearGradient(0, height * 0.6, 0, height);
  bottom.addColorStop(0, 'rgba(0,0,0,0)');
  bottom.addColorStop(1, 'rgba(0,0,0,0.4)');
  ctx.fillStyle = bottom;
  ctx.fillRect(0, 0, width, height);
  const vignette = ctx.createRadialGradient(width / 2, height / 2, height * 0.45, width / 2, height / 2, Math.hypot(width, height) * 0.62);
  vignette.addColorStop(0, 'rgba(0,0,0,0)');
  vignette.addColorStop(1, 'rgba(0,0,0,0.5)');
  ctx.fillStyle = vignette;
  ctx.fillRect(0, 0, width, height);
}

/** Fine grain over everything: breaks the gradients' bands, which JPEG would otherwise show. */
function paintGrain(scene: Scene): void {
  const { ctx, width, height } = scene;
  const size = 128;
  const tile = createCanvas(size, size);
  const tctx = tile.getContext('2d');
  const image = tctx.createImageData(size, size);
  const rng = scene.rng.fork('grain');
  for (let i = 0; i < image.data.length; i += 4) {
    const v = rng.next() < 0.5 ? 0 : 255;
    image.data[i] = v;
    image.data[i + 1] = v;
    image.data[i + 2] = v;
    image.data[i + 3] = Math.floor(rng.next() * 14);
  }
  tctx.putImageData(image, 0, 0);
  const pattern = repeatingPattern(ctx, tile);
  ctx.fillStyle = pattern;
  ctx.fillRect(0, 0, width, height);
}

/** The seed of a picture: equal texts, equal picture. */
export function artSeed(prompt: string, title: string): number {
  return hashString(`${prompt}\u0000${title}`);
}

/** Paints the generative banner for the texts onto a new canvas of `width` x `height`. */
export function paintGenerativeArt(texts: { prompt: string; title: string }, size: { width: number; height: number }): Canvas {
  const { width, height } = size;
  const canvas = createCanvas(width, height);
  const seed = artSeed(texts.prompt, texts.title);
  const rng = new Rng(seed);
  const unit = height / 1080;
  const palette = choosePalette(texts.prompt, seed);
  const horizon = height * rng.range(0.42, 0.55);
  // The sun sits right of centre: the title's side stays the darkest.
  const sun = { x: width * rng.range(0.58, 0.82), y: horizon * rng.range(0.5, 0.85), radius: unit * rng.range(36, 64) };
  const scene: Scene = { ctx: canvas.getContext('2d'), width, height, unit, rng, palette, horizon, sun };
  paintSky(scene);
  paintStars(scene);
  paintAurora(scene);
  paintSun(scene);
  paintRays(scene);
  paintClouds(scene);
  paintUnderglow(scene);
  paintRidges(scene);
  paintParticles(scene);
  paintShade(scene);
  paintGrain(scene);
  return canvas;
}

function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('render aborted');
}

/** The default provider: generative art as the banner's JPEG (a PNG of the grain would take a second to encode). */
export function generativeProvider(): BannerArtProvider {
  return {
    id: GENERATIVE_PROVIDER_ID,
    label: GENERATIVE_PROVIDER_LABEL,
    async paint(request: BannerArtRequest): Promise<Buffer> {
      checkAborted(request.signal);
      const canvas = paintGenerativeArt(request, request);
      checkAborted(request.signal);
      return canvas.encode('jpeg', BANNER_JPEG_QUALITY);
    },
  };
}

