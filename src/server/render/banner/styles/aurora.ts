/** 极光之境: green and violet aurora curtains rippling over a snowy horizon, mirrored in a frozen lake, stars twinkling. */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { createLayer, drawLayer, fillVertical, glowSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx } from '../core/canvas';
import { clamp, TAU } from '../core/math';
import { ridgeNoise } from '../core/noise';
import type { BannerStyleDef } from '../core/types';
import { fillRidge } from './common';

const HORIZON = 800;
const STEP = 8;
/** Strips once overlapped by a unit and the curtains were lit by that overlap: now that they meet edge to edge, as much light. */
const OVERLAP_LIGHT = (STEP + 1) / STEP;

/** Taller than any strip (420 x 1.1, and the fade below), so strips only ever shrink it. */
const TEXTURE_HEIGHT = 512;

/**
 * A curtain's colour from top to bottom as a texture one pixel wide, which each strip stretches
 * over its height and 6 % below it: fading up into the sky, brightest at the lower edge, then a
 * quick fade below it. Copied unfiltered, a strip costs half of filling it with the same gradient
 * (a frame draws some 900 strips); sampled at about a texel a pixel, a whole frame stays within
 * five levels of the gradient fills it replaced.
 */
function curtainTexture(colors: [string, string, string, string, string], scale: number): Canvas {
  const height = Math.ceil(TEXTURE_HEIGHT * scale);
  const texture = createCanvas(1, height);
  const ctx = texture.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, 0, height);
  [0, 0.45, 0.8, 0.93, 1].forEach((stop, i) => gradient.addColorStop(stop, colors[i]));
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 1, height);
  return texture;
}

interface Curtain {
  base: number;
  height: number;
  /** Waves along the curtain: [spatial frequency, whole cycles per video, amplitude, phase]. */
  waves: Array<[number, number, number, number]>;
  rays: Array<[number, number, number]>;
  texture: Canvas;
  alpha: number;
}

