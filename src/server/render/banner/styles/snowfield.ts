/** 冰封雪原: icy peaks under a pale sky, wind-blown snow at three depths, drifting ground mist, frost creeping in at the corners. */
import { createLayer, drawLayer, fillVertical, glowSprite, paintField, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx, type Layer } from '../core/canvas';
import { clamp, TAU } from '../core/math';
import { createNoise2D, ridgeNoise } from '../core/noise';
import { age, drawDrift, lifeFade, spawn } from '../core/particles';
import type { Rng } from '../core/prng';
import type { BannerStyleDef } from '../core/types';

const PAN = 40;

interface Palette {
  snowLit: string;
  snowShade: string;
  rockLit: string;
  rockShade: string;
}

type Point = [number, number];

/** A zig-zag line from a to b: the broken edge of rock and ice. */
function jagged(rng: Rng, a: Point, b: Point, steps: number, amount: number): Point[] {
  const points: Point[] = [a];
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    points.push([a[0] + (b[0] - a[0]) * t + rng.range(-amount, amount), a[1] + (b[1] - a[1]) * t + rng.range(-amount, amount) * 0.6]);
  }
  points.push(b);
  return points;
}

function polygon(ctx: Ctx, points: Point[], color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  ctx.closePath();
  ctx.fill();
}

/** One faceted peak: a lit west face, a shadowed east face split by a wandering ridge, snow on top. */
function peak(ctx: Ctx, rng: Rng, px: number, top: number, halfWidth: number, base: number, colors: Palette): void {
  const apex: Point = [px, top];
  const height = base - top;
  const left = jagged(rng, [px - halfWidth, base], apex, 9, height * 0.035);
  const right = jagged(rng, apex, [px + halfWidth * rng.range(0.8, 1.2), base], 9, height * 0.035);
  const spine = jagged(rng, apex, [px + halfWidth * rng.range(-0.1, 0.3), base], 8, height * 0.05);
  polygon(ctx, [...left, ...spine.slice(1).reverse()], colors.rockLit);
  polygon(ctx, [...spine, ...right.slice(1).reverse()], colors.rockShade);
  // The snow line: deeper on the lit side, ragged where it meets the rock.
  const capDepth = rng.range(0.35, 0.6);
  const at = (line: Point[], t: number): Point => line[Math.min(line.length - 1, Math.round(t * (line.length - 1)))];
  const leftEnd = at(left.slice().reverse(), capDepth);
  const spineEnd = at(spine, capDepth * 0.8);
  const rightEnd = at(right, capDepth * 0.7);
  const snowLeft = jagged(rng, leftEnd, spineEnd, 7, height * 0.05);
  const snowRight = jagged(rng, spineEnd, rightEnd, 6, height * 0.05);
  const leftTop = left.slice(left.indexOf(leftEnd));
  polygon(ctx, [...leftTop, ...spine.slice(1, spine.indexOf(spineEnd) + 1), ...snowLeft.slice(1, -1).reverse()], colors.snowLit);
  polygon(ctx, [...spine.slice(0, spine.indexOf(spineEnd) + 1), ...snowRight.slice(1), ...right.slice(1, right.indexOf(rightEnd)).reverse()], colors.snowShade);
}

/** A range of faceted peaks on a transparent layer. */
function icyRange(rng: Rng, scale: number, width: number, height: number, peaks: Array<[number, number, number]>, colors: Palette, haze: string): Layer {
  const layer = createLayer(width, height, scale);
  const ctx = layer.ctx;
  // Tallest first, so lower peaks stand in front of them.
  for (const [u, h, w] of [...peaks].sort((a, b) => b[1] - a[1])) peak(ctx, rng, u * width, height * (1 - h), w, height + 20, colors);
  // Valleys fill with haze.
  ctx.globalCompositeOperation = 'source-atop';
  fillVertical(ctx, 0, height * 0.45, width, height * 0.55, [
    [0, 'rgba(0,0,0,0)'],
    [1, haze],
  ]);
  ctx.globalCompositeOperation = 'source-over';
  return layer;
}

