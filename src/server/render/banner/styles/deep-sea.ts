/** 深海幽光: light shafts from a far surface, caustics over sunken ruins, kelp, bubbles and glowing plankton. */
import { createLayer, drawLayer, fillVertical, glowSprite, paintField, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx, type Layer } from '../core/canvas';
import { clamp, TAU } from '../core/math';
import { createNoise2D, ridgeNoise } from '../core/noise';
import { age, drawDrift, lifeFade, spawn } from '../core/particles';
import type { BannerStyleDef } from '../core/types';
import { fillRidge } from './common';

function bubbleSprite(scale: number): Layer {
  const layer = createLayer(40, 40, scale);
  const c = layer.ctx;
  const g = c.createRadialGradient(20, 20, 8, 20, 20, 19);
  g.addColorStop(0, 'rgba(160,240,255,0.05)');
  g.addColorStop(0.8, 'rgba(170,240,255,0.25)');
  g.addColorStop(1, 'rgba(220,250,255,0.8)');
  c.fillStyle = g;
  c.beginPath();
  c.arc(20, 20, 19, 0, TAU);
  c.fill();
  c.fillStyle = 'rgba(255,255,255,0.9)';
  c.beginPath();
  c.ellipse(13, 12, 5, 3, -0.6, 0, TAU);
  c.fill();
  return layer;
}

/** Light shaft: a tall wedge fading downwards. */
function raySprite(scale: number, width: number): Layer {
  const layer = createLayer(width * 2, 1000, scale);
  const c = layer.ctx;
  const g = c.createLinearGradient(0, 0, 0, 1000);
  g.addColorStop(0, 'rgba(170,240,255,0.55)');
  g.addColorStop(0.6, 'rgba(120,220,255,0.12)');
  g.addColorStop(1, 'rgba(120,220,255,0)');
  c.fillStyle = g;
  c.filter = `blur(${12 * scale}px)`;
  c.beginPath();
  c.moveTo(width * 0.7, 0);
  c.lineTo(width * 1.3, 0);
  c.lineTo(width * 2, 1000);
  c.lineTo(0, 1000);
  c.closePath();
  c.fill();
  c.filter = 'none';
  return layer;
}

/** A small fish silhouette pointing along +x. */
function fishSprite(scale: number): Layer {
  const layer = createLayer(40, 20, scale);
  const c = layer.ctx;
  c.fillStyle = 'rgba(10,40,60,0.9)';
  c.beginPath();
  c.moveTo(38, 10);
  c.quadraticCurveTo(26, 1, 12, 8);
  c.lineTo(2, 2);
  c.lineTo(6, 10);
  c.lineTo(2, 18);
  c.lineTo(12, 12);
  c.quadraticCurveTo(26, 19, 38, 10);
  c.fill();
  c.fillStyle = 'rgba(150,230,255,0.35)';
  c.fillRect(16, 9, 16, 1.5);
  return layer;
}

function ruins(ctx: Ctx, x: number, base: number, s: number): void {
  // Broken columns and an arch: a sunken temple.
  const col = (cx: number, h: number, broken: boolean) => {
    ctx.fillRect(cx - 14 * s, base - h, 28 * s, h);
    ctx.fillRect(cx - 20 * s, base - 10 * s, 40 * s, 10 * s);
    if (!broken) ctx.fillRect(cx - 20 * s, base - h - 10 * s, 40 * s, 10 * s);
    else {
      ctx.beginPath();
      ctx.moveTo(cx - 14 * s, base - h);
      ctx.lineTo(cx - 4 * s, base - h - 18 * s);
      ctx.lineTo(cx + 6 * s, base - h - 6 * s);
      ctx.lineTo(cx + 14 * s, base - h - 14 * s);
      ctx.lineTo(cx + 14 * s, base - h);
      ctx.fill();
    }
  };
  col(x, 220 * s, false);
  col(x + 120 * s, 220 * s, false);
  ctx.fillRect(x - 24 * s, base - 250 * s, 170 * s, 24 * s);
  ctx.beginPath();
  ctx.moveTo(x - 30 * s, base - 250 * s);
  ctx.lineTo(x + 60 * s, base - 300 * s);
  ctx.lineTo(x + 150 * s, base - 250 * s);
  ctx.fill();
  col(x + 240 * s, 150 * s, true);
  col(x + 330 * s, 90 * s, true);
}

