/** 金殿辉煌: palace halls in silhouette against a golden sky, rotating god rays, gold motes rising and sparkling. */
import { createLayer, drawLayer, fillVertical, glowSprite, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx, type Layer } from '../core/canvas';
import { clamp, TAU } from '../core/math';
import { age, lifeFade, spawn } from '../core/particles';
import type { BannerStyleDef } from '../core/types';
import { drawHall, drawWall } from './common';

const CX = W / 2;
const CY = 520;
const RAYS = 16;

function sparkleSprite(scale: number): Layer {
  const layer = createLayer(64, 64, scale);
  const c = layer.ctx;
  c.translate(32, 32);
  const g = c.createRadialGradient(0, 0, 0, 0, 0, 32);
  g.addColorStop(0, 'rgba(255,255,230,1)');
  g.addColorStop(0.2, 'rgba(255,220,120,0.6)');
  g.addColorStop(1, 'rgba(255,200,80,0)');
  c.fillStyle = g;
  for (const r of [0, Math.PI / 2]) {
    c.save();
    c.rotate(r);
    c.beginPath();
    c.moveTo(-32, 0);
    c.quadraticCurveTo(0, -2.5, 32, 0);
    c.quadraticCurveTo(0, 2.5, -32, 0);
    c.fill();
    c.restore();
  }
  c.beginPath();
  c.arc(0, 0, 6, 0, TAU);
  c.fill();
  return layer;
}

/** The main hall with gold rim light along its roof lines. */
function palace(ctx: Ctx, cx: number, base: number, w: number, tiers: number, body: string, rim: string): void {
  ctx.fillStyle = body;
  drawHall(ctx, cx, base, w, tiers, w * 0.15);
  ctx.save();
  ctx.globalCompositeOperation = 'source-atop';
  const g = ctx.createLinearGradient(0, base - w * 0.6, 0, base);
  g.addColorStop(0, rim);
  g.addColorStop(0.12, 'rgba(0,0,0,0)');
  ctx.fillStyle = g;
  ctx.fillRect(cx - w, base - w, w * 2, w);
  ctx.restore();
}

