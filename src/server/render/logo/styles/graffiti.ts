/** 街头涂鸦: jumbled spray-painted letters in acid colours with a 3D block, paint drips, overspray and splatters. */
import { grain, sky, vignette } from '../backdrop';
import { speckleTile } from '../noise';
import { crownPath, inkSplash } from '../ornaments';
import { linear, type Layer, type Paint } from '../surface';
import type { LogoStyle } from '../types';

const INK = '#15061e';

export const graffiti: LogoStyle = {
  face: 'sansBlack',
  layout: { mode: 'line', tracking: -0.1, width: 860, maxEm: 280, skew: -0.08, jitterRot: 0.16, jitterY: 0.1, jitterSize: 0.14 },
  pad: 0.4,
  sloganGap: 0.3,
  title(kit) {
    const e = kit.em;
    const drips = (into: Layer, paint: Paint, width: number): void => {
      kit.each((ctx, g) => {
        const rng = kit.rngFor(g, 'paint-drip');
        for (const c of kit.inkColumns(g, 14)) {
          if (!rng.chance(0.2)) continue;
          const len = g.size * rng.range(0.1, 0.35);
          const w = g.size * rng.range(0.025, 0.04);
          ctx.beginPath();
          ctx.roundRect(c.x - w, c.bottom - g.size * 0.05, w * 2, len, w);
          if (width > 0) {
            ctx.lineWidth = width;
            ctx.strokeStyle = paint;
            ctx.stroke();
          }
          ctx.fillStyle = paint;
          ctx.fill();
        }
      }, into);
    };
    // Overspray: a haze of paint dots around the letters.
    const spray = kit.newLayer();
    spray.ctx.fillStyle = kit.pattern(speckleTile('overspray', 0.05, [255, 60, 170]));
    spray.ctx.fillRect(spray.box.x, spray.box.y, spray.box.w, spray.box.h);
    kit.clipTo(spray, kit.mask(e * 0.5));
    kit.put(spray);
    kit.extrude(8, e * 0.014, e * 0.012, () => '#5a0a6a', e * 0.18);
    kit.stroke(e * 0.18, INK);
    drips(kit.layer, INK, e * 0.08);
    kit.stroke(e * 0.07, '#ffffff');
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, '#f4ff4a'], [0.5, '#6aff3a'], [1, '#00c8a0']], -0.45, 0.45));
    drips(face, '#00c8a0', 0);
    // Shines: short white strokes on the upper left of each letter.
    kit.each((ctx, g) => {
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.lineWidth = g.size * 0.035;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(-g.size * 0.3, -g.size * 0.18);
      ctx.lineTo(-g.size * 0.3, -g.size * 0.3);
      ctx.lineTo(-g.size * 0.18, -g.size * 0.36);
      ctx.stroke();
    }, face);
    kit.clipTo(face, kit.faceLayer('#fff'));
    kit.put(face);
    drips(kit.layer, '#00c8a0', 0);
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    inkSplash(ctx, box.x + box.w * 0.15, box.y + box.h * 0.3, em * 0.45, rng, 'rgba(255,40,160,0.9)');
    inkSplash(ctx, box.x + box.w * 0.85, box.y + box.h * 0.7, em * 0.4, rng, 'rgba(0,220,255,0.9)');
    // A doodled crown tag above the title.
    ctx.save();
    ctx.translate(box.x + box.w * 0.3, box.y - em * 0.05);
    ctx.rotate(-0.25);
    crownPath(ctx, 0, 0, em * 0.6, em * 0.42);
    ctx.strokeStyle = '#ffe000';
    ctx.lineWidth = em * 0.05;
    ctx.lineJoin = 'round';
    ctx.stroke();
    ctx.restore();
    // An arrow swoosh under the title.
    ctx.strokeStyle = '#ff2ea0';
    ctx.lineWidth = em * 0.06;
    ctx.lineCap = 'round';
    ctx.beginPath();
    const y = box.y + box.h + em * 0.15;
    ctx.moveTo(box.x + box.w * 0.05, y);
    ctx.quadraticCurveTo(box.x + box.w * 0.5, y + em * 0.2, box.x + box.w * 0.95, y - em * 0.1);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(box.x + box.w * 0.95 - em * 0.2, y - em * 0.2);
    ctx.lineTo(box.x + box.w * 0.95, y - em * 0.1);
    ctx.lineTo(box.x + box.w * 0.95 - em * 0.12, y + em * 0.08);
    ctx.stroke();
  },
  slogan: { kind: 'tape', face: 'sansBlack', color: '#15061e', tape: '#ffe000', spacing: 0.12 },
  entrance: 'pop',
  sweep: [255, 255, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#5a4a48'],
      [1, '#2a2020'],
    ]);
    // Brick courses.
    const bh = Math.max(8, h / 14);
    const bw = bh * 2.4;
    for (let row = 0; row * bh < h; row += 1) {
      for (let x = (row % 2) * -bw * 0.5; x < w; x += bw) {
        ctx.fillStyle = linear(ctx, 0, row * bh, 0, (row + 1) * bh, [[0, `rgba(${120 + rng.int(0, 30)},60,50,1)`], [1, 'rgba(80,40,35,1)']]);
        ctx.fillRect(x + 2, row * bh + 2, bw - 4, bh - 4);
      }
    }
    grain(ctx, w, h, 0.35);
    vignette(ctx, w, h, 0.6);
  },
};
