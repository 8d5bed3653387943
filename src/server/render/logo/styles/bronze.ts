/** 青铜古韵: cast-bronze letters with green verdigris patina, set on a ritual-bronze plaque with a meander (回纹) border. */
import { glow, sky, vignette } from '../backdrop';
import { contrast, grainTile, noiseTile } from '../noise';
import { linear } from '../surface';
import type { Ctx } from '../surface';
import type { LogoStyle } from '../types';
import { repeatingPattern } from '../../repeatingPattern';

const BRONZE: ReadonlyArray<readonly [number, string]> = [
  [0, '#ffe0a8'],
  [0.35, '#c88a40'],
  [0.6, '#7a4818'],
  [1, '#b87a38'],
];

/** Verdigris: blotches of green that grow where the noise is high. */
const patina = () =>
  noiseTile(
    {
      size: 256,
      cells: 8,
      octaves: 5,
      seed: 'patina',
      color: (v) => {
        const a = contrast(v, 2.6);
        const k = Math.max(0, (a - 0.68) / 0.32);
        return [70 + Math.round(k * 40), 160 + Math.round(k * 40), 130 + Math.round(k * 20), Math.round(Math.min(1, k * 1.6) * 235)];
      },
    },
    'patina',
  );

/** The meander: a square spiral repeated along a line. */
function meander(ctx: Ctx, x0: number, y: number, x1: number, unit: number): void {
  ctx.beginPath();
  for (let x = x0; x + unit <= x1 + 0.01; x += unit) {
    const u = unit;
    ctx.moveTo(x, y + u * 0.4);
    ctx.lineTo(x, y - u * 0.4);
    ctx.lineTo(x + u * 0.8, y - u * 0.4);
    ctx.lineTo(x + u * 0.8, y + u * 0.25);
    ctx.lineTo(x + u * 0.25, y + u * 0.25);
    ctx.lineTo(x + u * 0.25, y - u * 0.15);
    ctx.lineTo(x + u * 0.55, y - u * 0.15);
  }
  ctx.stroke();
}

export const bronze: LogoStyle = {
  face: 'serifBold',
  layout: { mode: 'stack', tracking: 0.04, width: 820, maxEm: 260, squash: 0.95 },
  pad: 0.28,
  sloganGap: 0.45,
  title(kit) {
    const e = kit.em;
    kit.extrude(5, 0, e * 0.012, () => '#1a0e04', e * 0.13);
    kit.rings([
      [e * 0.13, '#1e1208'],
      [e * 0.07, (g) => kit.glyphGradient(g, BRONZE, -0.6, 0.6)],
      [e * 0.03, '#2a1808'],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, BRONZE, -0.45, 0.45));
    kit.overlay(face, kit.pattern(grainTile('cast', 40, 1.8)), 'multiply', 0.35);
    kit.overlay(face, kit.pattern(patina()), 'source-over', 0.9, { x: 23, y: 5 });
    kit.bevel(face, 'rgba(255,236,200,0.9)', 'rgba(30,15,0,0.85)', e * 0.016, e * 0.01);
    kit.put(face);
    kit.dropShadow('rgba(0,0,0,0.5)', 0, e * 0.03, e * 0.04);
  },
  back(kit) {
    const { ctx, em, box } = kit;
    const x = box.x - em * 0.35;
    const y = box.y - em * 0.3;
    const w = box.w + em * 0.7;
    const h = box.h + em * 0.6;
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, em * 0.08);
    ctx.fillStyle = linear(ctx, 0, y, 0, y + h, [[0, '#5a4026'], [1, '#2a1a0c']]);
    ctx.fill();
    ctx.save();
    ctx.clip();
    ctx.globalAlpha = 0.45;
    ctx.fillStyle = repeatingPattern(ctx, patina());
    ctx.fillRect(x, y, w, h);
    ctx.restore();
    ctx.strokeStyle = '#1a0e04';
    ctx.lineWidth = em * 0.05;
    ctx.stroke();
    ctx.strokeStyle = linear(ctx, 0, y, 0, y + h, BRONZE);
    ctx.lineWidth = em * 0.025;
    ctx.stroke();
    // Meander bands along the top and bottom, in raised bronze.
    const unit = em * 0.16;
    const span = Math.floor((w - em * 0.24) / unit) * unit;
    const start = x + (w - span) / 2;
    ctx.lineJoin = 'miter';
    for (const by of [y + em * 0.12, y + h - em * 0.12]) {
      ctx.strokeStyle = '#1a0e04';
      ctx.lineWidth = em * 0.035;
      meander(ctx, start, by, start + span, unit);
      ctx.strokeStyle = '#d8a060';
      ctx.lineWidth = em * 0.016;
      meander(ctx, start, by, start + span, unit);
    }
  },
  slogan: { kind: 'lines', face: 'serifBold', color: '#f4d8a8', line: '#c88a40', ornament: 'diamond', outline: 'rgba(30,18,8,0.9)', spacing: 0.4 },
  entrance: 'rise',
  sweep: [255, 230, 190],
  backdrop(ctx, w, h) {
    sky(ctx, w, h, [
      [0, '#1a140e'],
      [1, '#0a0806'],
    ]);
    glow(ctx, w / 2, h * 0.42, w * 0.45, 'rgba(255,200,130,0.35)');
    vignette(ctx, w, h, 0.7);
  },
};