export const goldenPalace: BannerStyleDef = {
  key: 'golden-palace',
  theme: {
    logo: { entrance: 'shine', idle: 'breathe', glow: '#ffc850', glowAlpha: 0.65, sweep: '#fff4c8', flare: '#ffd27a' },
    headline: {
      face: 'serifBlack',
      size: 64,
      fill: ['#fffbe6', '#ffe08a', '#d99a2b', '#fff0b0'],
      stroke: { color: '#4a1d05', width: 5 },
      glow: { color: 'rgba(255,190,70,0.65)', blur: 16 },
      spacing: 0.12,
      reveal: 'rise',
    },
    tags: { face: 'serifBold', size: 32, kind: 'plaque', color: '#ffe9b0', fill: 'rgba(128,18,12,0.88)', border: '#ffd36b', accent: '#ffd36b' },
    backdrop: { color: '#2a0a00', alpha: 0.45 },
    vignette: { color: '#160400', strength: 0.8 },
  },
  build(env) {
    const { scale, rng } = env;
    const base = createLayer(W, H, scale);
    const b = base.ctx;
    fillVertical(b, 0, 0, W, H, [
      [0, '#2a0b04'],
      [0.3, '#6b230b'],
      [0.52, '#c0651c'],
      [0.66, '#ffc25a'],
      [0.74, '#ffe3a0'],
      [1, '#2a0d04'],
    ]);
    drawLayer(b, radialSprite(800, scale, [
      [0, 'rgba(255,250,220,0.95)'],
      [0.2, 'rgba(255,220,130,0.6)'],
      [1, 'rgba(255,170,60,0)'],
    ]), CX - 800, CY + 120 - 800);
    // The palace stands in front of the rays, so it is a layer of its own.
    const halls = createLayer(W, 520, scale);
    const h = halls.ctx;
    h.translate(0, -(H - 520));
    h.fillStyle = 'rgba(150,70,20,0.6)';
    for (const [x, w] of [
      [160, 240],
      [520, 180],
      [1400, 200],
      [1770, 260],
    ]) drawHall(h, x, 830, w, 2, w * 0.15);
    h.fillStyle = 'rgba(110,45,12,0.85)';
    drawWall(h, 0, W, 840, H, 12);
    palace(h, 300, 900, 420, 1, '#250c04', 'rgba(255,210,120,0.85)');
    palace(h, W - 300, 900, 420, 1, '#250c04', 'rgba(255,210,120,0.85)');
    palace(h, CX, 880, 600, 2, '#2b0e05', 'rgba(255,225,150,0.95)');
    h.fillStyle = '#1a0803';
    h.fillRect(0, 930, W, 200);
    for (let i = 0; i < 6; i++) h.fillRect(CX - 200 - i * 30, 880 + i * 9, 400 + i * 60, 9);
    fillVertical(h, 0, 930, W, 150, [
      [0, 'rgba(26,8,3,0)'],
      [1, 'rgba(10,3,1,0.9)'],
    ]);

    const motes = spawn(env, rng.fork('motes'), 170, [4, 8], [3, 8]);
    const sparkles = spawn(env, rng.fork('sparkles'), 26, [1.5, 3], [40, 90]);
    const mote = glowSprite('rgba(255,214,120,1)', 14, scale, 0.2);
    const sparkle = sparkleSprite(scale);
    const rayCycles = env.cycles(20);
    const rayGradient = (ctx: Ctx) => {
      const g = ctx.createRadialGradient(CX, CY, 0, CX, CY, 1100);
      // Clear at the hub, where the wedges would otherwise crowd into a moire.
      g.addColorStop(0, 'rgba(255,236,170,0)');
      g.addColorStop(0.15, 'rgba(255,236,170,0.34)');
      g.addColorStop(0.5, 'rgba(255,200,100,0.12)');
      g.addColorStop(1, 'rgba(255,180,80,0)');
      return g;
    };
    let gradient: ReturnType<typeof rayGradient> | null = null;

    return {
      background(ctx, { phase }) {
        drawLayer(ctx, base, 0, 0);
        // God rays: one path of wedges turning slowly.
        gradient ??= rayGradient(ctx);
        const turn = ((TAU * 2) / RAYS) * phase * rayCycles;
        ctx.globalCompositeOperation = 'lighter';
        ctx.fillStyle = gradient;
        ctx.beginPath();
        for (let i = 0; i < RAYS; i++) {
          const a = turn + (i / RAYS) * TAU;
          // Wide and narrow rays alternate; turning two slots per cycle keeps the pattern in step.
          const spread = i % 2 ? 0.05 : 0.085;
          ctx.moveTo(CX, CY);
          ctx.lineTo(CX + Math.cos(a - spread) * 1400, CY + Math.sin(a - spread) * 1400);
          ctx.lineTo(CX + Math.cos(a + spread) * 1400, CY + Math.sin(a + spread) * 1400);
          ctx.closePath();
        }
        ctx.fill();
        ctx.globalCompositeOperation = 'source-over';
        drawLayer(ctx, halls, 0, H - 520);
        ctx.globalCompositeOperation = 'lighter';
        for (const p of motes) {
          const u = age(p, phase);
          const y = H + 20 - u * (H * 0.9);
          const x = p.x + Math.sin(TAU * (u * 2 + p.a)) * 30;
          ctx.globalAlpha = lifeFade(u, 0.15) * (0.6 + 0.4 * Math.sin(TAU * (u * 6 + p.b)));
          ctx.drawImage(mote.canvas, x - p.size * 2, y - p.size * 2, p.size * 4, p.size * 4);
        }
        for (const p of sparkles) {
          const u = age(p, phase);
          const s = p.size * Math.sin(Math.PI * u);
          ctx.globalAlpha = clamp(Math.sin(Math.PI * u) * 1.2);
          ctx.drawImage(sparkle.canvas, p.x - s / 2, p.y * 0.8 - s / 2, s, s);
        }
        ctx.globalAlpha = 1;
        ctx.globalCompositeOperation = 'source-over';
      },
    };
  },
};
