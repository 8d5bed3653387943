/** 暗黑血月: gothic serif in dark crimson dripping blood, beneath a huge red moon with bats. */
import { glow, ridge, sky, stars, vignette } from '../backdrop';
import { erosionTile, grainTile } from '../noise';
import { batPath } from '../ornaments';
import { linear, radial, tinted, type Layer, type Paint } from '../surface';
import type { LogoStyle } from '../types';
import { repeatingPattern } from '../../repeatingPattern';

export const bloodMoon: LogoStyle = {
  face: 'serifBlack',
  layout: { mode: 'arch', arch: 0.14, tracking: 0.0, width: 840, maxEm: 270 },
  // The blood drips and the red glow reach about 0.46 em below the letters.
  pad: 0.55,
  sloganGap: 0.3,
  title(kit) {
    const e = kit.em;
    // Drips hang from the bottom edges; they are outlined with the letters, so draw them per pass.
    const drips = (into: Layer, paint: Paint, width: number): void => {
      kit.each((ctx, g) => {
        const rng = kit.rngFor(g, 'drip');
        for (const c of kit.inkColumns(g, 18)) {
          if (!rng.chance(0.28)) continue;
          const len = g.size * rng.range(0.08, 0.3);
          const w = g.size * rng.range(0.02, 0.04);
          const y = c.bottom - g.size * 0.03;
          ctx.beginPath();
          ctx.moveTo(c.x - w * 1.8, y);
          ctx.quadraticCurveTo(c.x - w * 0.7, y + w, c.x - w * 0.7, y + len);
          ctx.arc(c.x, y + len, w * 1.2, Math.PI, 0, true);
          ctx.quadraticCurveTo(c.x + w * 0.7, y + w, c.x + w * 1.8, y);
          ctx.closePath();
          if (width > 0) {
            ctx.lineWidth = width;
            ctx.lineJoin = 'round';
            ctx.strokeStyle = paint;
            ctx.stroke();
          }
          ctx.fillStyle = paint;
          ctx.fill();
        }
      }, into);
    };
    // Black iron letters with a blood-red rim, so they stand out against the red moon.
    const rim = linear(kit.ctx, 0, kit.box.y, 0, kit.box.y + kit.box.h, [[0, '#ff4a3a'], [1, '#a00008']]);
    for (const [width, paint] of [
      [e * 0.17, '#000000'],
      [e * 0.09, rim],
    ] as const) {
      kit.stroke(width, paint);
      drips(kit.layer, paint, width);
    }
    const shape = kit.newLayer();
    kit.fill('#fff', { into: shape });
    drips(shape, '#fff', 0);
    const face = tinted(shape, linear(kit.ctx, 0, kit.box.y, 0, kit.box.y + kit.box.h * 1.2, [[0, '#4a0a0c'], [0.45, '#1c0204'], [0.8, '#7a0008'], [1, '#c00010']]));
    kit.overlay(face, kit.pattern(grainTile('blood', 28, 2.4)), 'overlay', 0.5);
    kit.erode(face, erosionTile('blood-wear', 0.82, 36, 0.03), { x: 19, y: 61 });
    kit.bevel(face, 'rgba(255,90,70,0.95)', 'rgba(0,0,0,0.9)', e * 0.016, e * 0.012);
    kit.put(face);
    kit.glow('rgba(255,20,0,0.45)', e * 0.16);
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    const r = Math.max(box.h * 0.95, em * 1.05);
    const cy = box.y + box.h * 0.3;
    ctx.fillStyle = radial(ctx, 0, cy, r * 0.9, r * 1.5, [[0, 'rgba(200,0,0,0.45)'], [1, 'rgba(120,0,0,0)']]);
    ctx.fillRect(-r * 1.5, cy - r * 1.5, r * 3, r * 3);
    ctx.fillStyle = radial(ctx, -r * 0.2, cy - r * 0.2, 0, r, [[0, '#ff5a3a'], [0.6, '#c01010'], [1, '#6a0000']]);
    ctx.beginPath();
    ctx.arc(0, cy, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.save();
    ctx.beginPath();
    ctx.arc(0, cy, r, 0, Math.PI * 2);
    ctx.clip();
    ctx.globalCompositeOperation = 'multiply';
    ctx.globalAlpha = 0.5;
    ctx.fillStyle = repeatingPattern(ctx, grainTile('moon', 6, 2.2));
    ctx.fillRect(-r, cy - r, r * 2, r * 2);
    ctx.restore();
    ctx.fillStyle = '#080000';
    for (let i = 0; i < 6; i += 1) {
      const side = i % 2 === 0 ? -1 : 1;
      const x = side * (r * rng.range(0.5, 1.2));
      const y = cy + rng.range(-r * 0.9, -r * 0.1);
      batPath(ctx, x, y, em * rng.range(0.22, 0.38));
      ctx.fill();
    }
  },
  slogan: { kind: 'lines', face: 'serifBold', color: '#f0c8b8', line: '#c01818', ornament: 'diamond', outline: 'rgba(20,0,0,0.9)', spacing: 0.35 },
  entrance: 'ink',
  sweep: [255, 200, 190],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#050000'],
      [0.6, '#2a0204'],
      [1, '#0a0000'],
    ]);
    glow(ctx, w / 2, h * 0.35, h * 0.6, 'rgba(200,20,20,0.35)');
    stars(ctx, w, h * 0.6, rng, 60, '#ffb0a0', 1.2);
    ridge(ctx, w, h, h * 0.88, h * 0.15, '#030000', rng);
    vignette(ctx, w, h, 0.7);
  },
};
