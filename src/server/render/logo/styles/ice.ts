/** 冰霜寒晶: blocky letters of clear ice with frost rims, cracks and icicles, on a cluster of ice crystals. */
import { glow, ridge, sky, stars, vignette } from '../backdrop';
import { crack, glint, shardPath, snowflake } from '../ornaments';
import { linear } from '../surface';
import type { LogoStyle } from '../types';

export const ice: LogoStyle = {
  face: 'display',
  layout: { mode: 'line', tracking: 0.04, width: 860, maxEm: 280 },
  pad: 0.4,
  sloganGap: 0.3,
  title(kit) {
    const e = kit.em;
    kit.rings([
      [e * 0.15, '#04183a'],
      [e * 0.105, '#f2fbff'],
      [e * 0.05, '#2f9fd8'],
    ]);
    // Icicles hang from the bottom edges, outlined like the letters.
    const icicles = kit.newLayer();
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'icicle');
      const cols = kit.inkColumns(g, 14);
      for (const c of cols) {
        if (!rng.chance(0.38)) continue;
        const len = g.size * rng.range(0.1, 0.3);
        const w = g.size * rng.range(0.05, 0.09);
        const y = c.bottom + e * 0.03;
        ctx.beginPath();
        ctx.moveTo(c.x - w, y - e * 0.04);
        ctx.lineTo(c.x + w, y - e * 0.04);
        ctx.lineTo(c.x + rng.jitter(w * 0.3), y + len);
        ctx.closePath();
        ctx.fillStyle = linear(ctx, 0, y, 0, y + len, [[0, '#e8f9ff'], [1, 'rgba(120,210,255,0.7)']]);
        ctx.strokeStyle = '#04183a';
        ctx.lineWidth = e * 0.02;
        ctx.lineJoin = 'round';
        ctx.stroke();
        ctx.fill();
      }
    }, icicles);
    kit.put(icicles);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, '#ffffff'], [0.35, '#c4f0ff'], [0.7, '#4fb6ea'], [1, '#d9f6ff']], -0.45, 0.45));
    // Facets: a hard diagonal split, lighter above, like a cut crystal face.
    const facet = kit.newLayer();
    kit.each((ctx, g) => {
      ctx.fillStyle = 'rgba(255,255,255,0.45)';
      ctx.beginPath();
      ctx.moveTo(-g.size, -g.size);
      ctx.lineTo(g.size, -g.size);
      ctx.lineTo(g.size * 0.6, -g.size * 0.15);
      ctx.lineTo(-g.size, g.size * 0.1);
      ctx.closePath();
      ctx.fill();
    }, facet);
    kit.clipTo(facet, face);
    kit.put(face);
    kit.put(facet);
    // Cracks inside the ice.
    const cracks = kit.newLayer();
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'crack');
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.lineWidth = Math.max(1, e * 0.008);
      for (let i = 0; i < 2; i += 1) crack(ctx, rng.jitter(g.size * 0.3), rng.jitter(g.size * 0.3), g.size * 0.35, rng.range(0, Math.PI * 2), rng);
    }, cracks);
    kit.clipTo(cracks, kit.mask());
    kit.put(cracks);
    kit.bevel(kit.layer, 'rgba(255,255,255,0.6)', 'rgba(0,40,90,0.35)', e * 0.012, e * 0.015);
    kit.glow('rgba(120,220,255,0.6)', e * 0.12);
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'glint');
      if (rng.chance(0.6)) glint(ctx, rng.jitter(g.size * 0.3), -g.size * 0.3, e * 0.12, '#fff', 'rgba(180,240,255,0.7)');
    });
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    // A cluster of crystal shards behind the title, tallest in the middle, each cut in two facets.
    const count = 9;
    const base = box.y + box.h * 0.7;
    for (let k = 0; k < count; k += 1) {
      // Outer shards first so the tall middle ones overlap them.
      const i = [0, 8, 1, 7, 2, 6, 3, 5, 4][k];
      const t = i / (count - 1);
      const x = box.x + box.w * (0.18 + 0.64 * t) + rng.jitter(em * 0.08);
      const h = box.h * 0.7 + em * (0.25 + 0.75 * Math.sin(t * Math.PI) ** 2) * rng.range(0.75, 1.1);
      const w = em * rng.range(0.26, 0.38);
      const tilt = (t - 0.5) * 1.3 + rng.jitter(0.08);
      shardPath(ctx, x, base, w, h, tilt);
      ctx.fillStyle = linear(ctx, 0, base - h, 0, base, [[0, 'rgba(235,250,255,0.95)'], [0.55, 'rgba(120,205,245,0.85)'], [1, 'rgba(30,90,160,0.7)']]);
      ctx.fill();
      ctx.strokeStyle = 'rgba(8,40,90,0.9)';
      ctx.lineWidth = Math.max(1, em * 0.014);
      ctx.stroke();
      // The shaded facet: the right half of the shard.
      ctx.save();
      ctx.translate(x, base);
      ctx.rotate(tilt);
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.lineTo(0, -h);
      ctx.lineTo(w / 2, -h * 0.8);
      ctx.lineTo(w / 2, 0);
      ctx.closePath();
      ctx.fillStyle = 'rgba(10,60,130,0.35)';
      ctx.fill();
      ctx.restore();
    }
    for (let i = 0; i < 7; i += 1) {
      const x = box.x - em * 0.4 + rng.next() * (box.w + em * 0.8);
      const y = box.y - em * 0.5 + rng.next() * (box.h + em * 0.6);
      snowflake(ctx, x, y, em * rng.range(0.06, 0.12), 'rgba(235,250,255,0.9)', Math.max(1, em * 0.012));
    }
  },
  slogan: { kind: 'plate', face: 'sansBold', color: '#eafaff', fill: ['rgba(20,90,160,0.9)', 'rgba(6,30,70,0.95)'], border: '#9fe4ff', shape: 'cut', spacing: 0.3 },
  entrance: 'zoom',
  sweep: [220, 250, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#020c22'],
      [0.6, '#0c3a6e'],
      [1, '#6fb8e0'],
    ]);
    glow(ctx, w / 2, h * 0.5, w * 0.45, 'rgba(150,220,255,0.35)');
    ridge(ctx, w, h, h * 0.85, h * 0.25, 'rgba(220,240,255,0.9)', rng);
    stars(ctx, w, h, rng, 120, '#ffffff', 2);
    vignette(ctx, w, h, 0.45);
  },
};
