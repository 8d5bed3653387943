/** 雷暴天穹: heavy clouds rolling over a cliff-top citadel, rain, and lightning that lights the whole sky. */
import { createLayer, drawLayer, fillVertical, paintField, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Layer } from '../core/canvas';
import { clamp, TAU } from '../core/math';
import { createNoise2D, ridgeNoise } from '../core/noise';
import { drawDrift } from '../core/particles';
import type { Rng } from '../core/prng';
import type { BannerStyleDef } from '../core/types';
import { drawRain, fillRidge, type Streak } from './common';

type Point = [number, number];

/** A jagged bolt by midpoint displacement, with a few forks. */
function boltPaths(rng: Rng, from: Point, to: Point, spread: number, forks: number): Point[][] {
  const split = (a: Point, b: Point, depth: number, offset: number): Point[] => {
    if (depth === 0) return [a, b];
    const mid: Point = [(a[0] + b[0]) / 2 + rng.range(-offset, offset), (a[1] + b[1]) / 2 + rng.range(-offset, offset) * 0.3];
    return [...split(a, mid, depth - 1, offset / 2), ...split(mid, b, depth - 1, offset / 2).slice(1)];
  };
  const main = split(from, to, 7, spread);
  const paths = [main];
  for (let i = 0; i < forks; i++) {
    const start = main[rng.int(10, Math.floor(main.length * 0.7))];
    const length = rng.range(120, 320);
    const angle = Math.PI / 2 + rng.range(-1, 1);
    paths.push(split(start, [start[0] + Math.cos(angle) * length, start[1] + Math.sin(angle) * length], 5, spread * 0.35));
  }
  return paths;
}

function boltLayer(rng: Rng, scale: number, from: Point, to: Point): { layer: Layer; x: number; y: number } {
  const paths = boltPaths(rng, from, to, 180, 4);
  const xs = paths.flat().map((p) => p[0]);
  const ys = paths.flat().map((p) => p[1]);
  const pad = 60;
  const x = Math.min(...xs) - pad;
  const y = Math.min(...ys) - pad;
  const layer = createLayer(Math.max(...xs) - x + pad, Math.max(...ys) - y + pad, scale);
  const c = layer.ctx;
  c.translate(-x, -y);
  c.lineJoin = 'round';
  c.lineCap = 'round';
  const stroke = (width: number, color: string, blur: number) => {
    c.save();
    c.strokeStyle = color;
    c.shadowColor = 'rgba(140,180,255,1)';
    c.shadowBlur = blur * scale;
    paths.forEach((path, i) => {
      c.lineWidth = i === 0 ? width : width * 0.5;
      c.beginPath();
      path.forEach(([px, py], k) => (k === 0 ? c.moveTo(px, py) : c.lineTo(px, py)));
      c.stroke();
    });
    c.restore();
  };
  stroke(10, 'rgba(120,160,255,0.5)', 30);
  stroke(3.2, '#ffffff', 8);
  return { layer, x, y };
}

const SWAY = 30;

