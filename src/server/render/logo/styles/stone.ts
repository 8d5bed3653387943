/** 武侠金石: calligraphy chiselled into granite, with gold-filled engraving, on a rough stone slab with crossed swords. */
import { mist, ridge, sky, vignette } from '../backdrop';
import { contrast, erosionTile, noiseTile, ramp, speckleTile } from '../noise';
import { crack, sword } from '../ornaments';
import type { Rng } from '../prng';
import { linear } from '../surface';
import type { Ctx } from '../surface';
import type { LogoStyle } from '../types';
import { repeatingPattern } from '../../repeatingPattern';

const granite = () =>
  noiseTile(
    {
      size: 256,
      cells: 8,
      octaves: 5,
      seed: 'granite',
      color: (v) => {
        const [r, g, b] = ramp(
          [
            [70, 66, 60],
            [128, 122, 112],
            [188, 182, 170],
          ],
          contrast(v, 1.8),
        );
        return [r, g, b, 255];
      },
    },
    'granite',
  );

function slabPath(ctx: Ctx, x: number, y: number, w: number, h: number, rng: Rng): void {
  const pts: Array<[number, number]> = [
    [x + rng.range(0, w * 0.05), y + rng.range(0, h * 0.15)],
    [x + w * 0.3, y - rng.range(0, h * 0.08)],
    [x + w * 0.65, y + rng.range(0, h * 0.08)],
    [x + w - rng.range(0, w * 0.04), y + rng.range(0, h * 0.12)],
    [x + w + rng.range(0, w * 0.02), y + h * 0.55],
    [x + w - rng.range(0, w * 0.05), y + h],
    [x + w * 0.45, y + h + rng.range(0, h * 0.08)],
    [x + rng.range(0, w * 0.05), y + h - rng.range(0, h * 0.1)],
    [x - rng.range(0, w * 0.03), y + h * 0.45],
  ];
  ctx.beginPath();
  pts.forEach(([px, py], i) => (i === 0 ? ctx.moveTo(px, py) : ctx.lineTo(px, py)));
  ctx.closePath();
}

export const stone: LogoStyle = {
  face: 'brush',
  layout: { mode: 'stack', tracking: 0.0, width: 820, maxEm: 280 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    kit.extrude(5, e * 0.01, e * 0.014, () => '#14110e', e * 0.1);
    kit.rings([
      [e * 0.1, '#16130f'],
      [e * 0.055, (g) => kit.glyphGradient(g, [[0, '#fff0b0'], [0.5, '#c89a3a'], [1, '#7a5418']], -0.55, 0.55)],
    ]);
    const face = kit.faceLayer('#8a847a');
    kit.overlay(face, kit.pattern(granite()), 'source-over', 1, { x: 13, y: 7 });
    kit.overlay(face, kit.pattern(speckleTile('pores', 0.02, [30, 26, 22])), 'source-over', 0.8);
    kit.overlay(face, linear(kit.ctx, 0, kit.box.y, 0, kit.box.y + kit.box.h, [[0, 'rgba(255,250,235,0.3)'], [1, 'rgba(0,0,0,0.35)']]));
    const cracks = kit.newLayer();
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'crack');
      ctx.strokeStyle = 'rgba(25,20,15,0.85)';
      ctx.lineWidth = Math.max(1, e * 0.01);
      crack(ctx, rng.jitter(g.size * 0.3), -g.size * 0.4, g.size * 0.5, Math.PI / 2 + rng.jitter(0.5), rng, 1);
    }, cracks);
    kit.clipTo(cracks, face);
    kit.put(cracks);
    kit.erode(face, erosionTile('chips', 0.8, 48, 0.02), { x: 3, y: 17 });
    kit.bevel(face, 'rgba(255,252,240,0.9)', 'rgba(10,8,5,0.9)', e * 0.02, e * 0.012);
    kit.put(face);
    kit.dropShadow('rgba(0,0,0,0.6)', e * 0.03, e * 0.04, e * 0.05);
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    // Two swords crossed behind the slab: hilts below its corners, blades out past the top.
    const sx = box.w / 2 + em * 0.25;
    const sy = box.y + box.h + em * 0.55;
    const angle = Math.atan2(box.h + em * 1.2, sx * 2);
    const len = Math.hypot(sx * 2, box.h + em * 1.2) * 0.9;
    sword(ctx, -sx, sy, len, -angle, ['#e8eef2', '#8a98a4'], '#6a4420', '#151515');
    sword(ctx, sx, sy, len, Math.PI + angle, ['#e8eef2', '#8a98a4'], '#6a4420', '#151515');
    const x = box.x - em * 0.35;
    const y = box.y - em * 0.22;
    const w = box.w + em * 0.7;
    const h = box.h + em * 0.4;
    slabPath(ctx, x, y, w, h, rng);
    ctx.fillStyle = repeatingPattern(ctx, granite());
    ctx.fill();
    ctx.fillStyle = linear(ctx, 0, y, 0, y + h, [[0, 'rgba(90,95,100,0.35)'], [1, 'rgba(0,0,0,0.65)']]);
    ctx.fill();
    ctx.strokeStyle = '#1a1714';
    ctx.lineWidth = em * 0.035;
    ctx.lineJoin = 'round';
    ctx.stroke();
    ctx.strokeStyle = 'rgba(255,250,240,0.35)';
    ctx.lineWidth = em * 0.012;
    ctx.stroke();
  },
  slogan: { kind: 'plate', face: 'brush', color: '#f3e6c4', fill: ['#4a443c', '#24201c'], border: '#c89a3a', shape: 'round', spacing: 0.35 },
  seal: { face: 'brush' },
  entrance: 'drop',
  sweep: [255, 240, 200],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#2a2e36'],
      [0.55, '#6a6660'],
      [1, '#1a1816'],
    ]);
    ridge(ctx, w, h, h * 0.7, h * 0.35, 'rgba(40,44,50,0.85)', rng);
    mist(ctx, w, h, h * 0.7, 'rgba(200,200,195,0.3)', rng);
    ridge(ctx, w, h, h * 0.9, h * 0.2, '#121110', rng);
    vignette(ctx, w, h, 0.6);
  },
};