export const deepSea: BannerStyleDef = {
  key: 'deep-sea',
  theme: {
    logo: { entrance: 'rise', idle: 'float', glow: '#3fd8ff', glowAlpha: 0.55, sweep: '#c9fbff', flare: null },
    headline: {
      face: 'sansBold',
      size: 60,
      fill: ['#ffffff', '#d4fcff', '#7fe6ff'],
      stroke: { color: '#032235', width: 3 },
      glow: { color: 'rgba(60,220,255,0.8)', blur: 18 },
      spacing: 0.12,
      reveal: 'wave',
    },
    tags: { face: 'sansBold', size: 32, kind: 'pill', color: '#e2fcff', fill: 'rgba(0,60,90,0.55)', border: '#5fe0ff', accent: '#5fe0ff' },
    backdrop: { color: '#001522', alpha: 0.5 },
    vignette: { color: '#00060c', strength: 0.85 },
  },
  build(env) {
    const { scale, rng } = env;
    const seed = Math.floor(rng.next() * 1e9);
    const base = createLayer(W, H, scale);
    const b = base.ctx;
    fillVertical(b, 0, 0, W, H, [
      [0, '#0b6a8a'],
      [0.25, '#07445f'],
      [0.55, '#042539'],
      [1, '#010a12'],
    ]);
    drawLayer(b, radialSprite(700, scale, [
      [0, 'rgba(120,230,255,0.45)'],
      [1, 'rgba(60,180,230,0)'],
    ]), W / 2 - 700, -500);
    const surface = createNoise2D(seed + 1);
    paintField(base, 6, (x, y) => {
      // A rippled surface far above, bright at the top.
      const n = surface.fbm(x / 90, y / 30, 3);
      return [200, 250, 255, clamp(1 - y / 120) * clamp((n - 0.45) * 3) * 120];
    });
    // Far rocks, then the ruins and the seabed.
    const far = ridgeNoise(seed + 2, 5, 4);
    b.fillStyle = 'rgba(4,40,58,0.9)';
    fillRidge(b, (x) => 760 - far(x / W) * 200, 0, W, H);
    b.fillStyle = '#031a27';
    ruins(b, 1380, 930, 1.1);
    ruins(b, 180, 960, 0.75);
    const bed = ridgeNoise(seed + 3, 6, 4);
    // Pale sand, so the caustics read as light playing on the sea floor.
    const sand = b.createLinearGradient(0, 860, 0, H);
    sand.addColorStop(0, '#0d3a4a');
    sand.addColorStop(1, '#041820');
    b.fillStyle = sand;
    fillRidge(b, (x) => 950 - bed(x / W) * 80, 0, W, H);

    const caustic = createLayer(W + 600, 360, scale);
    const cn = createNoise2D(seed + 4);
    paintField(caustic, 4, (x, y) => {
      // Thin bright lines where the noise crosses its middle: caustic ribbons.
      const n = cn.fbm(x / 70, y / 40, 3);
      const line = clamp(1 - Math.abs(n - 0.5) * 20);
      return [150, 240, 255, line * 80 * clamp(y / 160) * clamp((360 - y) / 100)];
    });

    const rays = [110, 150, 90, 130, 170].map((w) => raySprite(scale, w));
    const rayPos = rays.map((_, i) => ({ x: 260 + i * 350 + rng.range(-60, 60), k: rng.next() }));
    const kelp = Array.from({ length: 16 }, (_, i) => ({
      x: i < 8 ? rng.range(0, 520) : rng.range(1420, W),
      h: rng.range(220, 480),
      k: rng.next(),
    }));
    const bubble = bubbleSprite(scale);
    const bubbles = spawn(env, rng.fork('bubbles'), 70, [4, 8], [8, 26]);
    const plankton = spawn(env, rng.fork('plankton'), 160, [5, 10], [3, 7]);
    const glow = glowSprite('rgba(120,255,230,1)', 12, scale, 0.15);
    const fish = fishSprite(scale);
    // A school circling like a bait ball: each fish on a tilted ring, facing the way it swims.
    const school = Array.from({ length: 70 }, () => ({ r: rng.range(0.55, 1.1), k: rng.next(), y: rng.range(-30, 30), size: rng.range(22, 38) }));
    const schoolCycles = env.cycles(7);
    const swayCycles = env.cycles(4);
    const rayCycles = env.cycles(6);

    return {
      background(ctx, { phase }) {
        drawLayer(ctx, base, 0, 0);
        ctx.globalCompositeOperation = 'lighter';
        rays.forEach((ray, i) => {
          const p = rayPos[i];
          const a = 0.5 + 0.5 * Math.sin(TAU * (phase * rayCycles + p.k));
          drawLayer(ctx, ray, p.x - ray.width / 2 + Math.sin(TAU * (phase + p.k)) * 40, -40, 0.35 + 0.65 * a);
        });
        drawDrift(ctx, caustic, phase, 300, -300, 800, 0.75);
        ctx.globalCompositeOperation = 'source-over';
        // Kelp swaying in the current.
        ctx.strokeStyle = '#06352b';
        ctx.lineCap = 'round';
        for (const k of kelp) {
          const swayK = Math.sin(TAU * (phase * swayCycles + k.k));
          ctx.lineWidth = 12;
          ctx.beginPath();
          ctx.moveTo(k.x, H);
          for (let s = 1; s <= 8; s++) {
            const u = s / 8;
            ctx.lineTo(k.x + Math.sin(u * 3 + TAU * k.k) * 20 + swayK * u * u * 60, H - u * k.h);
          }
          ctx.stroke();
        }
        for (const f of school) {
          const a = TAU * (phase * schoolCycles + f.k);
          const x = 1560 + Math.cos(a) * 230 * f.r;
          const y = 330 + Math.sin(a) * 70 * f.r + f.y;
          // Velocity direction of the ellipse at this angle; fish behind the ring are fainter.
          const heading = Math.atan2(Math.cos(a) * 70, -Math.sin(a) * 230);
          ctx.globalAlpha = 0.55 + 0.35 * (0.5 + 0.5 * Math.sin(a));
          ctx.save();
          ctx.translate(x, y);
          ctx.rotate(heading);
          ctx.drawImage(fish.canvas, -f.size / 2, -f.size / 4, f.size, f.size / 2);
          ctx.restore();
        }
        ctx.globalAlpha = 1;
        ctx.globalCompositeOperation = 'lighter';
        for (const p of plankton) {
          const u = age(p, phase);
          const x = p.x + Math.sin(TAU * (u + p.a)) * 60;
          const y = p.y - u * 140;
          const s = p.size * (0.7 + 0.3 * Math.sin(TAU * (u * 4 + p.b)));
          ctx.globalAlpha = lifeFade(u, 0.25) * 0.7;
          ctx.drawImage(glow.canvas, x - s * 2, y - s * 2, s * 4, s * 4);
        }
        ctx.globalAlpha = 1;
        ctx.globalCompositeOperation = 'source-over';
      },
      foreground(ctx, { phase }) {
        for (const p of bubbles) {
          const u = age(p, phase);
          const y = H + 30 - u * (H + 60);
          const x = p.x + Math.sin(TAU * (u * 3 + p.a)) * 16;
          ctx.globalAlpha = lifeFade(u, 0.08) * 0.9;
          ctx.drawImage(bubble.canvas, x - p.size / 2, y - p.size / 2, p.size, p.size);
        }
        ctx.globalAlpha = 1;
      },
    };
  },
};