/** Frost crystals growing from a corner. */
function frost(ctx: Ctx, rng: Rng, x: number, y: number, angle: number, length: number, depth: number): void {
  const x2 = x + Math.cos(angle) * length;
  const y2 = y + Math.sin(angle) * length;
  ctx.lineWidth = Math.max(0.8, depth * 0.9);
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x2, y2);
  ctx.stroke();
  if (depth <= 0) return;
  for (let i = 1; i <= 3; i++) {
    const t = i / 4;
    const bx = x + (x2 - x) * t;
    const by = y + (y2 - y) * t;
    for (const side of [-1, 1]) if (rng.chance(0.8)) frost(ctx, rng, bx, by, angle + side * (Math.PI / 3), length * 0.42 * (1 - t * 0.5), depth - 1);
  }
}

export const snowfield: BannerStyleDef = {
  key: 'snowfield',
  theme: {
    logo: { entrance: 'frost', idle: 'breathe', glow: '#bfe6ff', glowAlpha: 0.75, sweep: '#ffffff', flare: '#dff3ff' },
    headline: {
      face: 'sansBlack',
      size: 62,
      fill: ['#ffffff', '#eaf7ff', '#a8dcff'],
      stroke: { color: '#0d3357', width: 4 },
      glow: { color: 'rgba(170,225,255,0.95)', blur: 16 },
      spacing: 0.1,
      reveal: 'frost',
    },
    tags: { face: 'sansBold', size: 32, kind: 'bracket', color: '#ffffff', fill: 'rgba(20,70,120,0.45)', border: '#e4f5ff', accent: '#e4f5ff' },
    backdrop: { color: '#0b2a4a', alpha: 0.4 },
    vignette: { color: '#0a2642', strength: 0.55 },
  },
  build(env) {
    const { scale, rng } = env;
    const seed = Math.floor(rng.next() * 1e9);
    const base = createLayer(W + PAN, H, scale);
    fillVertical(base.ctx, 0, 0, base.width, H, [
      [0, '#4f7196'],
      [0.35, '#8fb0cc'],
      [0.6, '#d6e6f2'],
      [1, '#eef5fa'],
    ]);
    drawLayer(base.ctx, radialSprite(500, scale, [
      [0, 'rgba(255,255,255,0.9)'],
      [0.25, 'rgba(240,248,255,0.45)'],
      [1, 'rgba(230,240,255,0)'],
    ]), 1400 - 500, 240 - 500);
    const far = icyRange(
      rng.fork('far-peaks'),
      scale,
      base.width,
      560,
      [
        [0.05, 0.75, 260],
        [0.2, 0.95, 300],
        [0.36, 0.6, 240],
        [0.52, 0.72, 280],
        [0.68, 0.58, 220],
        [0.8, 1, 320],
        [0.95, 0.7, 240],
      ],
      { snowLit: '#f6fafd', snowShade: '#c3d5e6', rockLit: '#9fb6cc', rockShade: '#7d97b3' },
      'rgba(214,230,242,0.95)',
    );
    base.ctx.globalAlpha = 0.85;
    base.ctx.drawImage(far.canvas, 0, 200, far.width, far.height);
    base.ctx.globalAlpha = 1;

    const mid = icyRange(
      rng.fork('mid-peaks'),
      scale,
      W + PAN * 2,
      560,
      [
        [0.02, 0.9, 300],
        [0.16, 0.7, 260],
        [0.3, 0.45, 240],
        [0.7, 0.5, 240],
        [0.84, 0.8, 280],
        [0.98, 0.95, 300],
      ],
      { snowLit: '#ffffff', snowShade: '#a9c6e0', rockLit: '#5f84a8', rockShade: '#2f4f72' },
      'rgba(226,238,247,0.95)',
    );
    const near = createLayer(W + PAN * 3, 300, scale);
    const drifts = ridgeNoise(seed + 30, 4, 3);
    const n = near.ctx;
    const g = n.createLinearGradient(0, 0, 0, 300);
    g.addColorStop(0, '#ffffff');
    g.addColorStop(1, '#cfe1ef');
    n.fillStyle = g;
    n.beginPath();
    n.moveTo(0, 300);
    for (let x = 0; x <= near.width; x += 6) n.lineTo(x, 90 + drifts(x / near.width) * 120);
    n.lineTo(near.width, 300);
    n.fill();
    // Dark pines poking through the snow at the sides.
    const pines = rng.fork('pines');
    for (let i = 0; i < 22; i++) {
      const x = i < 11 ? pines.range(0, 480) : pines.range(near.width - 480, near.width);
      const h = pines.range(90, 200);
      const y = 110 + drifts(x / near.width) * 120;
      n.fillStyle = '#1d3a52';
      n.beginPath();
      n.moveTo(x, y - h);
      n.lineTo(x - h * 0.28, y);
      n.lineTo(x + h * 0.28, y);
      n.fill();
      n.fillStyle = 'rgba(255,255,255,0.85)';
      for (let k = 1; k < 4; k++) {
        const yy = y - h + (h * k) / 4;
        n.beginPath();
        n.moveTo(x, yy - h * 0.12);
        n.lineTo(x - h * 0.08 * k, yy + 2);
        n.lineTo(x + h * 0.08 * k, yy + 2);
        n.fill();
      }
    }

    const mistDrift = 300;
    const mist = createLayer(W + mistDrift * 2, 240, scale);
    const mn = createNoise2D(seed + 4);
    paintField(mist, 10, (x, y) => [255, 255, 255, clamp((mn.fbm(x / 260, y / 70, 4) - 0.35) * 2) * Math.sin((y / 240) * Math.PI) * 210]);

    const frostLayer = createLayer(W, H, scale);
    const fc = frostLayer.ctx;
    fc.strokeStyle = 'rgba(235,248,255,0.75)';
    fc.lineCap = 'round';
    const frostRng = rng.fork('frost');
    for (const [cx, cy, a0] of [
      [0, 0, 0],
      [W, 0, Math.PI / 2],
      [0, H, -Math.PI / 2],
      [W, H, Math.PI],
    ]) {
      for (let i = 0; i < 7; i++) frost(fc, frostRng, cx, cy, a0 + (i / 6) * (Math.PI / 2), frostRng.range(90, 220), 3);
    }
    fc.globalCompositeOperation = 'destination-in';
    const fade = fc.createRadialGradient(W / 2, H / 2, 600, W / 2, H / 2, 1100);
    fade.addColorStop(0, 'rgba(0,0,0,0)');
    fade.addColorStop(1, 'rgba(0,0,0,1)');
    fc.fillStyle = fade;
    fc.fillRect(0, 0, W, H);

    const flake = glowSprite('rgba(255,255,255,1)', 10, scale, 0.45);
    const snowFar = spawn(env, rng.fork('far'), 260, [5, 9], [2, 4]);
    const snowMid = spawn(env, rng.fork('mid'), 110, [3, 5], [5, 9]);
    const snowNear = spawn(env, rng.fork('near'), 18, [1.5, 2.5], [24, 44]);
    const panCycles = env.cycles(12);
    const snowAt = (ctx: Ctx, list: typeof snowFar, phase: number, wind: number, wobble: number, alpha: number) => {
      for (const p of list) {
        const u = age(p, phase);
        const y = -40 + u * (H + 80);
        const x = p.x - wind * 0.5 + u * wind + Math.sin(TAU * (u * 2 + p.a)) * wobble;
        ctx.globalAlpha = lifeFade(u, 0.05) * alpha;
        ctx.drawImage(flake.canvas, x - p.size, y - p.size, p.size * 2, p.size * 2);
      }
      ctx.globalAlpha = 1;
    };

    return {
      background(ctx, { phase }) {
        const pan = Math.sin(TAU * phase * panCycles);
        drawLayer(ctx, base, -PAN / 2 - pan * PAN * 0.5, 0);
        snowAt(ctx, snowFar, phase, 300, 20, 0.8);
        drawLayer(ctx, mid, -PAN - pan * PAN, 400);
        drawDrift(ctx, mist, phase, mistDrift, -mistDrift, 760, 0.8);
        drawLayer(ctx, near, -PAN * 1.5 - pan * PAN * 1.5, H - 300);
        snowAt(ctx, snowMid, phase, 500, 30, 0.95);
      },
      foreground(ctx, { phase }) {
        snowAt(ctx, snowNear, phase, 800, 40, 0.55);
        drawLayer(ctx, frostLayer, 0, 0, 0.9);
      },
    };
  },
};
