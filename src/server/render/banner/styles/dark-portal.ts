/** 暗黑魔域: a swirling violet vortex between ruined gothic spires, rings of glowing runes, embers drawn into the void. */
import { createCanvas } from '@napi-rs/canvas';
import { createLayer, drawLayer, glowSprite, paintField, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx, type Layer } from '../core/canvas';
import { clamp, frac, TAU } from '../core/math';
import { createNoise2D } from '../core/noise';
import { age, drawDrift, lifeFade, spawn } from '../core/particles';
import type { Rng } from '../core/prng';
import type { BannerStyleDef } from '../core/types';

const CX = W / 2;
const CY = 470;
const ARMS = 5;

/** Spiral arms around a dark eye, computed per pixel once; frames only rotate it. */
function vortexLayer(scale: number, seed: number, radius: number): Layer {
  const size = radius * 2;
  const cells = 220;
  const small = createCanvas(cells, cells);
  const sctx = small.getContext('2d');
  const image = sctx.createImageData(cells, cells);
  // Periodic in angle with the arms' symmetry, so a fifth of a turn maps the texture onto itself.
  const noise = createNoise2D(seed, 4);
  for (let j = 0; j < cells; j++) {
    for (let i = 0; i < cells; i++) {
      const dx = (i / (cells - 1)) * 2 - 1;
      const dy = (j / (cells - 1)) * 2 - 1;
      const r = Math.hypot(dx, dy);
      const k = (j * cells + i) * 4;
      if (r > 1) {
        image.data[k + 3] = 0;
        continue;
      }
      const a = Math.atan2(dy, dx);
      // Log spiral arms, broken up by noise so they read as swirling gas.
      const arm = 0.5 + 0.5 * Math.sin(ARMS * a + Math.log(r + 0.02) * 7);
      const n = noise.fbm((a / TAU) * ARMS * 4, r * 6, 4);
      const ring = Math.exp(-Math.pow((r - 0.2) / 0.08, 2));
      const body = clamp(Math.pow(arm, 1.6) * (0.5 + n * 1.0) * (1 - r) * 2 + ring * 1.4);
      const eye = clamp((r - 0.12) / 0.06);
      // Deep violet in the arms, hot pink-white along the rim of the eye.
      image.data[k] = 110 + body * 145;
      image.data[k + 1] = 30 + body * body * 170;
      image.data[k + 2] = 190 + body * 65;
      image.data[k + 3] = Math.round(255 * clamp(body * 1.2 * eye * (1 - Math.pow(r, 2.5))));
    }
  }
  sctx.putImageData(image, 0, 0);
  const layer = createLayer(size, size, scale);
  layer.ctx.imageSmoothingQuality = 'high';
  layer.ctx.drawImage(small, 0, 0, size, size);
  return layer;
}

/** An angular rune glyph built from a few strokes. */
function runeSprite(rng: Rng, scale: number): Layer {
  const layer = createLayer(48, 48, scale);
  const c = layer.ctx;
  c.strokeStyle = '#e2b6ff';
  c.lineWidth = 3;
  c.lineCap = 'square';
  c.shadowColor = '#b35cff';
  c.shadowBlur = 8 * scale;
  c.beginPath();
  c.moveTo(24, 6);
  c.lineTo(24, 42);
  for (let i = 0; i < 3; i++) {
    const y = rng.range(8, 38);
    const dir = rng.pick([-1, 1]);
    c.moveTo(24, y);
    c.lineTo(24 + dir * rng.range(8, 16), y + rng.pick([-1, 0, 1]) * rng.range(4, 10));
  }
  c.stroke();
  return layer;
}

function spire(ctx: Ctx, x: number, base: number, w: number, h: number, broken: boolean): void {
  ctx.fillRect(x - w / 2, base - h, w, h);
  ctx.beginPath();
  if (broken) {
    ctx.moveTo(x - w / 2, base - h);
    ctx.lineTo(x - w * 0.2, base - h - w * 0.8);
    ctx.lineTo(x + w * 0.1, base - h - w * 0.3);
    ctx.lineTo(x + w / 2, base - h - w * 0.6);
    ctx.lineTo(x + w / 2, base - h);
  } else {
    ctx.moveTo(x - w / 2 - 4, base - h);
    ctx.lineTo(x, base - h - w * 3);
    ctx.lineTo(x + w / 2 + 4, base - h);
  }
  ctx.fill();
  // Pointed arch windows glowing faintly.
  ctx.save();
  ctx.fillStyle = 'rgba(170,70,255,0.35)';
  for (let y = base - h + 30; y < base - 40; y += 90) {
    ctx.beginPath();
    ctx.moveTo(x - w * 0.18, y + 40);
    ctx.lineTo(x - w * 0.18, y + 12);
    ctx.quadraticCurveTo(x, y - 8, x + w * 0.18, y + 12);
    ctx.lineTo(x + w * 0.18, y + 40);
    ctx.fill();
  }
  ctx.restore();
}

