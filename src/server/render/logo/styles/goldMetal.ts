/** 鎏金战神: heavy serif in polished gold with a bevel, on spread golden wings and a sword. */
import { glow, ridge, sky, stars, vignette } from '../backdrop';
import { grainTile } from '../noise';
import { glint, sword, wing } from '../ornaments';
import { linear } from '../surface';
import type { LogoStyle } from '../types';

const GOLD = [
  [0, '#fffbe0'],
  [0.28, '#ffd966'],
  [0.5, '#c98a1a'],
  [0.53, '#7a4a0c'],
  [0.7, '#d9a232'],
  [1, '#fff0a8'],
] as const;

export const goldMetal: LogoStyle = {
  face: 'serifBlack',
  layout: { mode: 'arch', arch: -0.16, tracking: 0.0, width: 720, maxEm: 250 },
  // The extrusion, rings and glow reach about 0.36 em past the letters.
  pad: 0.45,
  title(kit) {
    const e = kit.em;
    kit.extrude(9, 0, e * 0.012, (t) => (t > 0.6 ? '#1c0d02' : '#4a2708'), e * 0.17);
    kit.rings([
      [e * 0.17, '#241003'],
      [e * 0.12, (g) => kit.glyphGradient(g, [[0, '#fff1b8'], [0.45, '#c8901e'], [0.55, '#6b3f08'], [1, '#f3c456']], -0.6, 0.6)],
      [e * 0.045, '#3b1e04'],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, GOLD, -0.45, 0.45));
    kit.overlay(face, kit.pattern(grainTile('gold', 64, 1.4)), 'overlay', 0.18);
    kit.bevel(face, 'rgba(255,255,235,0.95)', 'rgba(70,35,0,0.85)', e * 0.018, e * 0.02);
    kit.put(face);
    kit.glow('rgba(255,170,40,0.55)', e * 0.14);
    for (const g of kit.glyphs) {
      const rng = kit.rngFor(g, 'glint');
      const cols = kit.inkColumns(g, 12);
      if (!cols.length || !rng.chance(0.7)) continue;
      const c = rng.pick(cols);
      kit.each((ctx, gg) => {
        if (gg.index === g.index) glint(ctx, c.x, c.top + e * 0.04, e * rng.range(0.12, 0.18));
      });
    }
  },
  back(kit) {
    const { ctx, em, box } = kit;
    const span = box.w * 0.36 + em * 0.5;
    const feather = (row: number) =>
      linear(ctx, 0, -span * 0.5, 0, span * 0.5, row === 3 ? [[0, '#fff0a0'], [1, '#b07810']] : [[0, ['#ffe79a', '#f0c050', '#d49a2a'][row]], [1, ['#9a6410', '#7a4a08', '#5a3404'][row]]]);
    for (const side of [-1, 1] as const) wing(ctx, side * box.w * 0.08, box.y + box.h * 0.45, span, side, feather, '#3a1e04', Math.max(1.5, em * 0.012));
    sword(ctx, 0, box.y + box.h + em * 0.55, box.h + em * 1.2, -Math.PI / 2, ['#ffffff', '#9fb0c0'], '#d9a53a', '#1e1204');
  },
  slogan: { kind: 'ribbon', face: 'serifBold', color: '#fff4d6', band: ['#b3211a', '#6e0c08'], edge: '#f3c456', tail: '#7a120c', outline: 'rgba(60,0,0,0.6)' },
  entrance: 'slam',
  sweep: [255, 244, 210],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#1a0604'],
      [0.6, '#4a1408'],
      [1, '#120402'],
    ]);
    glow(ctx, w / 2, h * 0.5, w * 0.55, 'rgba(255,140,40,0.45)');
    ridge(ctx, w, h, h * 0.82, h * 0.2, '#0d0302', rng);
    stars(ctx, w, h, rng, 80, '#ffb050', 1.8);
    vignette(ctx, w, h, 0.7);
  },
};
