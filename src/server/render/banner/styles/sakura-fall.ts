/** 樱花飞舞: a soft pink spring sky, a distant pagoda, a blossoming branch swaying, petals tumbling down. */
import { createLayer, drawLayer, fillVertical, glowSprite, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx, type Layer } from '../core/canvas';
import { TAU } from '../core/math';
import { ridgeNoise } from '../core/noise';
import { age, lifeFade, spawn } from '../core/particles';
import type { Rng } from '../core/prng';
import type { BannerStyleDef } from '../core/types';
import { drawHall, fillRidge } from './common';

const PETAL_COLORS = ['#ffc4d6', '#ffb0c8', '#ffd9e4', '#ff9dbb', '#fff0f4'];

function petalSprite(scale: number, color: string): Layer {
  const layer = createLayer(40, 40, scale);
  const c = layer.ctx;
  c.translate(20, 20);
  const g = c.createLinearGradient(0, -16, 0, 16);
  g.addColorStop(0, '#ffffff');
  g.addColorStop(1, color);
  c.fillStyle = g;
  c.beginPath();
  // A sakura petal: rounded with a notch at the tip.
  c.moveTo(0, 16);
  c.bezierCurveTo(-16, 6, -14, -12, -4, -15);
  c.lineTo(0, -10);
  c.lineTo(4, -15);
  c.bezierCurveTo(14, -12, 16, 6, 0, 16);
  c.fill();
  return layer;
}

function blossom(ctx: Ctx, x: number, y: number, r: number, rng: Rng): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(rng.range(0, TAU));
  const color = rng.pick(PETAL_COLORS);
  for (let i = 0; i < 5; i++) {
    ctx.rotate(TAU / 5);
    const g = ctx.createRadialGradient(0, -r * 0.6, 0, 0, -r * 0.6, r * 0.7);
    g.addColorStop(0, '#ffffff');
    g.addColorStop(1, color);
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.ellipse(0, -r * 0.55, r * 0.42, r * 0.55, 0, 0, TAU);
    ctx.fill();
  }
  ctx.fillStyle = '#e0557f';
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.18, 0, TAU);
  ctx.fill();
  ctx.restore();
}

/** A cherry tree's crown: a mass of blossom puffs, darker underneath, over a dark trunk. */
function canopy(ctx: Ctx, rng: Rng, x: number, y: number, r: number): void {
  ctx.strokeStyle = '#5a3440';
  ctx.lineWidth = r * 0.12;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x, y + r * 1.4);
  ctx.quadraticCurveTo(x - r * 0.1, y + r * 0.5, x + r * 0.05, y);
  ctx.stroke();
  const tones = ['#f49ab8', '#f7aec6', '#fbc3d5', '#ffd6e2', '#ffe6ee'];
  for (let layer = 0; layer < tones.length; layer++) {
    ctx.fillStyle = tones[layer];
    for (let i = 0; i < 14; i++) {
      const a = rng.range(0, TAU);
      const d = rng.range(0, r * 0.85);
      const px = x + Math.cos(a) * d * 1.3;
      const py = y + Math.sin(a) * d * 0.7 - layer * r * 0.06;
      ctx.beginPath();
      ctx.arc(px, py, r * rng.range(0.18, 0.32) * (1 - layer * 0.1), 0, TAU);
      ctx.fill();
    }
  }
}

/** A gnarled branch growing from (x, y), forking, with clusters of blossoms. */
function branch(ctx: Ctx, rng: Rng, x: number, y: number, angle: number, length: number, width: number, depth: number, flowers: Array<[number, number]>): void {
  const steps = 6;
  let px = x;
  let py = y;
  let a = angle;
  ctx.strokeStyle = '#3d2128';
  ctx.lineCap = 'round';
  for (let i = 0; i < steps; i++) {
    a += rng.range(-0.22, 0.22) + (Math.sin(a) < 0.05 ? 0.08 : 0);
    const nx = px + Math.cos(a) * (length / steps);
    const ny = py + Math.sin(a) * (length / steps);
    ctx.lineWidth = width * (1 - (i / steps) * 0.6);
    ctx.beginPath();
    ctx.moveTo(px, py);
    ctx.lineTo(nx, ny);
    ctx.stroke();
    px = nx;
    py = ny;
    if (depth > 0 && i >= 2 && rng.chance(0.45)) branch(ctx, rng, px, py, a + rng.pick([-1, 1]) * rng.range(0.4, 0.9), length * 0.55, width * 0.55, depth - 1, flowers);
    if (i >= 1) for (let k = 0; k < (depth <= 1 ? 3 : 2); k++) flowers.push([px + rng.range(-26, 26), py + rng.range(-22, 22)]);
  }
}

