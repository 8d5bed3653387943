/** 赛博都市: a neon skyline under a magenta haze, a perspective grid racing towards the viewer, rain. */
import { createLayer, drawLayer, fillVertical, glowSprite, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx } from '../core/canvas';
import { hash01 } from '../core/effects';
import { frac, TAU } from '../core/math';
import type { Rng } from '../core/prng';
import type { BannerStyleDef } from '../core/types';
import { drawRain, type Streak } from './common';

const SWAY = 30;
const HORIZON = 770;
const NEON = ['#00f0ff', '#ff2bd6', '#ffe14d', '#7a5cff', '#39ff9f'];

function skyline(ctx: Ctx, rng: Rng, width: number, base: number, minH: number, maxH: number, body: string, windowAlpha: number, signs: boolean): void {
  let x = -20;
  while (x < width) {
    const w = rng.range(50, 140);
    const h = rng.range(minH, maxH);
    const top = base - h;
    ctx.fillStyle = body;
    ctx.fillRect(x, top, w, h + 400);
    if (rng.chance(0.35)) {
      // A stepped crown or a spire.
      ctx.fillRect(x + w * 0.2, top - h * 0.08, w * 0.6, h * 0.08 + 1);
      ctx.fillRect(x + w * 0.47, top - h * 0.08 - rng.range(30, 90), 3, rng.range(30, 90));
    }
    // Windows in a grid, some lit.
    const tint = rng.pick(NEON);
    for (let wy = top + 10; wy < base - 6; wy += 11) {
      for (let wx = x + 6; wx < x + w - 8; wx += 9) {
        if (rng.chance(0.32)) {
          ctx.globalAlpha = windowAlpha * rng.range(0.35, 1);
          ctx.fillStyle = rng.chance(0.7) ? tint : '#ffeccc';
          ctx.fillRect(wx, wy, 4, 5);
        }
      }
    }
    ctx.globalAlpha = 1;
    if (signs && rng.chance(0.5)) {
      const color = rng.pick(NEON);
      const sx = x + rng.range(4, w - 20);
      const sy = top + rng.range(20, h * 0.5);
      const vertical = rng.chance(0.6);
      ctx.save();
      ctx.shadowColor = color;
      ctx.shadowBlur = 18;
      ctx.fillStyle = color;
      if (vertical) ctx.fillRect(sx, sy, 10, rng.range(60, 140));
      else ctx.fillRect(sx - 20, sy, rng.range(50, 90), 12);
      ctx.restore();
    }
    x += w + rng.range(-10, 24);
  }
}

