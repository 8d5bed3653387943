/** 仙境云海: a sea of clouds at sunrise, peaks breaking through, floating islands with a pavilion and waterfalls, light motes. */
import { createLayer, drawLayer, fillVertical, glowSprite, paintField, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx, type Layer } from '../core/canvas';
import { clamp, TAU } from '../core/math';
import { createNoise2D, ridgeNoise } from '../core/noise';
import { age, lifeFade, spawn } from '../core/particles';
import type { Rng } from '../core/prng';
import type { BannerStyleDef } from '../core/types';
import { drawHall } from './common';

const SUN_X = W / 2;
const SUN_Y = 610;

/**
 * A bank of clouds: billowing tops from noise, warm where the sun catches them, cool beneath.
 * The strip tiles horizontally (periodic noise), so it can sway far without an edge showing.
 */
function cloudBank(scale: number, seed: number, width: number, height: number, top: number, warm: [number, number, number], cool: [number, number, number]): Layer {
  const layer = createLayer(width, height, scale);
  const noise = createNoise2D(seed);
  const crest = ridgeNoise(seed + 1, 9, 4);
  paintField(layer, 5, (x, y) => {
    const surface = top + (1 - crest(x / width)) * height * 0.35;
    const inside = y - surface + (noise.fbm(x / 90, y / 60, 4) - 0.5) * 90;
    const a = clamp(inside / 40);
    const light = clamp(1 - inside / (height * 0.55));
    const toSun = clamp(1 - Math.abs(x - width / 2) / (width * 0.6));
    const mix = light * (0.55 + 0.45 * toSun);
    return [cool[0] + (warm[0] - cool[0]) * mix, cool[1] + (warm[1] - cool[1]) * mix, cool[2] + (warm[2] - cool[2]) * mix, a * 255];
  });
  return layer;
}

/** A floating island: a rocky underside tapering down, grass and trees on top, roots and a waterfall. */
function island(scale: number, rng: Rng, w: number, pavilion: boolean): Layer {
  const h = w * 1.1;
  const layer = createLayer(w, h, scale);
  const c = layer.ctx;
  const topY = h * 0.35;
  const rock = c.createLinearGradient(0, topY, 0, h);
  rock.addColorStop(0, '#6a5a6e');
  rock.addColorStop(1, '#2a2236');
  c.fillStyle = rock;
  c.beginPath();
  c.moveTo(0, topY);
  for (let i = 0; i <= 10; i++) {
    const u = i / 10;
    const depth = Math.sin(Math.PI * u) * (h - topY) * (0.75 + rng.range(-0.12, 0.12));
    c.lineTo(u * w, topY + depth);
  }
  c.closePath();
  c.fill();
  c.fillStyle = '#3f7a4a';
  c.beginPath();
  c.ellipse(w / 2, topY, w / 2, h * 0.05, 0, 0, TAU);
  c.fill();
  // Trees: soft green crowns lit from the sunrise side.
  for (let i = 0; i < 6; i++) {
    const x = rng.range(w * 0.1, w * 0.9);
    if (pavilion && Math.abs(x - w / 2) < w * 0.2) continue;
    const r = rng.range(w * 0.05, w * 0.09);
    c.fillStyle = '#2f5a3a';
    c.beginPath();
    c.arc(x, topY - r * 0.9, r, 0, TAU);
    c.fill();
    c.fillStyle = 'rgba(255,200,140,0.35)';
    c.beginPath();
    c.arc(x + r * 0.3, topY - r * 1.1, r * 0.55, 0, TAU);
    c.fill();
  }
  if (pavilion) {
    c.fillStyle = '#3a1f1a';
    drawHall(c, w / 2, topY - 2, w * 0.34, 2, w * 0.055);
  }
  // A waterfall spilling off the edge.
  const fall = c.createLinearGradient(0, topY, 0, h * 1.0);
  fall.addColorStop(0, 'rgba(230,245,255,0.9)');
  fall.addColorStop(1, 'rgba(230,245,255,0)');
  c.fillStyle = fall;
  c.fillRect(w * 0.7, topY, w * 0.05, h - topY);
  // Hanging roots.
  c.strokeStyle = 'rgba(40,34,50,0.8)';
  c.lineWidth = 2;
  for (let i = 0; i < 8; i++) {
    const x = rng.range(w * 0.25, w * 0.75);
    c.beginPath();
    c.moveTo(x, topY + 30);
    c.quadraticCurveTo(x + rng.range(-10, 10), h * 0.8, x + rng.range(-14, 14), h * rng.range(0.85, 1));
    c.stroke();
  }
  return layer;
}

const SWAY = 60;

