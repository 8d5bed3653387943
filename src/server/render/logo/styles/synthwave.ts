/** 复古霓光: 80s chrome letters (sky-blue above a hard horizon, sunset below) in pink neon, over a striped sun and grid. */
import { floorGrid, glow, sky, stars } from '../backdrop';
import { linear } from '../surface';
import type { LogoStyle } from '../types';

const CHROME: ReadonlyArray<readonly [number, string]> = [
  [0, '#10206a'],
  [0.25, '#4aa8ff'],
  [0.49, '#ffffff'],
  [0.5, '#2a0a20'],
  [0.62, '#a0306a'],
  [0.85, '#ffa040'],
  [1, '#fff2c0'],
];

export const synthwave: LogoStyle = {
  face: 'sansBlack',
  layout: { mode: 'line', tracking: 0.02, width: 880, maxEm: 270, skew: 0.2 },
  pad: 0.35,
  title(kit) {
    const e = kit.em;
    kit.rings([
      [e * 0.15, '#12002a'],
      [e * 0.085, '#ff3ea5'],
      [e * 0.03, '#fff0fa'],
    ]);
    kit.glow('rgba(255,62,165,0.8)', e * 0.1);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, CHROME, -0.42, 0.42));
    // Scanline gaps across the lower half: the retro "horizon" cut.
    kit.each((ctx, g) => {
      ctx.globalCompositeOperation = 'destination-out';
      for (let k = 0; k < 4; k += 1) ctx.fillRect(-g.size, g.size * (0.1 + k * 0.085), g.size * 2, g.size * (0.012 + k * 0.006));
    }, face);
    kit.innerShadow(face, 'rgba(255,255,255,0.8)', 0, e * 0.012, 0);
    kit.put(face);
  },
  back(kit) {
    const { ctx, em, box } = kit;
    // The striped sunset sun behind the title.
    const r = Math.max(box.h * 0.95, em * 1.05);
    const cy = box.y + box.h * 0.3;
    ctx.save();
    ctx.beginPath();
    ctx.arc(0, cy, r, 0, Math.PI * 2);
    ctx.clip();
    ctx.fillStyle = linear(ctx, 0, cy - r, 0, cy + r, [[0, '#fff070'], [0.45, '#ff9a3a'], [1, '#ff2a8a']]);
    ctx.fillRect(-r, cy - r, r * 2, r * 2);
    ctx.globalCompositeOperation = 'destination-out';
    for (let k = 0; k < 7; k += 1) {
      const y = cy + r * (0.05 + k * 0.14);
      ctx.fillRect(-r, y, r * 2, r * (0.02 + k * 0.012));
    }
    ctx.restore();
    glow(ctx, 0, cy, r * 1.4, 'rgba(255,60,160,0.35)');
    // The grid floor under the sun.
    ctx.save();
    const gy = box.y + box.h * 0.78;
    const gw = r * 3.2;
    ctx.beginPath();
    ctx.rect(-gw / 2, gy, gw, em * 0.9);
    ctx.clip();
    ctx.translate(-gw / 2, 0);
    floorGrid(ctx, gw, gy + em * 0.9, gy, 'rgba(255,62,200,0.9)', 12);
    ctx.restore();
  },
  slogan: { kind: 'script', face: 'sansBold', color: '#ffd6f2', tilt: -0.05, glow: 'rgba(255,62,165,0.95)', outline: 'rgba(60,0,60,0.7)', spacing: 0.25 },
  entrance: 'slide',
  sweep: [255, 240, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#0a0224'],
      [0.55, '#3a0a5a'],
      [0.56, '#1a0230'],
      [1, '#05000f'],
    ]);
    stars(ctx, w, h * 0.55, rng, 90, '#ffffff', 1.4);
    glow(ctx, w / 2, h * 0.55, w * 0.5, 'rgba(255,60,160,0.3)');
    floorGrid(ctx, w, h, h * 0.56, 'rgba(255,62,200,0.6)');
  },
};
