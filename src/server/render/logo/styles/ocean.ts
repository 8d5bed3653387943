/** 深海秘境: aqua letters lit by caustic light under water, foam-white rims, a curling wave and rising bubbles. */
import { glow, sky, vignette } from '../backdrop';
import { noiseTile } from '../noise';
import { bubble } from '../ornaments';
import { linear } from '../surface';
import type { LogoStyle } from '../types';

/** Caustics: the bright net light makes through waves, where the noise crosses its middle. */
const caustics = () =>
  noiseTile(
    {
      size: 256,
      cells: 6,
      octaves: 3,
      seed: 'caustics',
      color: (v) => {
        const line = Math.max(0, 1 - Math.abs(v - 0.5) * 14);
        return [220, 255, 255, Math.round(line * 230)];
      },
    },
    'caustics',
  );

export const ocean: LogoStyle = {
  face: 'elegant',
  layout: { mode: 'wave', wave: 0.07, tracking: 0.03, width: 840, maxEm: 270 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    kit.extrude(5, 0, e * 0.012, () => '#010e1e', e * 0.2);
    kit.rings([
      [e * 0.2, '#021a34'],
      [e * 0.13, '#f2ffff'],
      [e * 0.06, '#0a5a90'],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, '#ffffff'], [0.3, '#a8f4ff'], [0.65, '#26b4e0'], [1, '#0a6aaa']], -0.45, 0.45));
    kit.overlay(face, kit.pattern(caustics()), 'source-over', 0.75, { x: 11, y: 29 });
    kit.bevel(face, 'rgba(230,255,255,0.85)', 'rgba(0,20,60,0.8)', e * 0.014, e * 0.02);
    kit.put(face);
    kit.glow('rgba(40,210,230,0.55)', e * 0.12);
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    // A great curling wave rising behind the left of the title and running under it.
    const baseY = box.y + box.h * 0.95;
    const x0 = box.x - em * 0.6;
    const x1 = box.x + box.w + em * 0.6;
    ctx.beginPath();
    ctx.moveTo(x0, baseY + em * 0.2);
    ctx.bezierCurveTo(x0 - em * 0.1, box.y - em * 0.2, x0 + em * 0.9, box.y - em * 0.7, x0 + em * 1.1, box.y - em * 0.1);
    ctx.bezierCurveTo(x0 + em * 1.15, box.y + em * 0.2, x0 + em * 0.8, box.y + em * 0.25, x0 + em * 0.75, box.y);
    ctx.bezierCurveTo(x0 + em * 0.6, box.y + em * 0.4, x0 + em * 1.0, baseY - em * 0.2, (x0 + x1) / 2, baseY - em * 0.05);
    ctx.bezierCurveTo(x1 - em * 0.6, baseY - em * 0.1, x1 - em * 0.3, baseY - em * 0.45, x1, baseY - em * 0.3);
    ctx.lineTo(x1, baseY + em * 0.2);
    ctx.closePath();
    // The water fades out at the bottom, so the wave does not end in a hard block.
    ctx.fillStyle = linear(ctx, 0, box.y - em * 0.6, 0, baseY + em * 0.2, [[0, '#5ad8f0'], [0.45, '#1a7ab8'], [0.8, 'rgba(6,60,112,0.85)'], [1, 'rgba(6,60,112,0)']]);
    ctx.fill();
    ctx.save();
    ctx.clip();
    // Foam bands following the crest, the woodblock-print look.
    ctx.strokeStyle = 'rgba(235,255,255,0.75)';
    ctx.lineWidth = em * 0.025;
    for (let k = 1; k <= 3; k += 1) {
      const d = em * 0.13 * k;
      ctx.beginPath();
      ctx.moveTo(x0 + d, baseY);
      ctx.bezierCurveTo(x0 + d - em * 0.1, box.y - em * 0.1 + d, x0 + em * 0.8, box.y - em * 0.55 + d, x0 + em * 1.0, box.y - em * 0.05 + d * 0.6);
      ctx.stroke();
    }
    ctx.restore();
    ctx.strokeStyle = '#eaffff';
    ctx.lineWidth = em * 0.04;
    ctx.beginPath();
    ctx.moveTo(x0, baseY + em * 0.2);
    ctx.bezierCurveTo(x0 - em * 0.1, box.y - em * 0.2, x0 + em * 0.9, box.y - em * 0.7, x0 + em * 1.1, box.y - em * 0.1);
    ctx.bezierCurveTo(x0 + em * 1.15, box.y + em * 0.2, x0 + em * 0.8, box.y + em * 0.25, x0 + em * 0.75, box.y);
    ctx.bezierCurveTo(x0 + em * 0.6, box.y + em * 0.4, x0 + em * 1.0, baseY - em * 0.2, (x0 + x1) / 2, baseY - em * 0.05);
    ctx.bezierCurveTo(x1 - em * 0.6, baseY - em * 0.1, x1 - em * 0.3, baseY - em * 0.45, x1, baseY - em * 0.3);
    ctx.stroke();
    // Foam tips along the crest.
    ctx.fillStyle = '#eaffff';
    for (let i = 0; i < 5; i += 1) {
      ctx.beginPath();
      ctx.arc(x0 + em * (0.55 + i * 0.14), box.y - em * (0.45 - i * 0.08), em * (0.06 - i * 0.008), 0, Math.PI * 2);
      ctx.fill();
    }
    for (let i = 0; i < 14; i += 1) {
      const x = box.x - em * 0.3 + rng.next() * (box.w + em * 0.6);
      const y = box.y - em * 0.6 + rng.next() * (box.h + em * 0.3);
      bubble(ctx, x, y, em * rng.range(0.03, 0.09), 'rgba(220,255,255,0.8)');
    }
  },
  slogan: { kind: 'lines', face: 'elegant', color: '#e8ffff', line: '#5ad8e8', ornament: 'dot', outline: 'rgba(2,26,52,0.85)', spacing: 0.35 },
  entrance: 'rise',
  sweep: [220, 255, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#1a8ab8'],
      [0.5, '#063c70'],
      [1, '#01101e'],
    ]);
    ctx.save();
    ctx.globalCompositeOperation = 'screen';
    for (let i = 0; i < 7; i += 1) {
      const x = rng.range(0.1, 0.9) * w;
      ctx.fillStyle = linear(ctx, 0, 0, 0, h * 0.8, [[0, 'rgba(180,240,255,0.25)'], [1, 'rgba(180,240,255,0)']]);
      ctx.beginPath();
      ctx.moveTo(x - w * 0.02, 0);
      ctx.lineTo(x + w * 0.03, 0);
      ctx.lineTo(x + w * 0.12, h * 0.8);
      ctx.lineTo(x - w * 0.02, h * 0.8);
      ctx.fill();
    }
    ctx.restore();
    for (let i = 0; i < 30; i += 1) bubble(ctx, rng.range(0, w), rng.range(0, h), rng.range(2, 8) * (w / 600), 'rgba(200,250,255,0.6)');
    glow(ctx, w / 2, h * 0.5, w * 0.4, 'rgba(60,220,240,0.2)');
    vignette(ctx, w, h, 0.6);
  },
};