export const cyberCity: BannerStyleDef = {
  key: 'cyber-city',
  theme: {
    logo: { entrance: 'glitch', idle: 'hover', glow: '#ff2bd6', glowAlpha: 0.6, sweep: '#9ff6ff', flare: null },
    headline: {
      face: 'display',
      size: 66,
      fill: ['#ffffff', '#c4f8ff', '#3de3ff'],
      stroke: { color: '#1a0030', width: 4 },
      glow: { color: 'rgba(255,43,214,0.9)', blur: 18 },
      spacing: 0.08,
      reveal: 'glitch',
    },
    tags: { face: 'sansBold', size: 32, kind: 'pill', color: '#e8fdff', fill: 'rgba(18,0,40,0.72)', border: '#00e5ff', accent: '#ff2bd6' },
    backdrop: { color: '#0a0018', alpha: 0.55 },
    vignette: { color: '#04000c', strength: 0.85 },
  },
  build(env) {
    const { scale, rng } = env;
    const base = createLayer(W + SWAY * 2, H, scale);
    const b = base.ctx;
    fillVertical(b, 0, 0, base.width, H, [
      [0, '#05010f'],
      [0.35, '#150530'],
      [0.58, '#3c0c57'],
      [0.7, '#8a1a72'],
      [HORIZON / H, '#ff4fa0'],
      [1, '#1a0326'],
    ]);
    const haze = radialSprite(600, scale, [
      [0, 'rgba(255,90,190,0.55)'],
      [1, 'rgba(255,60,160,0)'],
    ]);
    b.drawImage(haze.canvas, base.width / 2 - 900, HORIZON - 420, 1800, 700);
    // A giant moon-like disc with scan bands, very synthwave. The bands are cut on a layer of its
    // own so that the sky shows through them: cut in the sky, they were holes in every frame.
    const sun = createLayer(base.width, H, scale);
    const s = sun.ctx;
    const disc = s.createLinearGradient(0, 260, 0, 640);
    disc.addColorStop(0, '#ffe66b');
    disc.addColorStop(1, '#ff2b8a');
    s.fillStyle = disc;
    s.beginPath();
    s.arc(base.width / 2, 560, 250, Math.PI, TAU);
    s.fill();
    s.globalCompositeOperation = 'destination-out';
    for (let i = 0; i < 9; i++) s.fillRect(base.width / 2 - 260, 440 + i * 14 + i * i * 0.9, 520, 3 + i * 0.8);
    b.drawImage(sun.canvas, 0, 0, sun.width, sun.height);
    const cityRng = rng.fork('far');
    skyline(b, cityRng, base.width, HORIZON, 120, 330, '#1c0c35', 0.55, false);

    const near = createLayer(W + SWAY * 4, 700, scale);
    skyline(near.ctx, rng.fork('near'), near.width, 700, 200, 560, '#0a0416', 0.9, true);
    // Only the sides: the centre stays open for the logo.
    near.ctx.globalCompositeOperation = 'destination-out';
    const cut = near.ctx.createLinearGradient(0, 0, near.width, 0);
    cut.addColorStop(0.26, 'rgba(0,0,0,0)');
    cut.addColorStop(0.34, 'rgba(0,0,0,1)');
    cut.addColorStop(0.66, 'rgba(0,0,0,1)');
    cut.addColorStop(0.74, 'rgba(0,0,0,0)');
    near.ctx.fillStyle = cut;
    near.ctx.fillRect(0, 0, near.width, 700);
    near.ctx.globalCompositeOperation = 'source-over';

    const streaksFar: Streak[] = Array.from({ length: 170 }, () => ({ x: rng.range(-200, W + 100), offset: rng.next(), cycles: env.cycles(0.9), length: rng.range(30, 60), alpha: 1 }));
    const streaksNear: Streak[] = Array.from({ length: 60 }, () => ({ x: rng.range(-200, W + 100), offset: rng.next(), cycles: env.cycles(0.55), length: rng.range(70, 130), alpha: 1 }));
    const gridCycles = env.cycles(0.8);
    const swayCycles = env.cycles(10);
    const flicker = glowSprite('rgba(255,60,200,0.7)', 40, scale, 0.1);
    const lights = Array.from({ length: 14 }, () => ({ x: rng.range(80, W - 80), y: rng.range(HORIZON - 420, HORIZON - 60), k: rng.next() }));

    const drawGrid = (ctx: Ctx, phase: number) => {
      const bottom = H;
      fillVertical(ctx, 0, HORIZON, W, bottom - HORIZON, [
        [0, '#2a0638'],
        [1, '#07010d'],
      ]);
      ctx.globalCompositeOperation = 'lighter';
      ctx.strokeStyle = 'rgba(255,43,214,0.55)';
      ctx.lineWidth = 2;
      ctx.beginPath();
      const vx = W / 2;
      for (let i = -22; i <= 22; i++) {
        ctx.moveTo(vx + i * 18, HORIZON);
        ctx.lineTo(vx + i * 190, bottom);
      }
      ctx.stroke();
      const shift = frac(phase * gridCycles);
      ctx.beginPath();
      for (let i = 0; i < 14; i++) {
        const z = (i + shift) / 14;
        const y = HORIZON + (bottom - HORIZON) * z * z;
        ctx.moveTo(0, y);
        ctx.lineTo(W, y);
      }
      ctx.strokeStyle = 'rgba(0,240,255,0.45)';
      ctx.stroke();
      fillVertical(ctx, 0, HORIZON - 4, W, 40, [
        [0, 'rgba(255,120,220,0.8)'],
        [1, 'rgba(255,60,200,0)'],
      ]);
      ctx.globalCompositeOperation = 'source-over';
    };

    return {
      background(ctx, { phase, t, fps }) {
        const sway = Math.sin(TAU * phase * swayCycles);
        drawLayer(ctx, base, -SWAY - sway * SWAY * 0.4, 0);
        drawGrid(ctx, phase);
        drawLayer(ctx, near, -SWAY * 2 - sway * SWAY, HORIZON - 700 + 60);
        // Signs and windows blinking.
        const frame = Math.round(t * fps);
        ctx.globalCompositeOperation = 'lighter';
        for (const l of lights) {
          const on = hash01(Math.floor(frame / 3), Math.round(l.k * 1000)) > 0.35;
          if (on) drawLayer(ctx, flicker, l.x - 40 - sway * SWAY * 0.4, l.y - 40, 0.5 + 0.5 * Math.sin(TAU * (phase * 4 + l.k)));
        }
        ctx.globalCompositeOperation = 'source-over';
        drawRain(ctx, streaksFar, phase, 0.12, 'rgba(170,200,255,0.28)', 1.5);
      },
      foreground(ctx, { phase }) {
        drawRain(ctx, streaksNear, phase, 0.12, 'rgba(200,220,255,0.35)', 2.5);
      },
    };
  },
};