export const darkPortal: BannerStyleDef = {
  key: 'dark-portal',
  theme: {
    logo: { entrance: 'vortex', idle: 'float', glow: '#a040ff', glowAlpha: 0.75, sweep: '#ecd8ff', flare: '#b060ff' },
    headline: {
      face: 'serifBlack',
      size: 62,
      fill: ['#fbf2ff', '#d7a6ff', '#8a3cf0'],
      stroke: { color: '#12001f', width: 4 },
      glow: { color: 'rgba(170,60,255,0.9)', blur: 22 },
      spacing: 0.14,
      reveal: 'smoke',
    },
    tags: { face: 'serifBold', size: 30, kind: 'plaque', color: '#f0e0ff', fill: 'rgba(40,6,70,0.85)', border: '#b070ff', accent: '#b070ff' },
    backdrop: { color: '#05000a', alpha: 0.55 },
    vignette: { color: '#000000', strength: 0.9 },
  },
  build(env) {
    const { scale, rng } = env;
    const seed = Math.floor(rng.next() * 1e9);
    const base = createLayer(W, H, scale);
    const b = base.ctx;
    const bg = b.createRadialGradient(CX, CY, 50, CX, CY, 1150);
    bg.addColorStop(0, '#2c0a4a');
    bg.addColorStop(0.4, '#14052a');
    bg.addColorStop(1, '#030008');
    b.fillStyle = bg;
    b.fillRect(0, 0, W, H);
    // A violet glow low on the horizon, so the spires stand out as silhouettes.
    drawLayer(b, radialSprite(900, scale, [
      [0, 'rgba(150,60,220,0.55)'],
      [0.5, 'rgba(90,30,160,0.25)'],
      [1, 'rgba(60,10,120,0)'],
    ]), CX - 1300, H - 500, 1);
    b.fillStyle = '#05010a';
    spire(b, 140, H, 110, 620, false);
    spire(b, 300, H, 70, 430, true);
    spire(b, 420, H, 50, 300, false);
    spire(b, W - 150, H, 120, 660, false);
    spire(b, W - 320, H, 80, 400, true);
    spire(b, W - 450, H, 46, 280, false);
    // Broken arch across the foreground floor.
    b.fillRect(0, 940, W, 140);
    const fog = createLayer(W + 400, 300, scale);
    const fn = createNoise2D(seed + 2);
    paintField(fog, 10, (x, y) => [90, 40, 140, clamp((fn.fbm(x / 260, y / 80, 4) - 0.38) * 2) * Math.sin((y / 300) * Math.PI) * 170]);

    const vortex = vortexLayer(scale, seed + 1, 520);
    const innerGlow = radialSprite(260, scale, [
      [0, 'rgba(0,0,0,0.95)'],
      [0.35, 'rgba(20,0,40,0.9)'],
      [0.6, 'rgba(200,120,255,0.5)'],
      [1, 'rgba(160,60,255,0)'],
    ]);
    const runeRng = rng.fork('runes');
    const runes = Array.from({ length: 4 }, () => runeSprite(runeRng, scale));
    const ember = glowSprite('rgba(210,140,255,1)', 12, scale, 0.2);
    const embers = spawn(env, rng.fork('embers'), 90, [2, 4], [2.5, 6]);
    const turnCycles = env.cycles(12);
    const ringCycles = env.cycles(6);
    const pulseCycles = env.cycles(2);

    const ring = (ctx: Ctx, radius: number, count: number, angle: number, alpha: number, size: number) => {
      ctx.strokeStyle = `rgba(190,110,255,${alpha * 0.6})`;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.ellipse(CX, CY, radius, radius * 0.32, 0, 0, TAU);
      ctx.stroke();
      ctx.beginPath();
      ctx.ellipse(CX, CY, radius + 26, (radius + 26) * 0.32, 0, 0, TAU);
      ctx.stroke();
      for (let i = 0; i < count; i++) {
        const a = angle + (i / count) * TAU;
        const x = CX + Math.cos(a) * (radius + 13);
        const y = CY + Math.sin(a) * (radius + 13) * 0.32;
        // Runes on the far side of the tilted ring are dimmer.
        ctx.globalAlpha = alpha * (0.45 + 0.55 * (0.5 + 0.5 * Math.sin(a)));
        ctx.drawImage(runes[i % runes.length].canvas, x - size / 2, y - size / 2, size, size);
      }
      ctx.globalAlpha = 1;
    };

    return {
      background(ctx, { phase }) {
        drawLayer(ctx, base, 0, 0);
        const pulse = 0.85 + 0.15 * Math.sin(TAU * phase * pulseCycles);
        ctx.globalCompositeOperation = 'lighter';
        // One fifth of a turn per cycle brings the five arms back to where they started.
        ctx.save();
        ctx.translate(CX, CY);
        ctx.scale(1, 0.62);
        ctx.rotate(-(TAU / ARMS) * phase * turnCycles);
        ctx.globalAlpha = pulse;
        ctx.drawImage(vortex.canvas, -560, -560, 1120, 1120);
        ctx.restore();
        ctx.globalCompositeOperation = 'source-over';
        drawLayer(ctx, innerGlow, CX - 260, CY - 260 * 0.62, 0.9);
        ctx.globalCompositeOperation = 'lighter';
        // Four runes per cycle: the glyph pattern repeats every four slots, so the ring loops exactly.
        ring(ctx, 600, 28, (TAU / 28) * 4 * phase * ringCycles, 0.8 * pulse, 30);
        ctx.globalCompositeOperation = 'lighter';
        for (const p of embers) {
          // Spiralling inwards towards the eye.
          const u = age(p, phase);
          const a0 = p.a * TAU;
          const r = (1 - u) * (700 + p.b * 400);
          const a = a0 + u * 2.2;
          const x = CX + Math.cos(a) * r;
          const y = CY + Math.sin(a) * r * 0.55;
          ctx.globalAlpha = lifeFade(u, 0.2) * 0.9;
          ctx.drawImage(ember.canvas, x - p.size * 2, y - p.size * 2, p.size * 4, p.size * 4);
        }
        ctx.globalAlpha = 1;
        ctx.globalCompositeOperation = 'source-over';
        drawDrift(ctx, fog, frac(phase), 200, -200, H - 300, 0.9);
      },
    };
  },
};