export const cloudSea: BannerStyleDef = {
  key: 'cloud-sea',
  theme: {
    logo: { entrance: 'bloom', idle: 'float', glow: '#ffe2a8', glowAlpha: 0.7, sweep: '#fff8e6', flare: '#ffd89a' },
    headline: {
      face: 'serifBold',
      size: 62,
      fill: ['#ffffff', '#fff4da', '#ffd48a'],
      stroke: { color: '#6a3f18', width: 3 },
      glow: { color: 'rgba(255,200,120,0.85)', blur: 18 },
      spacing: 0.14,
      reveal: 'rise',
    },
    tags: { face: 'elegant', size: 32, kind: 'pill', color: '#7a4a1c', fill: 'rgba(255,250,240,0.82)', border: '#e6b866', accent: '#e6b866' },
    backdrop: { color: '#3a2450', alpha: 0.35 },
    vignette: { color: '#1a1030', strength: 0.55 },
  },
  build(env) {
    const { scale, rng } = env;
    const seed = Math.floor(rng.next() * 1e9);
    const base = createLayer(W, H, scale);
    const b = base.ctx;
    fillVertical(b, 0, 0, W, H, [
      [0, '#263f78'],
      [0.3, '#6c74b0'],
      [0.48, '#d99ab0'],
      [0.58, '#ffc891'],
      [0.66, '#ffe6b8'],
      [1, '#f5d2b0'],
    ]);
    drawLayer(b, radialSprite(700, scale, [
      [0, 'rgba(255,255,240,1)'],
      [0.06, 'rgba(255,245,210,0.95)'],
      [0.25, 'rgba(255,210,150,0.5)'],
      [1, 'rgba(255,180,120,0)'],
    ]), SUN_X - 700, SUN_Y - 700);
    // Distant peaks breaking through the clouds.
    const peaks = ridgeNoise(seed + 1, 5, 4);
    b.fillStyle = 'rgba(110,100,150,0.7)';
    b.beginPath();
    b.moveTo(0, H);
    for (let x = 0; x <= W; x += 6) {
      const u = x / W;
      const edge = Math.pow(Math.abs(u - 0.5) * 2, 1.5);
      b.lineTo(x, 660 - peaks(u) * 160 * (0.3 + edge) - edge * 180);
    }
    b.lineTo(W, H);
    b.fill();
    b.drawImage(cloudBank(scale, seed + 2, W, 480, 40, [255, 236, 210], [170, 150, 190]).canvas, 0, 600, W, 480);

    const mid = cloudBank(scale, seed + 3, W + SWAY * 2, 420, 60, [255, 240, 225], [160, 150, 200]);
    const near = cloudBank(scale, seed + 4, W + SWAY * 4, 320, 50, [255, 250, 240], [190, 180, 220]);
    const islands = [
      { layer: island(scale, rng.fork('i1'), 360, true), x: 210, y: 170, k: 0.1, depth: 1 },
      { layer: island(scale, rng.fork('i2'), 220, false), x: 1600, y: 120, k: 0.6, depth: 0.8 },
      { layer: island(scale, rng.fork('i3'), 150, false), x: 1460, y: 420, k: 0.35, depth: 0.6 },
    ];
    const mote = glowSprite('rgba(255,214,140,1)', 12, scale, 0.1);
    const motes = spawn(env, rng.fork('motes'), 45, [5, 9], [3, 6]);
    const birds = Array.from({ length: 5 }, (_, i) => ({ dx: i * 34 - (i % 2) * 16, dy: Math.abs(i - 2) * 14, k: rng.next() }));
    const swayCycles = env.cycles(12);
    const bobCycles = env.cycles(4);
    const flapCycles = env.cycles(0.7);

    const drawBirds = (ctx: Ctx, phase: number) => {
      // A skein of cranes crossing once per loop, off screen at the loop point.
      const x = -300 + phase * (W + 600);
      ctx.strokeStyle = 'rgba(60,40,70,0.75)';
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.beginPath();
      for (const bird of birds) {
        const bx = x - bird.dx;
        const by = 250 + bird.dy + Math.sin(TAU * phase) * 20;
        const wing = Math.sin(TAU * (phase * flapCycles + bird.k)) * 10;
        ctx.moveTo(bx - 16, by - wing);
        ctx.quadraticCurveTo(bx - 6, by - 4, bx, by);
        ctx.quadraticCurveTo(bx + 6, by - 4, bx + 16, by - wing);
      }
      ctx.stroke();
    };

    return {
      background(ctx, { phase }) {
        const sway = Math.sin(TAU * phase * swayCycles);
        drawLayer(ctx, base, 0, 0);
        drawBirds(ctx, phase);
        for (const isl of islands) {
          const bob = Math.sin(TAU * (phase * bobCycles + isl.k)) * 16 * isl.depth;
          drawLayer(ctx, isl.layer, isl.x - isl.layer.width / 2 - sway * SWAY * 0.5 * isl.depth, isl.y + bob);
        }
        drawLayer(ctx, mid, -SWAY - sway * SWAY, H - 420 + 20);
        drawLayer(ctx, near, -SWAY * 2 - sway * SWAY * 2, H - 320 + 60);
        ctx.globalCompositeOperation = 'lighter';
        for (const p of motes) {
          const u = age(p, phase);
          const x = p.x + Math.sin(TAU * (u + p.a)) * 40;
          const y = p.y - u * 160;
          ctx.globalAlpha = lifeFade(u, 0.3) * 0.6;
          ctx.drawImage(mote.canvas, x - p.size * 2, y - p.size * 2, p.size * 4, p.size * 4);
        }
        ctx.globalAlpha = 1;
        ctx.globalCompositeOperation = 'source-over';
      },
    };
  },
};
