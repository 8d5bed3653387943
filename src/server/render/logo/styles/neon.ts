/** 霓虹赛博: hot-pink neon tubes tracing the letters with a cyan glitch ghost, circuit traces and HUD corners. */
import { floorGrid, glow, sky, vignette } from '../backdrop';
import { circuit } from '../ornaments';
import { blankLike, inDevicePixels } from '../surface';
import type { LogoStyle } from '../types';

export const neon: LogoStyle = {
  face: 'sansBold',
  layout: { mode: 'line', tracking: 0.06, width: 780, maxEm: 260, skew: 0.1 },
  pad: 0.42,
  title(kit) {
    const e = kit.em;
    kit.fill('rgba(30,0,50,0.7)');
    // The glitch ghost: a cyan copy of the tubes, shifted left.
    kit.stroke(e * 0.04, 'rgba(0,240,255,0.75)', { dx: -e * 0.035, dy: e * 0.01 });
    kit.stroke(e * 0.05, '#ff2bd6');
    kit.stroke(e * 0.02, '#fff0fc');
    kit.glow('rgba(255,40,210,0.9)', e * 0.06);
    kit.glow('rgba(255,40,210,0.6)', e * 0.14);
    // Glitch slices: a band of each character slides sideways.
    const snapshot = blankLike(kit.layer);
    inDevicePixels(snapshot, (ctx) => ctx.drawImage(kit.layer.canvas, 0, 0));
    for (const g of kit.glyphs) {
      const rng = kit.rngFor(g, 'slice');
      const s = kit.layer.scale;
      const top = Math.round((g.y + rng.range(-0.3, 0.25) * g.size - kit.layer.box.y) * s);
      const h = Math.max(1, Math.round(g.size * rng.range(0.05, 0.1) * s));
      const x0 = Math.round((g.x - g.size * 0.7 - kit.layer.box.x) * s);
      const w = Math.round(g.size * 1.4 * s);
      const shift = Math.round(rng.jitter(g.size * 0.07) * s);
      inDevicePixels(kit.layer, (ctx) => {
        ctx.clearRect(x0, top, w, h);
        ctx.drawImage(snapshot.canvas, x0, top, w, h, x0 + shift, top, w, h);
      });
    }
  },
  back(kit) {
    const { ctx, em, box, rng, scale } = kit;
    ctx.save();
    ctx.lineWidth = Math.max(1.5, em * 0.014);
    ctx.shadowBlur = em * 0.08 * scale;
    for (const side of [-1, 1] as const) {
      for (let i = 0; i < 4; i += 1) {
        const color = i % 2 === 0 ? '#00eaff' : '#ff2bd6';
        ctx.strokeStyle = color;
        ctx.shadowColor = color;
        const y = box.y + box.h * (0.15 + i * 0.24);
        const x = side < 0 ? box.x + em * 0.1 : box.x + box.w - em * 0.1;
        circuit(ctx, rng, x, y, side, em * rng.range(0.7, 1.2), em * 0.22);
      }
    }
    // HUD corner brackets around the title.
    ctx.strokeStyle = '#00eaff';
    ctx.shadowColor = '#00eaff';
    ctx.lineWidth = Math.max(2, em * 0.02);
    const m = em * 0.22;
    const l = em * 0.35;
    const x0 = box.x - m;
    const y0 = box.y - m;
    const x1 = box.x + box.w + m;
    const y1 = box.y + box.h + m * 0.6;
    for (const [cx, cy, dx, dy] of [
      [x0, y0, 1, 1],
      [x1, y0, -1, 1],
      [x0, y1, 1, -1],
      [x1, y1, -1, -1],
    ] as const) {
      ctx.beginPath();
      ctx.moveTo(cx + dx * l, cy);
      ctx.lineTo(cx, cy);
      ctx.lineTo(cx, cy + dy * l * 0.6);
      ctx.stroke();
    }
    ctx.restore();
  },
  slogan: { kind: 'neon', face: 'sansBold', color: '#8ffcff', bracket: '#ff2bd6', glow: 'rgba(0,230,255,0.9)', spacing: 0.3 },
  entrance: 'flicker',
  sweep: [255, 210, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#07001a'],
      [0.62, '#2a0a4a'],
      [0.63, '#12002a'],
      [1, '#05000f'],
    ]);
    // A skyline of lit windows.
    for (let i = 0; i < 26; i += 1) {
      const bw = w * rng.range(0.03, 0.07);
      const bh = h * rng.range(0.15, 0.45);
      const x = rng.range(-0.05, 1) * w;
      ctx.fillStyle = '#0d0220';
      ctx.fillRect(x, h * 0.63 - bh, bw, bh);
      ctx.fillStyle = rng.chance(0.5) ? 'rgba(0,234,255,0.5)' : 'rgba(255,43,214,0.5)';
      for (let k = 0; k < 8; k += 1) ctx.fillRect(x + rng.range(0.1, 0.8) * bw, h * 0.63 - bh + rng.range(0.05, 0.9) * bh, bw * 0.1, h * 0.008);
    }
    glow(ctx, w / 2, h * 0.63, w * 0.5, 'rgba(255,43,214,0.35)');
    floorGrid(ctx, w, h, h * 0.63, 'rgba(0,234,255,0.45)');
    vignette(ctx, w, h, 0.5);
  },
};
