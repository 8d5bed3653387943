/**
 * 像素冒险: a side-scrolling platformer world drawn at 480x270 and scaled up with smoothing off:
 * parallax clouds, mountains and hills, brick platforms, spinning coins and a little hero running.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx } from '../core/canvas';
import { frac } from '../core/math';
import type { Rng } from '../core/prng';
import type { BannerStyleDef } from '../core/types';

const LW = 480;
const LH = 270;
const GROUND = 232;

/** A strip `period` pixels wide that tiles seamlessly, drawn once. */
function strip(period: number, height: number, draw: (ctx: Ctx) => void): Canvas {
  const canvas = createCanvas(period, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  draw(ctx);
  return canvas;
}

/** Draws a tile strip scrolled by `offset` pixels (whole pixels only: that is the pixel look). */
function scroll(ctx: Ctx, tile: Canvas, offset: number, y: number): void {
  const w = tile.width;
  let x = -Math.round(((offset % w) + w) % w);
  while (x < LW) {
    ctx.drawImage(tile, x, y);
    x += w;
  }
}

function hillProfile(period: number, bumps: number, rng: Rng, min: number, max: number): (x: number) => number {
  const phases = Array.from({ length: 3 }, () => rng.range(0, Math.PI * 2));
  return (x) => {
    const u = (x / period) * Math.PI * 2;
    const v = 0.5 + 0.3 * Math.sin(u * bumps + phases[0]) + 0.15 * Math.sin(u * bumps * 2 + phases[1]) + 0.05 * Math.sin(u * bumps * 5 + phases[2]);
    return Math.round(min + (max - min) * (1 - v));
  };
}

function cloud(ctx: Ctx, x: number, y: number, w: number): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x + 4, y + 4, w - 8, 10);
  ctx.fillRect(x, y + 8, w, 8);
  ctx.fillRect(x + w * 0.2, y, w * 0.3, 6);
  ctx.fillRect(x + w * 0.5, y - 3, w * 0.25, 8);
  ctx.fillStyle = '#c6e4ff';
  ctx.fillRect(x + 2, y + 14, w - 4, 2);
}

function coin(ctx: Ctx, x: number, y: number, frame: number): void {
  // Four frames of a spin: full, narrow, edge, narrow.
  const widths = [8, 6, 2, 6];
  const w = widths[frame % 4];
  ctx.fillStyle = '#7a4a00';
  ctx.fillRect(x - w / 2 - 1, y - 6, w + 2, 12);
  ctx.fillStyle = '#ffd23f';
  ctx.fillRect(x - w / 2, y - 5, w, 10);
  if (w > 2) {
    ctx.fillStyle = '#fff6b0';
    ctx.fillRect(x - w / 2 + 1, y - 4, 1, 6);
  }
}

/** The hero: 12x16 pixels, two running frames. */
function hero(ctx: Ctx, x: number, y: number, frame: number): void {
  const px = (c: string, rows: string[]) => {
    ctx.fillStyle = c;
    rows.forEach((row, j) => {
      for (let i = 0; i < row.length; i++) if (row[i] === '#') ctx.fillRect(x + i, y + j, 1, 1);
    });
  };
  px('#d62828', ['...#####....', '..#########.', '............', '............', '............', '............', '............', '............', '..##.###.##.']);
  px('#f4c28f', ['............', '............', '..##.#.#....', '.#.#..#.###.', '.##..##.#...', '....#####...']);
  px('#5a3210', ['............', '............', '..###.......', '.#..........', '.#..........']);
  const legs = frame % 2 === 0 ? ['.....##.##..', '....###.###.', '...###...##.', '..##......##'] : ['.....#####..', '.....####...', '.....###....', '....####....'];
  px('#1d4ed8', ['............', '............', '............', '............', '............', '............', '...#####....', '..########..', '..###..###..', ...legs.slice(0, 2)]);
  px('#5a3210', [...Array.from({ length: 12 }, () => '............'), ...legs.slice(2)]);
}