export const sakuraFall: BannerStyleDef = {
  key: 'sakura-fall',
  theme: {
    logo: { entrance: 'bloom', idle: 'float', glow: '#ffffff', glowAlpha: 0.8, sweep: '#ffffff', flare: '#ffc0d8' },
    headline: {
      face: 'cartoon',
      size: 64,
      fill: ['#ffffff', '#fff0f5'],
      stroke: { color: '#c8336a', width: 6 },
      shadow: { color: 'rgba(140,20,70,0.45)', dx: 0, dy: 6, blur: 6 },
      spacing: 0.08,
      reveal: 'drop',
    },
    tags: { face: 'cartoon', size: 32, kind: 'pill', color: '#d2456f', fill: 'rgba(255,255,255,0.85)', border: '#ff9fbc', accent: '#ff9fbc' },
    backdrop: { color: '#ffe3ee', alpha: 0.45 },
    vignette: { color: '#b8607f', strength: 0.35 },
  },
  build(env) {
    const { scale, rng } = env;
    const seed = Math.floor(rng.next() * 1e9);
    const base = createLayer(W, H, scale);
    const b = base.ctx;
    fillVertical(b, 0, 0, W, H, [
      [0, '#f6b8cf'],
      [0.35, '#fbd3e1'],
      [0.62, '#fff0f2'],
      [1, '#ffe6ec'],
    ]);
    drawLayer(b, radialSprite(520, scale, [
      [0, 'rgba(255,255,240,0.95)'],
      [0.3, 'rgba(255,245,230,0.5)'],
      [1, 'rgba(255,240,240,0)'],
    ]), 380 - 520, 240 - 520);
    const hills = [ridgeNoise(seed + 1, 4, 4), ridgeNoise(seed + 2, 5, 4)];
    b.fillStyle = 'rgba(214,176,210,0.7)';
    fillRidge(b, (x) => 700 - hills[0](x / W) * 160, 0, W, H);
    // A pagoda on the far hill.
    b.fillStyle = 'rgba(170,120,160,0.75)';
    drawHall(b, 1480, 640, 120, 4, 22);
    b.fillStyle = 'rgba(196,150,190,0.85)';
    fillRidge(b, (x) => 820 - hills[1](x / W) * 120, 0, W, H);
    fillVertical(b, 0, 760, W, 320, [
      [0, 'rgba(255,230,238,0)'],
      [0.5, 'rgba(255,230,238,0.7)'],
      [1, 'rgba(250,200,215,0.9)'],
    ]);
    // Cherry trees in full bloom along the bottom, leaving the middle open.
    const trees = rng.fork('trees');
    for (const tx of [60, 260, 430, 1500, 1680, 1880]) canopy(b, trees, tx + trees.range(-40, 40), trees.range(900, 960), trees.range(150, 220));

    // The branch: drawn once, swayed from its anchor every frame.
    const bough = createLayer(980, 640, scale);
    const flowers: Array<[number, number]> = [];
    const branchRng = rng.fork('branch');
    branch(bough.ctx, branchRng, 980, 60, Math.PI * 0.9, 760, 34, 3, flowers);
    branch(bough.ctx, branchRng, 980, 190, Math.PI * 0.8, 440, 22, 2, flowers);
    for (const [fx, fy] of flowers) {
      blossom(bough.ctx, fx, fy, branchRng.range(14, 24), branchRng);
      if (branchRng.chance(0.6)) blossom(bough.ctx, fx + branchRng.range(-30, 30), fy + branchRng.range(-24, 24), branchRng.range(10, 18), branchRng);
    }

    const petalSprites = PETAL_COLORS.map((c) => petalSprite(scale, c));
    const petals = spawn(env, rng.fork('petals'), 150, [4, 8], [18, 38]);
    const bokehSprite = glowSprite('rgba(255,190,210,0.5)', 40, scale, 0.55);
    const bokeh = spawn(env, rng.fork('bokeh'), 10, [5, 9], [50, 110]);
    const swayCycles = env.cycles(3);

    const drawPetals = (ctx: Ctx, phase: number, from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const p = petals[i];
        const u = age(p, phase);
        const y = -40 + u * (H + 80);
        const x = p.x - 200 + u * 420 * (0.6 + p.a) + Math.sin(TAU * (u * 2 + p.b)) * 50;
        const spin = TAU * (u * (1 + p.c * 3) + p.a);
        ctx.globalAlpha = lifeFade(u, 0.05);
        ctx.save();
        ctx.translate(x, y);
        ctx.rotate(spin);
        // Tumbling: the petal turns edge-on and back.
        ctx.scale(1, 0.25 + 0.75 * Math.abs(Math.cos(spin * 1.3 + p.b * 5)));
        const sprite = petalSprites[i % petalSprites.length];
        ctx.drawImage(sprite.canvas, -p.size / 2, -p.size / 2, p.size, p.size);
        ctx.restore();
      }
      ctx.globalAlpha = 1;
    };

    return {
      background(ctx, { phase }) {
        drawLayer(ctx, base, 0, 0);
        const sway = Math.sin(TAU * phase * swayCycles);
        ctx.save();
        ctx.translate(W + 20, -20);
        ctx.rotate(sway * 0.012);
        ctx.drawImage(bough.canvas, -bough.width, 0, bough.width, bough.height);
        ctx.restore();
        drawPetals(ctx, phase, 0, 110);
      },
      foreground(ctx, { phase }) {
        drawPetals(ctx, phase, 110, petals.length);
        ctx.globalCompositeOperation = 'lighter';
        for (const p of bokeh) {
          const u = age(p, phase);
          ctx.globalAlpha = lifeFade(u, 0.3) * 0.35;
          const x = p.x + u * 200;
          const y = p.y - u * 120;
          ctx.drawImage(bokehSprite.canvas, x - p.size, y - p.size, p.size * 2, p.size * 2);
        }
      },
    };
  },
};
