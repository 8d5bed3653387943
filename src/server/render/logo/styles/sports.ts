/** 热血竞技: heavy italic letters in white with red and navy racing outlines, speed lines and a slanted red band. */
import { glow, rays, sky, vignette } from '../backdrop';
import { speedLines, starPath } from '../ornaments';
import { linear } from '../surface';
import type { LogoStyle } from '../types';

const NAVY = '#0a1a4a';
const RED = '#e8202a';

export const sports: LogoStyle = {
  face: 'sansBlack',
  layout: { mode: 'line', tracking: -0.04, width: 760, maxEm: 250, skew: 0.3 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    kit.extrude(8, e * 0.014, e * 0.01, () => NAVY, e * 0.24);
    kit.rings([
      [e * 0.24, NAVY],
      [e * 0.17, '#ffffff'],
      [e * 0.1, RED],
      [e * 0.04, NAVY],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, '#ffffff'], [0.5, '#f0f4ff'], [0.52, '#c8d4ec'], [1, '#ffffff']], -0.45, 0.45));
    // A racing stripe low across every letter.
    kit.each((ctx, g) => {
      ctx.globalCompositeOperation = 'source-atop';
      ctx.fillStyle = RED;
      ctx.fillRect(-g.size, g.size * 0.16, g.size * 2, g.size * 0.09);
      ctx.fillStyle = '#2a5aff';
      ctx.fillRect(-g.size, g.size * 0.27, g.size * 2, g.size * 0.05);
    }, face);
    kit.innerShadow(face, 'rgba(10,26,74,0.45)', -e * 0.012, -e * 0.016, e * 0.01);
    kit.put(face);
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    // The slanted red band behind the title.
    const y0 = box.y + box.h * 0.12;
    const y1 = box.y + box.h * 0.88;
    const slant = (y1 - y0) * 0.35;
    ctx.beginPath();
    ctx.moveTo(box.x - em * 0.3 + slant, y0);
    ctx.lineTo(box.x + box.w + em * 0.6 + slant, y0);
    ctx.lineTo(box.x + box.w + em * 0.6 - slant, y1);
    ctx.lineTo(box.x - em * 0.3 - slant, y1);
    ctx.closePath();
    ctx.fillStyle = linear(ctx, 0, y0, 0, y1, [[0, '#ff3a3a'], [1, '#a00a14']]);
    ctx.fill();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = em * 0.03;
    ctx.stroke();
    speedLines(ctx, box.x + em * 0.1, box.y, box.y + box.h, em * 1.4, rng, NAVY, 14, em * 0.06);
    speedLines(ctx, box.x + em * 0.2, box.y + box.h * 0.1, box.y + box.h * 0.9, em * 1.1, rng, '#ffffff', 8, em * 0.035);
    starPath(ctx, box.x + box.w + em * 0.35, box.y - em * 0.05, em * 0.22);
    ctx.fillStyle = '#ffd21a';
    ctx.fill();
    ctx.strokeStyle = NAVY;
    ctx.lineWidth = em * 0.035;
    ctx.lineJoin = 'round';
    ctx.stroke();
  },
  slogan: { kind: 'plate', face: 'sansBlack', color: '#ffffff', fill: [NAVY, '#050c2a'], border: RED, shape: 'slant', spacing: 0.25 },
  entrance: 'slide',
  sweep: [255, 255, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#0a1440'],
      [1, '#02061a'],
    ]);
    rays(ctx, w / 2, -h * 0.2, 14, h * 1.4, 'rgba(255,255,255,0.18)', rng);
    glow(ctx, w / 2, h * 0.5, w * 0.45, 'rgba(60,120,255,0.35)');
    vignette(ctx, w, h, 0.55);
  },
};
