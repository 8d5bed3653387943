/** 翡翠玉石: translucent green jade letters with white veins and a gloss, gold rims, a jade disc and gold clouds. */
import { glow, mist, ridge, sky, vignette } from '../backdrop';
import { contrast, noiseTile, ramp } from '../noise';
import { auspiciousCloud } from '../ornaments';
import { linear, radial } from '../surface';
import type { LogoStyle } from '../types';

const jadeTile = () =>
  noiseTile(
    {
      size: 256,
      cells: 4,
      octaves: 5,
      seed: 'jade',
      color: (v, x, y) => {
        // Veins: thin bright lines where a warped sine crosses zero.
        const vein = Math.abs(Math.sin((x + y * 0.6) * 0.045 + v * 14));
        const [r, g, b] = ramp(
          [
            [12, 110, 66],
            [60, 180, 110],
            [150, 235, 180],
          ],
          contrast(v, 2),
        );
        const white = vein < 0.1 ? (0.1 - vein) / 0.1 : 0;
        return [Math.round(r + (255 - r) * white * 0.85), Math.round(g + (255 - g) * white * 0.85), Math.round(b + (255 - b) * white * 0.85), 255];
      },
    },
    'jade',
  );

const GOLD: ReadonlyArray<readonly [number, string]> = [
  [0, '#fff4c0'],
  [0.5, '#d8a53a'],
  [0.55, '#8a5a12'],
  [1, '#f2cd6a'],
];

export const jade: LogoStyle = {
  face: 'serifBold',
  layout: { mode: 'line', tracking: 0.05, width: 840, maxEm: 270 },
  pad: 0.25,
  title(kit) {
    const e = kit.em;
    kit.rings([
      [e * 0.15, '#06301c'],
      [e * 0.1, (g) => kit.glyphGradient(g, GOLD, -0.6, 0.6)],
      [e * 0.035, '#0a3a22'],
    ]);
    const face = kit.faceLayer('#2a9a60');
    kit.overlay(face, kit.pattern(jadeTile()), 'source-over', 1, { x: kit.box.x, y: kit.box.y });
    // Depth: lighter at the top, deeper green at the bottom, like light inside stone.
    kit.overlay(face, linear(kit.ctx, 0, kit.box.y, 0, kit.box.y + kit.box.h, [[0, 'rgba(210,255,225,0.55)'], [0.5, 'rgba(0,0,0,0)'], [1, 'rgba(0,50,25,0.55)']]), 'source-over');
    kit.bevel(face, 'rgba(235,255,240,0.9)', 'rgba(0,40,20,0.7)', e * 0.022, e * 0.04);
    // Gloss on the upper half of each character.
    const gloss = kit.newLayer();
    kit.each((ctx, g) => {
      ctx.fillStyle = linear(ctx, 0, -g.size * 0.5, 0, -g.size * 0.02, [[0, 'rgba(255,255,255,0.55)'], [1, 'rgba(255,255,255,0.05)']]);
      ctx.beginPath();
      ctx.ellipse(0, -g.size * 0.22, g.size * 0.55, g.size * 0.3, 0, 0, Math.PI * 2);
      ctx.fill();
    }, gloss);
    kit.clipTo(gloss, face);
    kit.put(face);
    kit.put(gloss, 'screen');
    kit.glow('rgba(60,220,140,0.45)', e * 0.12);
  },
  back(kit) {
    const { ctx, em, box } = kit;
    const r = Math.max(box.h * 0.78, em * 0.9);
    const cy = box.y + box.h * 0.5;
    // A bi (璧): the jade disc with a hole, behind the title.
    ctx.save();
    ctx.beginPath();
    ctx.arc(0, cy, r, 0, Math.PI * 2);
    ctx.arc(0, cy, r * 0.38, 0, Math.PI * 2, true);
    ctx.fillStyle = radial(ctx, -r * 0.3, cy - r * 0.3, 0, r * 1.3, [[0, 'rgba(170,240,200,0.85)'], [0.6, 'rgba(40,150,95,0.8)'], [1, 'rgba(10,80,50,0.85)']]);
    ctx.fill('evenodd');
    ctx.strokeStyle = '#d9ad45';
    ctx.lineWidth = em * 0.03;
    ctx.stroke();
    // Carved rings of grain dots, the classic bi decoration.
    ctx.fillStyle = 'rgba(220,255,235,0.35)';
    for (let ring = 0; ring < 3; ring += 1) {
      const rr = r * (0.5 + ring * 0.15);
      const n = Math.round(14 + ring * 6);
      for (let i = 0; i < n; i += 1) {
        const a = (i / n) * Math.PI * 2 + ring * 0.2;
        ctx.beginPath();
        ctx.arc(Math.cos(a) * rr, cy + Math.sin(a) * rr, r * 0.035, 0, Math.PI * 2);
        ctx.fill();
      }
    }
    ctx.restore();
    const gold = linear(ctx, 0, cy - em * 0.3, 0, cy + em * 0.3, GOLD);
    auspiciousCloud(ctx, box.x - em * 0.15, box.y + box.h * 0.85, em * 0.75, true, gold, '#6a420c', Math.max(1.5, em * 0.015));
    auspiciousCloud(ctx, box.x + box.w + em * 0.15, box.y + box.h * 0.2, em * 0.65, false, gold, '#6a420c', Math.max(1.5, em * 0.015));
  },
  slogan: { kind: 'lines', face: 'elegant', color: '#f4e3a8', line: '#d9ad45', ornament: 'diamond', outline: 'rgba(10,50,30,0.8)', spacing: 0.35 },
  entrance: 'rise',
  sweep: [225, 255, 235],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#06261a'],
      [0.6, '#0f4a32'],
      [1, '#04160e'],
    ]);
    glow(ctx, w / 2, h * 0.45, w * 0.5, 'rgba(220,190,90,0.35)');
    ridge(ctx, w, h, h * 0.75, h * 0.3, 'rgba(4,30,18,0.8)', rng);
    mist(ctx, w, h, h * 0.78, 'rgba(160,220,190,0.25)', rng);
    vignette(ctx, w, h, 0.6);
  },
};