export const aurora: BannerStyleDef = {
  key: 'aurora',
  theme: {
    logo: { entrance: 'bloom', idle: 'float', glow: '#5effc4', glowAlpha: 0.5, sweep: '#e0fff6', flare: '#7dffd0' },
    headline: {
      face: 'elegant',
      size: 66,
      fill: ['#ffffff', '#e4fff6', '#a6f7de'],
      glow: { color: 'rgba(70,255,190,0.75)', blur: 18 },
      shadow: { color: 'rgba(0,20,30,0.6)', dx: 0, dy: 3, blur: 6 },
      spacing: 0.2,
      reveal: 'spread',
    },
    tags: { face: 'elegant', size: 34, kind: 'line', color: '#dcfff3', fill: 'transparent', border: '#7dffd0', accent: '#7dffd0' },
    backdrop: { color: '#000a14', alpha: 0.45 },
    vignette: { color: '#00040a', strength: 0.75 },
  },
  build(env) {
    const { scale, rng } = env;
    const seed = Math.floor(rng.next() * 1e9);
    const base = createLayer(W, H, scale);
    const b = base.ctx;
    fillVertical(b, 0, 0, W, H, [
      [0, '#01040d'],
      [0.45, '#041a30'],
      [HORIZON / H, '#0b3a4c'],
      [1, '#020a12'],
    ]);
    const starRng = rng.fork('stars');
    for (let i = 0; i < 700; i++) {
      b.globalAlpha = starRng.range(0.2, 0.9);
      b.fillStyle = '#ffffff';
      const s = starRng.range(0.8, 2);
      b.fillRect(starRng.range(0, W), starRng.range(0, HORIZON - 60) ** 1.05, s, s);
    }
    b.globalAlpha = 1;
    // Snowy hills with pines along the horizon, in front of the curtains.
    const land = createLayer(W, H - HORIZON + 180, scale);
    const l = land.ctx;
    l.translate(0, -(HORIZON - 180));
    const hills = ridgeNoise(seed + 1, 5, 4);
    const hill = (x: number) => HORIZON - 20 - hills(x / W) * 90;
    const g = l.createLinearGradient(0, HORIZON - 140, 0, HORIZON);
    g.addColorStop(0, '#9fc0d6');
    g.addColorStop(1, '#3f6c86');
    l.fillStyle = g;
    fillRidge(l, hill, 0, W, HORIZON + 2);
    const pines = rng.fork('pines');
    l.fillStyle = '#021018';
    for (let x = 0; x < W; x += pines.range(8, 22)) {
      const h = pines.range(24, 70) * (x < 500 || x > 1420 ? 1.3 : 0.8);
      const y = hill(x) + 8;
      l.beginPath();
      l.moveTo(x, y - h);
      l.lineTo(x - h * 0.22, y + 4);
      l.lineTo(x + h * 0.22, y + 4);
      l.fill();
    }
    fillVertical(b, 0, HORIZON, W, H - HORIZON, [
      [0, '#07202e'],
      [1, '#01070d'],
    ]);
    // Cracks in the lake ice.
    l.strokeStyle = 'rgba(160,210,230,0.12)';
    l.lineWidth = 1.5;
    const ice = rng.fork('ice');
    for (let i = 0; i < 14; i++) {
      let x = ice.range(0, W);
      let y = ice.range(HORIZON + 20, H);
      l.beginPath();
      l.moveTo(x, y);
      for (let k = 0; k < 5; k++) {
        x += ice.range(-120, 120);
        y += ice.range(-20, 30);
        l.lineTo(x, y);
      }
      l.stroke();
    }

    const curtains: Curtain[] = [
      {
        base: 540,
        height: 420,
        texture: curtainTexture(['rgba(200,80,255,0)', 'rgba(90,140,255,0.25)', 'rgba(40,255,170,0.55)', 'rgba(150,255,210,1)', 'rgba(40,255,170,0)'], scale),
        alpha: 1,
        waves: [],
        rays: [],
      },
      {
        base: 420,
        height: 320,
        texture: curtainTexture(['rgba(170,90,255,0)', 'rgba(150,110,255,0.4)', 'rgba(60,230,200,0.6)', 'rgba(160,255,220,0.9)', 'rgba(60,230,200,0)'], scale),
        alpha: 0.7,
        waves: [],
        rays: [],
      },
    ];
    for (const c of curtains) {
      c.waves = [
        [rng.range(1.5, 2.5), env.cycles(6), rng.range(60, 90), rng.range(0, TAU)],
        [rng.range(4, 6), -env.cycles(3), rng.range(20, 35), rng.range(0, TAU)],
      ];
      c.rays = [
        [rng.range(18, 26), env.cycles(2), rng.range(0, TAU)],
        [rng.range(7, 11), -env.cycles(3), rng.range(0, TAU)],
      ];
    }
    const twinkle = glowSprite('rgba(255,255,255,1)', 8, scale, 0.2);
    const twinklers = Array.from({ length: 50 }, () => ({ x: rng.range(0, W), y: rng.range(0, HORIZON - 200), k: rng.next(), c: env.cycles(rng.range(1, 3)) }));

    /** A curtain's strips on this frame: where each stands, how tall and how bright. */
    const strips: Array<{ x: number; y: number; h: number; alpha: number; texture: Canvas }> = [];
    const layOutCurtains = (phase: number) => {
      strips.length = 0;
      for (const curtain of curtains) {
        for (let x = -STEP; x < W + STEP; x += STEP) {
          const u = x / W;
          let y = curtain.base;
          for (const [f, cyc, amp, ph] of curtain.waves) y += Math.sin(TAU * (u * f + phase * cyc) + ph) * amp;
          let bright = 0.5;
          for (const [f, cyc, ph] of curtain.rays) bright += 0.25 * Math.sin(TAU * (u * f + phase * cyc) + ph);
          bright = clamp(bright) * clamp(Math.sin(Math.PI * clamp(u * 1.1 - 0.05)) * 1.5);
          if (bright > 0) strips.push({ x, y, h: curtain.height * (0.6 + 0.5 * bright), alpha: curtain.alpha * bright, texture: curtain.texture });
        }
      }
    };
    /**
     * The strips added ('lighter') straight into the frame at its full density, in the context's
     * transform: adding them one by one is what adding their sum was, and copying a layer of them
     * up from a lower density cost more than drawing them.
     */
    const drawCurtains = (c: Ctx, alpha: number) => {
      c.save();
      c.imageSmoothingEnabled = false;
      for (const strip of strips) {
        c.globalAlpha = Math.min(1, alpha * strip.alpha * OVERLAP_LIGHT);
        // Strips meet edge to edge: a pixel on a shared edge is covered once in all, so no seam shows and none is doubled.
        c.drawImage(strip.texture, strip.x, strip.y - strip.h, STEP, strip.h * 1.06);
      }
      c.restore();
    };

    return {
      background(ctx, { phase }) {
        drawLayer(ctx, base, 0, 0);
        ctx.globalCompositeOperation = 'lighter';
        for (const s of twinklers) {
          const a = 0.5 + 0.5 * Math.sin(TAU * (phase * s.c + s.k));
          drawLayer(ctx, twinkle, s.x - 8, s.y - 8, a);
        }
        layOutCurtains(phase);
        ctx.save();
        ctx.beginPath();
        ctx.rect(0, 0, W, HORIZON);
        ctx.clip();
        drawCurtains(ctx, 1);
        ctx.restore();
        // Mirrored in the ice, dimmer and squashed.
        ctx.save();
        ctx.beginPath();
        ctx.rect(0, HORIZON, W, H - HORIZON);
        ctx.clip();
        ctx.translate(0, HORIZON * 1.6);
        ctx.scale(1, -0.6);
        drawCurtains(ctx, 0.4);
        ctx.restore();
        ctx.globalCompositeOperation = 'source-over';
        drawLayer(ctx, land, 0, HORIZON - 180);
      },
    };
  },
};
