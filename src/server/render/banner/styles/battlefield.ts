/** 烽火战场: a burning city gate on the horizon, smoke rolling across a red sky, an army of spears and banners, embers rising. */
import { createLayer, drawLayer, drawSoftSprite, fillVertical, glowSprite, paintField, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W } from '../core/canvas';
import { clamp, frac, TAU } from '../core/math';
import { createNoise2D, ridgeNoise } from '../core/noise';
import { age, drawDrift, lifeFade, spawn } from '../core/particles';
import type { BannerStyleDef } from '../core/types';
import { drawFlag, drawHall, drawPennant, drawWall, fillRidge } from './common';

const SWAY = 30;

export const battlefield: BannerStyleDef = {
  key: 'battlefield',
  theme: {
    logo: { entrance: 'burst', idle: 'breathe', glow: '#ff5a1a', glowAlpha: 0.6, sweep: '#ffe0a0', flare: '#ff7a2a' },
    headline: {
      face: 'serifBlack',
      size: 64,
      fill: ['#fff6d8', '#ffd66e', '#f39a2c'],
      stroke: { color: '#3b0903', width: 5 },
      glow: { color: 'rgba(255,80,0,0.85)', blur: 22 },
      spacing: 0.1,
      reveal: 'pop',
    },
    tags: { face: 'sansBold', size: 32, kind: 'plaque', color: '#ffe6b0', fill: 'rgba(74,12,4,0.85)', border: '#e2a445', accent: '#ffb347' },
    backdrop: { color: '#1a0300', alpha: 0.5 },
    vignette: { color: '#0c0000', strength: 0.9 },
  },
  build(env) {
    const { scale, rng } = env;
    const seed = Math.floor(rng.next() * 1e9);

    // Sky, clouds and the burning gate move together: one opaque layer.
    const base = createLayer(W + SWAY * 2, H, scale);
    const b = base.ctx;
    fillVertical(b, 0, 0, base.width, H, [
      [0, '#160403'],
      [0.28, '#3e0b06'],
      [0.5, '#8c220b'],
      [0.66, '#d9551a'],
      [0.76, '#ff9a3c'],
      [0.84, '#ffc46a'],
      [1, '#ffd98e'],
    ]);
    const smokeNoise = createNoise2D(seed + 1);
    const clouds = createLayer(base.width, 900, scale);
    paintField(clouds, 8, (x, y) => {
      const n = smokeNoise.fbm(x / 560, y / 240, 5);
      const density = clamp((n - 0.36) * 2.6) * clamp(1.2 - y / 760);
      // Undersides lit by the fires below.
      const lit = clamp((y - 250) / 500) * clamp(1 - (n - 0.36) * 3);
      return [34 + lit * 150, 8 + lit * 50, 6 + lit * 10, density * 240];
    });
    b.drawImage(clouds.canvas, 0, 0, clouds.width, clouds.height);
    const heat = radialSprite(700, scale, [
      [0, 'rgba(255,236,170,0.95)'],
      [0.25, 'rgba(255,170,70,0.6)'],
      [1, 'rgba(255,90,20,0)'],
    ]);
    b.globalCompositeOperation = 'lighter';
    b.drawImage(heat.canvas, base.width / 2 - 700, 820 - 700, 1400, 1400);
    b.globalCompositeOperation = 'source-over';
    const farRidge = ridgeNoise(seed + 2, 6, 4);
    b.fillStyle = '#5a170a';
    fillRidge(b, (x) => 790 + farRidge(x / base.width) * 60, 0, base.width, H);
    // The city: a long wall and a two-tier gate tower just right of centre.
    b.fillStyle = '#3a0d07';
    drawWall(b, 0, base.width, 820, H, 14);
    drawHall(b, base.width * 0.62, 822, 330, 2, 54);
    drawHall(b, base.width * 0.2, 822, 200, 1, 40);
    b.fillRect(base.width * 0.62 - 120, 822, 240, 40);

    const fireGlow = glowSprite('rgba(255,120,30,0.6)', 150, scale, 0.05);
    const fires = Array.from({ length: 6 }, () => ({ x: rng.range(100, W - 100), s: rng.range(200, 360), k: rng.next() }));

    // The army on the near ridge: a forest of spears and flags.
    const mid = createLayer(W + SWAY * 4, 360, scale);
    const midRidge = ridgeNoise(seed + 3, 5, 3);
    const ridgeY = (x: number) => 190 + midRidge(x / mid.width) * 90;
    const m = mid.ctx;
    m.fillStyle = '#150403';
    m.strokeStyle = '#150403';
    fillRidge(m, ridgeY, 0, mid.width, 360);
    const spears = rng.fork('spears');
    // Helmets first: a dense row of heads along the crest.
    for (let x = 4; x < mid.width; x += spears.range(9, 15)) {
      m.beginPath();
      m.ellipse(x, ridgeY(x) + 4, 9, 12, 0, Math.PI, TAU);
      m.fill();
    }
    for (let x = 6; x < mid.width; x += spears.range(12, 26)) {
      const base0 = ridgeY(x) + 8;
      const len = spears.range(110, 190);
      const lean = 0.1 + spears.range(-0.04, 0.04);
      const tipX = x + lean * len;
      const tipY = base0 - len;
      m.lineWidth = spears.range(2.6, 3.6);
      m.beginPath();
      m.moveTo(x, base0);
      m.lineTo(tipX, tipY);
      m.stroke();
      m.beginPath();
      if (spears.chance(0.25)) {
        // A halberd's crescent blade.
        m.moveTo(tipX, tipY - 18);
        m.quadraticCurveTo(tipX + 22, tipY + 4, tipX + 2, tipY + 22);
        m.quadraticCurveTo(tipX + 10, tipY + 4, tipX - 2, tipY - 4);
      } else {
        m.moveTo(tipX - 5, tipY + 8);
        m.lineTo(tipX + 1.5, tipY - 22);
        m.lineTo(tipX + 5, tipY + 8);
      }
      m.closePath();
      m.fill();
      // A tassel under the blade.
      m.fillRect(tipX - 4, tipY + 8, 8, 6);
    }
    const midFlags = [0.12, 0.3, 0.46, 0.71, 0.88].map((u) => ({ x: u * mid.width, h: spears.range(200, 260), w: spears.range(80, 120), k: spears.next() }));

    const drift = 200;
    const smoke = createLayer(W + drift * 2, 300, scale);
    const smokeNoise2 = createNoise2D(seed + 4);
    paintField(smoke, 10, (x, y) => {
      const n = smokeNoise2.fbm(x / 360, y / 140, 4);
      const band = Math.sin((y / 300) * Math.PI);
      return [80, 34, 24, clamp((n - 0.4) * 2.2) * band * 180];
    });

    // Smoke columns rising from the burning city: soft puffs that swell and lean with the wind.
    const plumes = [0.28, 0.62, 0.83].map((u) => ({ x: u * W, puffs: spawn(env, rng.fork(`plume${u}`), 10, [3, 5], [55, 90]) }));
    // At the largest radius a puff reaches (90 x 2.5): frames only ever shrink it.
    const puff = radialSprite(225, scale, [
      [0, 'rgba(52,20,14,1)'],
      [0.15, 'rgba(52,20,14,1)'],
      [1, 'rgba(52,20,14,0)'],
    ]);
    const embers = spawn(env, rng.fork('embers'), 220, [3, 7], [2.5, 7]);
    const bokeh = spawn(env, rng.fork('bokeh'), 14, [4, 8], [26, 56]);
    const emberSprite = glowSprite('rgba(255,190,90,1)', 16, scale, 0.2);
    const bokehSprite = glowSprite('rgba(255,130,40,0.6)', 32, scale, 0.5);
    const swayCycles = env.cycles(12);
    const flagCycles = env.cycles(1.3);

    return {
      background(ctx, { phase }) {
        const sway = Math.sin(TAU * phase * swayCycles);
        const wave = TAU * phase * flagCycles;
        drawLayer(ctx, base, -SWAY - sway * SWAY * 0.5, 0);
        ctx.globalCompositeOperation = 'lighter';
        for (const f of fires) {
          const flicker = 0.7 + 0.3 * Math.sin(TAU * (phase * flagCycles * 3 + f.k)) * Math.sin(TAU * (phase * flagCycles * 5 + f.k * 3));
          drawLayer(ctx, fireGlow, f.x - sway * SWAY * 0.5 - f.s / 2, 820 - f.s / 2, flicker);
        }
        ctx.globalCompositeOperation = 'source-over';
        for (const plume of plumes) {
          for (const p of plume.puffs) {
            const u = age(p, phase);
            // Puffs are large and overlap; their size is what costs, so they stay few.
            const size = p.size * (0.5 + u * 2);
            const x = plume.x - sway * SWAY * 0.5 + u * u * 300 + (p.a - 0.5) * 50;
            const y = 840 - u * 760;
            drawSoftSprite(ctx, puff, x, y, size * 2, lifeFade(u, 0.2) * (0.75 - u * 0.35) * 0.5);
          }
        }
        drawDrift(ctx, smoke, phase, drift, -drift, 700, 0.9);
        const midX = -SWAY * 2 - sway * SWAY;
        drawLayer(ctx, mid, midX, 800);
        for (const f of midFlags) drawFlag(ctx, midX + f.x, 800 + ridgeY(f.x) + 10, f.h, f.w, f.w * 0.6, wave + f.k * TAU, 1, '#150403', '#150403');
        // Near banners at the very edges, clear of the texts.
        drawPennant(ctx, 40, H + 40, 820, 110, 460, wave, '#2e0603', '#0e0202');
        drawPennant(ctx, 1780, H + 40, 760, 100, 430, wave + 1.7, '#2e0603', '#0e0202');
        ctx.globalCompositeOperation = 'lighter';
        for (const p of embers) {
          const u = age(p, phase);
          const y = H + 30 - u * (H * (0.7 + p.a * 0.6));
          const x = p.x + Math.sin(TAU * (u * (1 + p.b * 2) + p.c)) * 40 + u * 140 * (p.a - 0.2);
          const flicker = 0.6 + 0.4 * Math.sin(TAU * (u * 9 + p.b));
          const size = p.size * (1 - u * 0.5);
          ctx.globalAlpha = lifeFade(u, 0.1) * flicker;
          ctx.drawImage(emberSprite.canvas, x - size * 2, y - size * 2, size * 4, size * 4);
        }
        ctx.globalAlpha = 1;
        ctx.globalCompositeOperation = 'source-over';
      },
      foreground(ctx, { phase }) {
        ctx.globalCompositeOperation = 'lighter';
        for (const p of bokeh) {
          const u = age(p, phase);
          const y = H + 60 - u * (H + 120);
          const x = frac(p.x / W + u * 0.1 * (p.a - 0.5)) * W;
          ctx.globalAlpha = lifeFade(u, 0.2) * 0.4;
          ctx.drawImage(bokehSprite.canvas, x - p.size, y - p.size, p.size * 2, p.size * 2);
        }
      },
    };
  },
};
