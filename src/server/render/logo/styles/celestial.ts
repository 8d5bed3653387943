/** 仙侠云霄: luminous white-gold calligraphy among auspicious clouds, with a halo and a flying sword. */
import { glow, mist, ridge, sky } from '../backdrop';
import { auspiciousCloud, glint, sword } from '../ornaments';
import { linear } from '../surface';
import type { LogoStyle } from '../types';

const CLOUD_LINE = '#c99a3a';

export const celestial: LogoStyle = {
  face: 'brush',
  layout: { mode: 'line', tracking: -0.02, width: 840, maxEm: 280, jitterY: 0.05, jitterRot: 0.04 },
  pad: 0.45,
  title(kit) {
    const e = kit.em;
    kit.rings([
      [e * 0.13, '#1a3566'],
      [e * 0.08, (g) => kit.glyphGradient(g, [[0, '#fff6cf'], [0.5, '#e0b45a'], [1, '#a87420']], -0.6, 0.6)],
      [e * 0.03, '#1a3566'],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, '#ffffff'], [0.5, '#eaf6ff'], [1, '#9fd2f5']], -0.45, 0.45));
    kit.innerShadow(face, 'rgba(40,90,160,0.5)', -e * 0.01, -e * 0.02, e * 0.02);
    kit.put(face);
    kit.glow('rgba(200,235,255,0.9)', e * 0.08);
    kit.glow('rgba(120,190,255,0.5)', e * 0.15);
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'glint');
      if (rng.chance(0.5)) glint(ctx, rng.jitter(g.size * 0.35), rng.range(-0.4, 0) * g.size, e * 0.1);
    });
  },
  back(kit) {
    const { ctx, em, box, scale } = kit;
    // A halo ring behind the middle of the title.
    const r = Math.max(box.h * 0.85, em);
    ctx.save();
    ctx.strokeStyle = 'rgba(255,230,160,0.9)';
    ctx.shadowColor = 'rgba(255,220,140,0.9)';
    ctx.shadowBlur = em * 0.1 * scale;
    ctx.lineWidth = em * 0.03;
    ctx.beginPath();
    ctx.arc(0, box.y + box.h * 0.45, r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = em * 0.012;
    ctx.beginPath();
    ctx.arc(0, box.y + box.h * 0.45, r * 0.88, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
    // The flying sword, trailing light, above the title.
    ctx.save();
    ctx.shadowColor = '#8fd8ff';
    ctx.shadowBlur = em * 0.15 * scale;
    const len = box.w * 0.55 + em * 0.5;
    sword(ctx, box.x + box.w * 0.1, box.y - em * 0.08, len, -0.16, ['#ffffff', '#a8d8ff'], '#e0b45a', '#1a3566');
    ctx.restore();
    const cloud = linear(ctx, 0, box.y, 0, box.y + box.h + em * 0.5, [[0, '#ffffff'], [1, '#cfe6ff']]);
    auspiciousCloud(ctx, box.x - em * 0.15, box.y + box.h * 0.72, em * 0.85, true, cloud, CLOUD_LINE, Math.max(1.5, em * 0.016));
    auspiciousCloud(ctx, box.x + box.w + em * 0.1, box.y + box.h * 0.4, em * 0.75, false, cloud, CLOUD_LINE, Math.max(1.5, em * 0.016));
  },
  front(kit) {
    const { ctx, em, box } = kit;
    const cloud = linear(ctx, 0, box.y, 0, box.y + box.h + em * 0.5, [[0, '#ffffff'], [1, '#d8ecff']]);
    auspiciousCloud(ctx, box.x + box.w * 0.3, box.y + box.h - em * 0.06, em * 0.6, false, cloud, CLOUD_LINE, Math.max(1.5, em * 0.016));
  },
  slogan: { kind: 'lines', face: 'elegant', color: '#ffffff', line: '#e0b45a', ornament: 'cloud', outline: 'rgba(26,53,102,0.85)', spacing: 0.35 },
  seal: { face: 'brush' },
  entrance: 'rise',
  sweep: [235, 248, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#2a5aa8'],
      [0.55, '#8ec2ee'],
      [1, '#ffe6b8'],
    ]);
    glow(ctx, w / 2, h * 0.4, w * 0.5, 'rgba(255,250,220,0.7)');
    ridge(ctx, w, h, h * 0.72, h * 0.4, 'rgba(70,110,160,0.55)', rng);
    mist(ctx, w, h, h * 0.78, 'rgba(255,255,255,0.9)', rng, 16);
  },
};