export const storm: BannerStyleDef = {
  key: 'storm',
  theme: {
    logo: { entrance: 'flash', idle: 'breathe', glow: '#7fb0ff', glowAlpha: 0.55, sweep: '#e6f0ff', flare: '#a8c8ff' },
    headline: {
      face: 'sansBlack',
      size: 62,
      fill: ['#ffffff', '#e3ebf7', '#93a7c4'],
      stroke: { color: '#0a1020', width: 4 },
      glow: { color: 'rgba(110,160,255,0.85)', blur: 18 },
      spacing: 0.1,
      reveal: 'flicker',
    },
    tags: { face: 'sansBold', size: 32, kind: 'bracket', color: '#e2ecff', fill: 'rgba(8,16,34,0.6)', border: '#8fb8ff', accent: '#8fb8ff' },
    backdrop: { color: '#02050c', alpha: 0.55 },
    vignette: { color: '#000000', strength: 0.85 },
  },
  build(env) {
    const { scale, rng } = env;
    const seed = Math.floor(rng.next() * 1e9);
    const cloudNoise = createNoise2D(seed + 1);
    const cloudShade = (x: number, y: number, lit: boolean): [number, number, number, number] => {
      const n = cloudNoise.fbm(x / 420, y / 190, 6);
      const edge = clamp((n - 0.35) * 3);
      const top = clamp(1 - y / 760);
      const v = lit ? 120 + n * 180 : 22 + n * 70;
      return [v * 0.82, v * 0.88, v * (lit ? 1.18 : 1.25), edge * (0.5 + 0.5 * top) * clamp((800 - y) / 260) * 255];
    };

    const base = createLayer(W + SWAY * 2, H, scale);
    fillVertical(base.ctx, 0, 0, base.width, H, [
      [0, '#04060c'],
      [0.45, '#131b30'],
      [0.72, '#2b3a5c'],
      [0.82, '#3d5278'],
      [1, '#0a0d14'],
    ]);
    const clouds = createLayer(base.width, 800, scale);
    paintField(clouds, 8, (x, y) => cloudShade(x, y, false));
    base.ctx.drawImage(clouds.canvas, 0, 0, clouds.width, clouds.height);
    // The same sky as lightning shows it, faded in during a flash.
    const lit = createLayer(base.width, 800, scale);
    paintField(lit, 8, (x, y) => cloudShade(x, y, true));

    const drift = 220;
    const scud = createLayer(W + drift * 2, 420, scale);
    const scudNoise = createNoise2D(seed + 2);
    paintField(scud, 10, (x, y) => {
      const n = scudNoise.fbm(x / 300, y / 120, 5);
      return [30, 36, 48, clamp((n - 0.45) * 2.6) * Math.sin((y / 420) * Math.PI) * 220];
    });

    // Cliffs and a citadel with spires on the right.
    const land = createLayer(W + SWAY * 4, 620, scale);
    const l = land.ctx;
    const cliff = ridgeNoise(seed + 3, 6, 5);
    const ridge = (x: number) => {
      const u = x / land.width;
      const rise = clamp((u - 0.6) * 3.2);
      return 530 - cliff(u) * 90 - rise * 200;
    };
    l.fillStyle = '#030407';
    fillRidge(l, ridge, 0, land.width, 620, 4);
    const cx = land.width * 0.84;
    const top = ridge(cx);
    for (const [dx, w, h] of [
      [-90, 40, 170],
      [-40, 56, 250],
      [30, 48, 200],
      [85, 34, 140],
    ]) {
      const x = cx + dx;
      l.fillRect(x - w / 2, top - h, w, h + 20);
      l.beginPath();
      l.moveTo(x - w / 2 - 6, top - h);
      l.lineTo(x, top - h - w * 1.6);
      l.lineTo(x + w / 2 + 6, top - h);
      l.fill();
    }
    l.fillRect(cx - 110, top - 90, 220, 100);
    // Lit windows in the citadel.
    l.fillStyle = 'rgba(255,200,120,0.9)';
    for (let i = 0; i < 7; i++) l.fillRect(cx - 100 + i * 30, top - 60, 5, 9);

    const bolts = [
      boltLayer(rng.fork('b1'), scale, [1180, -20], [1380, 640]),
      boltLayer(rng.fork('b2'), scale, [420, -20], [300, 560]),
      boltLayer(rng.fork('b3'), scale, [1560, -20], [1720, 520]),
    ];
    const flashGlow = radialSprite(500, scale, [
      [0, 'rgba(200,220,255,0.7)'],
      [1, 'rgba(120,160,255,0)'],
    ]);
    const rainFar: Streak[] = Array.from({ length: 180 }, () => ({ x: rng.range(-300, W), offset: rng.next(), cycles: env.cycles(0.8), length: rng.range(40, 70), alpha: 1 }));
    const rainNear: Streak[] = Array.from({ length: 50 }, () => ({ x: rng.range(-300, W), offset: rng.next(), cycles: env.cycles(0.5), length: rng.range(90, 150), alpha: 1 }));
    const swayCycles = env.cycles(12);

    /** Flash strength for bolt i at time t: a double flicker. */
    const strikes = (t: number, seconds: number, logoStrike: number, posterStrike: number): number[] => {
      const at = [logoStrike, posterStrike, seconds * 0.8];
      return at.map((s) => {
        const d = t - s;
        if (d < 0 || d > 0.5) return 0;
        return Math.max(clamp(1 - d / 0.08) * (d < 0.08 ? 1 : 0), clamp(1 - Math.abs(d - 0.13) / 0.08) * 0.85, clamp(1 - (d - 0.13) / 0.35) * 0.35 * (d > 0.13 ? 1 : 0));
      });
    };

    let flash = 0;
    return {
      background(ctx, { phase, t, seconds, timeline }) {
        const sway = Math.sin(TAU * phase * swayCycles);
        const logoStrike = timeline.logoStart + (timeline.logoEnd - timeline.logoStart) * 0.08;
        // The second strike lands just before the poster frame, so the poster shows the sky lit.
        const power = strikes(t, seconds, logoStrike, timeline.poster - 0.13);
        flash = Math.max(...power);
        const bx = -SWAY - sway * SWAY * 0.4;
        drawLayer(ctx, base, bx, 0);
        if (flash > 0.01) drawLayer(ctx, lit, bx, 0, flash * 0.9);
        ctx.globalCompositeOperation = 'lighter';
        bolts.forEach((bolt, i) => {
          if (power[i] <= 0.01) return;
          drawLayer(ctx, bolt.layer, bolt.x + bx + SWAY, bolt.y, power[i]);
          drawLayer(ctx, flashGlow, bolt.x + bolt.layer.width / 2 - 500 + bx + SWAY, 0, power[i] * 0.8);
        });
        ctx.globalCompositeOperation = 'source-over';
        drawDrift(ctx, scud, phase, drift, -drift, 420, 0.9);
        drawLayer(ctx, land, -SWAY * 2 - sway * SWAY, H - 620);
        drawRain(ctx, rainFar, phase, 0.18, `rgba(170,190,220,${0.22 + flash * 0.3})`, 1.4);
      },
      foreground(ctx, { phase }) {
        drawRain(ctx, rainNear, phase, 0.18, `rgba(190,205,230,${0.3 + flash * 0.3})`, 2.2);
        if (flash > 0.01) {
          // The whole frame brightens for an instant.
          ctx.fillStyle = `rgba(200,215,255,${flash * 0.18})`;
          ctx.fillRect(0, 0, W, H);
        }
      },
    };
  },
};