export const pixelWorld: BannerStyleDef = {
  key: 'pixel-world',
  theme: {
    logo: { entrance: 'drop', idle: 'step', glow: '#ffffff', glowAlpha: 0.3, sweep: null, flare: null },
    headline: {
      face: 'display',
      size: 60,
      fill: ['#fff89a', '#ffd23f', '#ff9f1c'],
      stroke: { color: '#3b1a00', width: 5 },
      shadow: { color: '#000000', dx: 6, dy: 6 },
      spacing: 0.08,
      reveal: 'step',
      pixelated: true,
    },
    tags: { face: 'display', size: 32, kind: 'pixel', color: '#ffffff', fill: '#d03a2f', border: '#2b0f0a', accent: '#ffd23f' },
    vignette: { color: '#000000', strength: 0 },
  },
  build(env) {
    const { rng } = env;
    const small = createCanvas(LW, LH);
    const s = small.getContext('2d');
    s.imageSmoothingEnabled = false;

    // Each layer scrolls whole periods per video, so the loop is exact.
    const layers: Array<{ tile: Canvas; y: number; period: number; loops: number }> = [];
    const add = (tile: Canvas, y: number, pixelsPerSecond: number) => {
      const loops = Math.max(1, Math.round((pixelsPerSecond * env.seconds) / tile.width));
      layers.push({ tile, y, period: tile.width, loops });
    };

    const cloudsRng = rng.fork('clouds');
    add(
      strip(480, 120, (c) => {
        for (let i = 0; i < 5; i++) cloud(c, Math.round(i * 96 + cloudsRng.range(0, 40)), Math.round(cloudsRng.range(14, 90)), Math.round(cloudsRng.range(30, 56)));
      }),
      0,
      8,
    );
    const far = hillProfile(480, 3, rng.fork('far'), 120, 185);
    add(
      strip(480, 150, (c) => {
        for (let x = 0; x < 480; x++) {
          const top = far(x) - 100;
          c.fillStyle = '#6d8fe0';
          c.fillRect(x, top, 1, 150 - top);
          c.fillStyle = '#e8f0ff';
          if (top < 36) c.fillRect(x, top, 1, Math.max(0, 36 - top) * 0.6);
        }
      }),
      100,
      16,
    );
    const hills = hillProfile(480, 4, rng.fork('hills'), 150, 205);
    add(
      strip(480, 120, (c) => {
        for (let x = 0; x < 480; x++) {
          const top = hills(x) - 150;
          c.fillStyle = '#1f8a3a';
          c.fillRect(x, top + 2, 1, 120);
          c.fillStyle = '#46c35a';
          c.fillRect(x, top, 1, 3);
        }
        c.fillStyle = '#14692a';
        for (let i = 0; i < 60; i++) c.fillRect((i * 37) % 480, 40 + ((i * 53) % 70), 2, 2);
      }),
      150,
      32,
    );
    add(
      strip(32, LH - GROUND, (c) => {
        c.fillStyle = '#3fae49';
        c.fillRect(0, 0, 32, 5);
        c.fillStyle = '#7ed957';
        c.fillRect(0, 0, 32, 2);
        c.fillStyle = '#b5651d';
        c.fillRect(0, 5, 32, LH - GROUND - 5);
        c.fillStyle = '#7a3e10';
        for (let y = 5; y < LH - GROUND; y += 8) {
          c.fillRect(0, y, 32, 1);
          const shift = ((y - 5) / 8) % 2 === 0 ? 0 : 8;
          c.fillRect(shift, y, 1, 8);
          c.fillRect(shift + 16, y, 1, 8);
        }
      }),
      GROUND,
      64,
    );
    // Platforms repeat every 480 pixels and must move with the ground (32-pixel bricks), so both
    // cover the same whole number of 480-pixel screens per loop.
    const screens = Math.max(1, Math.round((64 * env.seconds) / 480));
    layers[layers.length - 1].loops = (screens * 480) / 32;
    // Platforms, question blocks and coins ride with the ground.
    const things = strip(480, GROUND, (c) => {
      const brick = (x: number, y: number) => {
        c.fillStyle = '#c8642a';
        c.fillRect(x, y, 16, 16);
        c.fillStyle = '#5a2a0a';
        c.fillRect(x, y + 7, 16, 1);
        c.fillRect(x, y + 15, 16, 1);
        c.fillRect(x + 7, y, 1, 7);
        c.fillRect(x + 3, y + 8, 1, 7);
        c.fillRect(x + 12, y + 8, 1, 7);
      };
      const question = (x: number, y: number) => {
        c.fillStyle = '#5a2a0a';
        c.fillRect(x, y, 16, 16);
        c.fillStyle = '#f7b32b';
        c.fillRect(x + 1, y + 1, 14, 14);
        c.fillStyle = '#5a2a0a';
        for (const [i, j] of [
          [6, 3],
          [7, 3],
          [8, 3],
          [9, 4],
          [9, 5],
          [8, 6],
          [7, 7],
          [7, 8],
          [7, 11],
        ])
          c.fillRect(x + i, y + j, 1, 1);
      };
      for (const x of [40, 56, 72]) brick(x, 150);
      question(88, 150);
      for (const x of [300, 316]) brick(x, 130);
      question(332, 130);
      brick(348, 130);
      question(410, 170);
      // Pipes.
      for (const [x, h] of [
        [180, 30],
        [440, 22],
      ]) {
        c.fillStyle = '#0f5f1c';
        c.fillRect(x, GROUND - h, 24, h);
        c.fillRect(x - 2, GROUND - h - 8, 28, 10);
        c.fillStyle = '#4bd16a';
        c.fillRect(x + 3, GROUND - h + 2, 4, h - 2);
        c.fillRect(x + 1, GROUND - h - 6, 5, 6);
      }
    });
    const coins = [48, 64, 80, 124, 140, 156, 308, 324, 340, 380, 396].map((x, i) => ({ x, y: i < 3 ? 140 : i < 6 ? 180 : i < 9 ? 118 : 196 }));

    const sky = strip(LW, LH, (c) => {
      // Banded sky: a handful of flat colours, as an old palette would have it.
      const bands = ['#5c94fc', '#6aa0fc', '#7aacfd', '#8cb8fd', '#a0c6fe', '#b6d4fe'];
      bands.forEach((color, i) => {
        c.fillStyle = color;
        c.fillRect(0, Math.round((i / bands.length) * 200), LW, LH);
      });
    });

    return {
      background(ctx, { phase, t }) {
        s.drawImage(sky, 0, 0);
        for (const layer of layers) scroll(s, layer.tile, phase * layer.loops * layer.period, layer.y);
        const thingsOffset = phase * screens * 480;
        scroll(s, things, thingsOffset, 0);
        const coinFrame = Math.floor(t * 8);
        for (const c of coins) {
          const x = Math.round(c.x - frac(thingsOffset / 480) * 480);
          for (const xx of [x, x + 480]) if (xx > -10 && xx < LW + 10) coin(s, xx, c.y, coinFrame);
        }
        // The hero runs in place while the world scrolls; a hop every so often.
        const hop = Math.max(0, Math.sin(frac(phase * Math.max(1, Math.round(env.seconds / 2))) * Math.PI * 2));
        hero(s, 64, GROUND - 16 - Math.round(hop * 22), Math.floor(t * 10));
        ctx.save();
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(small, 0, 0, W, H);
        ctx.restore();
      },
    };
  },
};
