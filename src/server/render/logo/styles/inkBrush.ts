/** 水墨江湖: wild running-brush characters in black ink with dry-brush streaks, a red sun and splashes. */
import { glow, grain, mist, ridge, sky } from '../backdrop';
import { erosionTile, noiseTile } from '../noise';
import { inkSplash } from '../ornaments';
import { createLayer, drawBlurred, radial } from '../surface';
import type { Glyph } from '../layout';
import type { LogoStyle } from '../types';

/** Long horizontal streaks: the paper showing through a fast, dry brush (飞白). */
const dryBrush = () =>
  noiseTile(
    {
      size: 256,
      cells: 24,
      octaves: 3,
      stretch: 8,
      seed: 'drybrush',
      color: (v) => [0, 0, 0, v > 0.66 ? Math.min(255, (v - 0.66) * 2400) : 0],
    },
    'drybrush',
  );

export const inkBrush: LogoStyle = {
  face: 'wildBrush',
  layout: { mode: 'bigFirst', tracking: -0.04, width: 820, maxEm: 300, jitterRot: 0.08, jitterY: 0.06 },
  pad: 0.25,
  title(kit) {
    const e = kit.em;
    const inkPaint = (g: Glyph) => kit.glyphGradient(g, [[0, '#2b2b2b'], [0.5, '#0c0c0c'], [1, '#1a1a1a']]);
    // A loaded brush: the running-script face is thin, so the ink spreads a little past its strokes.
    const ink = kit.faceLayer(inkPaint);
    kit.stroke(e * 0.035, inkPaint, { into: ink });
    kit.erode(ink, dryBrush(), { x: 37, y: 11 });
    kit.erode(ink, erosionTile('ink-edge', 0.78, 40, 0.03), { x: 5, y: 90 });
    // Bleed: ink soaking into paper around the strokes.
    const bleed = kit.newLayer();
    kit.fill('rgba(20,20,20,0.5)', { into: bleed });
    kit.put(ink);
    kit.glow('rgba(10,10,10,0.55)', e * 0.025, { source: bleed });
    // A paper-white halo keeps black ink readable on a dark site.
    kit.glow('rgba(250,246,236,0.75)', e * 0.06, { source: kit.mask(e * 0.05) });
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    // The red sun behind the big first character.
    const first = kit.layout.glyphs[0];
    const sunR = first.size * 0.5;
    ctx.fillStyle = radial(ctx, first.x + sunR * 0.5, first.y - sunR * 0.35, 0, sunR, [
      [0, '#e0301e'],
      [0.92, '#c0201a'],
      [1, 'rgba(192,32,26,0)'],
    ]);
    ctx.beginPath();
    ctx.arc(first.x + sunR * 0.5, first.y - sunR * 0.35, sunR, 0, Math.PI * 2);
    ctx.fill();
    // Grey ink wash and splashes.
    // A soft grey wash, blurred like wet ink on paper.
    const wash = createLayer(kit.layer.box, kit.scale);
    inkSplash(wash.ctx, box.x + box.w * 0.62, box.y + box.h * 0.5, box.h * 0.42, rng, '#3a3a3a');
    drawBlurred(ctx, wash, em * 0.05, 0.3);
    ctx.globalAlpha = 0.85;
    inkSplash(ctx, box.x + box.w * 0.95, box.y + box.h * 0.85, em * 0.12, rng, '#111');
    inkSplash(ctx, box.x + box.w * 0.1, box.y + box.h * 0.05, em * 0.07, rng, '#111');
    ctx.globalAlpha = 1;
    // A long brush sweep under the title.
    ctx.fillStyle = 'rgba(20,20,20,0.8)';
    ctx.beginPath();
    const y = box.y + box.h + em * 0.02;
    ctx.moveTo(box.x - em * 0.2, y);
    ctx.quadraticCurveTo(box.x + box.w * 0.5, y - em * 0.12, box.x + box.w + em * 0.3, y - em * 0.06);
    ctx.quadraticCurveTo(box.x + box.w * 0.5, y - em * 0.02, box.x - em * 0.2, y + em * 0.03);
    ctx.fill();
  },
  slogan: { kind: 'brush', face: 'brush', color: '#f6efe0', ink: '#161616', spacing: 0.3 },
  seal: { face: 'brush' },
  entrance: 'ink',
  sweep: [255, 255, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#f4eee0'],
      [1, '#ddd3bd'],
    ]);
    glow(ctx, w * 0.78, h * 0.25, h * 0.16, 'rgba(200,40,30,0.85)', 'rgba(200,40,30,0)');
    ridge(ctx, w, h, h * 0.7, h * 0.35, 'rgba(60,60,60,0.35)', rng);
    mist(ctx, w, h, h * 0.72, 'rgba(244,238,224,0.9)', rng);
    ridge(ctx, w, h, h * 0.88, h * 0.22, 'rgba(30,30,30,0.6)', rng);
    grain(ctx, w, h, 0.1, 'multiply');
  },
};
