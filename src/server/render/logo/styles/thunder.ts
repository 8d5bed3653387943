/** 雷霆万钧: heavy slanted letters charged with electricity: white-blue face, violet glow, bolts striking through. */
import { glow, sky, vignette } from '../backdrop';
import { lightning } from '../ornaments';
import type { LogoStyle } from '../types';
import { Rng } from '../prng';

export const thunder: LogoStyle = {
  face: 'sansBlack',
  layout: { mode: 'line', tracking: -0.03, width: 860, maxEm: 270, skew: 0.26, jitterY: 0.06 },
  pad: 0.45,
  title(kit) {
    const e = kit.em;
    kit.extrude(6, -e * 0.006, e * 0.012, () => '#050a2a', e * 0.16);
    kit.rings([
      [e * 0.16, '#050a2a'],
      [e * 0.1, (g) => kit.glyphGradient(g, [[0, '#9fd0ff'], [1, '#3a4cff']], -0.6, 0.6)],
      [e * 0.04, '#0a1450'],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, '#ffffff'], [0.4, '#d6ecff'], [0.55, '#7ab8ff'], [1, '#2a48d8']], -0.45, 0.45));
    // Electric veins crawling over the face.
    const veins = kit.newLayer();
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'vein');
      ctx.strokeStyle = 'rgba(255,255,255,0.95)';
      ctx.lineWidth = Math.max(1, e * 0.012);
      ctx.shadowColor = '#7ab8ff';
      ctx.shadowBlur = e * 0.03 * kit.layer.scale;
      let x = -g.size * 0.45;
      let y = rng.jitter(g.size * 0.3);
      ctx.beginPath();
      ctx.moveTo(x, y);
      while (x < g.size * 0.45) {
        x += g.size * rng.range(0.06, 0.14);
        y += rng.jitter(g.size * 0.12);
        ctx.lineTo(x, y);
      }
      ctx.stroke();
    }, veins);
    kit.clipTo(veins, face);
    kit.bevel(face, 'rgba(255,255,255,0.9)', 'rgba(10,20,90,0.8)', e * 0.014, e * 0.01);
    kit.put(face);
    kit.put(veins);
    kit.glow('rgba(120,90,255,0.7)', e * 0.14);
    kit.glow('rgba(80,160,255,0.5)', e * 0.16);
  },
  back(kit) {
    const { ctx, em, box, rng, scale } = kit;
    // Three bolts striking down behind the title, from above its ends and middle.
    for (const t of [0.12, 0.55, 0.92]) {
      const x = box.x + box.w * t;
      lightning(ctx, x + rng.jitter(em * 0.3), box.y - em * 0.7, x + rng.jitter(em * 0.4), box.y + box.h * 0.9, rng, em * 0.035, '#8a6bff', scale);
    }
  },
  front(kit) {
    const { ctx, em, box, scale } = kit;
    const rng = new Rng(7).fork(`${kit.layout.glyphs.length}`);
    lightning(ctx, box.x - em * 0.3, box.y - em * 0.15, box.x + box.w * 0.45, box.y + box.h + em * 0.1, rng, em * 0.02, '#5ab0ff', scale);
  },
  slogan: { kind: 'plate', face: 'sansBlack', color: '#ffffff', fill: ['#1a2a8a', '#070c3a'], border: '#8ab8ff', shape: 'slant', glow: 'rgba(120,150,255,0.8)', spacing: 0.3 },
  entrance: 'slam',
  sweep: [210, 230, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#02030f'],
      [0.5, '#141a4a'],
      [1, '#05061a'],
    ]);
    glow(ctx, w / 2, h * 0.45, w * 0.5, 'rgba(110,90,255,0.35)');
    lightning(ctx, w * 0.12, 0, w * 0.2, h * 0.7, rng, Math.max(1, w / 500), '#8a6bff', 1);
    lightning(ctx, w * 0.88, 0, w * 0.78, h * 0.6, rng, Math.max(1, w / 600), '#5ab0ff', 1);
    vignette(ctx, w, h, 0.6);
  },
};
