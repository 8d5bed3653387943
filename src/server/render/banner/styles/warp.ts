/** 星际穿越: stars streaking past towards the viewer out of a coloured nebula, a glowing core ahead. */
import { createLayer, drawLayer, drawSoftSprite, paintField, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W } from '../core/canvas';
import { clamp, frac, TAU } from '../core/math';
import { createNoise2D } from '../core/noise';
import type { BannerStyleDef } from '../core/types';

const CX = W / 2;
const CY = 470;

export const warp: BannerStyleDef = {
  key: 'warp',
  theme: {
    logo: { entrance: 'zoom', idle: 'float', glow: '#4aa0ff', glowAlpha: 0.65, sweep: '#d6ebff', flare: '#6fb0ff' },
    headline: {
      face: 'sansBlack',
      size: 58,
      fill: ['#ffffff', '#d9ecff', '#8cbcff'],
      stroke: { color: '#06122e', width: 3 },
      glow: { color: 'rgba(70,150,255,0.9)', blur: 20 },
      spacing: 0.24,
      reveal: 'zoom',
    },
    tags: { face: 'sansBold', size: 30, kind: 'bracket', color: '#e6f0ff', fill: 'rgba(10,30,80,0.55)', border: '#8cbcff', accent: '#8cbcff' },
    backdrop: { color: '#000615', alpha: 0.5 },
    vignette: { color: '#000005', strength: 0.85 },
    centerY: 490,
  },
  build(env) {
    const { scale, rng } = env;
    const seed = Math.floor(rng.next() * 1e9);
    const base = createLayer(W, H, scale);
    const b = base.ctx;
    const bg = b.createRadialGradient(CX, CY, 0, CX, CY, 1200);
    bg.addColorStop(0, '#0d1a4a');
    bg.addColorStop(0.5, '#050a24');
    bg.addColorStop(1, '#01020a');
    b.fillStyle = bg;
    b.fillRect(0, 0, W, H);
    const nebula = createNoise2D(seed + 1);
    const hue = createNoise2D(seed + 2);
    paintField(base, 8, (x, y) => {
      const n = nebula.fbm(x / 520, y / 420, 5);
      const h = hue.fbm(x / 900, y / 900, 2);
      const d = Math.hypot(x - CX, (y - CY) * 1.4) / 1100;
      const a = clamp((n - 0.42) * 2.4) * clamp(1.1 - d) * 200;
      // Teal to violet to magenta across the sky.
      const r = 40 + h * 200;
      const g = 70 + (1 - h) * 120;
      const bl = 200 + h * 40;
      return [r, g, bl, a];
    });
    const dust = rng.fork('dust');
    for (let i = 0; i < 900; i++) {
      b.globalAlpha = dust.range(0.2, 0.9);
      b.fillStyle = dust.chance(0.8) ? '#ffffff' : '#bcd4ff';
      const s = dust.range(0.8, 2.2);
      b.fillRect(dust.range(0, W), dust.range(0, H), s, s);
    }
    b.globalAlpha = 1;

    const cycles = [env.cycles(1.2), env.cycles(2)];
    const stars = Array.from({ length: 520 }, () => {
      const angle = rng.range(0, TAU);
      return {
        cos: Math.cos(angle),
        sin: Math.sin(angle),
        // Distance from the axis of travel: near the axis they stay close to the centre.
        r: 40 + Math.pow(rng.next(), 0.6) * 900,
        offset: rng.next(),
        cycles: rng.pick(cycles),
        color: rng.pick(['#ffffff', '#ffffff', '#cfe0ff', '#9fc2ff', '#ffd9f5']),
        width: rng.range(1, 2.6),
      };
    });
    const pulseCycles = env.cycles(3);
    // The light at the end of the tunnel, at its largest (the pulse shrinks it by up to a tenth).
    const core = radialSprite(520, scale, [
      [0, 'rgba(255,255,255,0.95)'],
      [0.08, 'rgba(190,220,255,0.7)'],
      [0.35, 'rgba(80,140,255,0.22)'],
      [1, 'rgba(40,80,255,0)'],
    ]);

    return {
      background(ctx, { phase }) {
        drawLayer(ctx, base, 0, 0);
        const pulse = 0.8 + 0.2 * Math.sin(TAU * phase * pulseCycles);
        ctx.globalCompositeOperation = 'lighter';
        drawSoftSprite(ctx, core, CX, CY, 1040 * (0.9 + 0.1 * pulse), 0.8 * pulse);
        ctx.lineCap = 'round';
        for (const s of stars) {
          // z runs from far (1) to the camera (0); the streak covers a short stretch of z.
          const z = 1 - frac(s.offset + phase * s.cycles);
          const z0 = z + 0.05 + (1 - z) * 0.06;
          const project = (depth: number) => (s.r * 0.35) / (depth * depth * 1.6 + 0.04);
          const r1 = project(z);
          const r0 = project(Math.min(1.2, z0));
          if (r0 > 1500) continue;
          const a = clamp((1 - z) * 1.6) * clamp(z * 8);
          if (a <= 0.02) continue;
          ctx.globalAlpha = a;
          ctx.strokeStyle = s.color;
          ctx.lineWidth = s.width * (0.5 + (1 - z) * 1.8);
          ctx.beginPath();
          ctx.moveTo(CX + s.cos * r0, CY + s.sin * r0);
          ctx.lineTo(CX + s.cos * r1, CY + s.sin * r1);
          ctx.stroke();
        }
        ctx.globalAlpha = 1;
        ctx.globalCompositeOperation = 'source-over';
      },
    };
  },
};
