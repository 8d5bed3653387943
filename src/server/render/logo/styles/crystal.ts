/** 水晶幻彩: prismatic gem letters cut into facets that catch rainbow light, with floating diamonds and glints. */
import { bokeh, glow, sky } from '../backdrop';
import { glint } from '../ornaments';
import { linear } from '../surface';
import type { Ctx } from '../surface';
import type { LogoStyle } from '../types';

function diamond(ctx: Ctx, x: number, y: number, s: number): void {
  const top = y - s * 0.35;
  const girdle = y - s * 0.1;
  const tip = y + s * 0.55;
  const faces: Array<[Array<[number, number]>, string]> = [
    [[[x - s * 0.3, top], [x + s * 0.3, top], [x + s * 0.5, girdle], [x - s * 0.5, girdle]], 'rgba(230,250,255,0.95)'],
    [[[x - s * 0.5, girdle], [x, girdle], [x, tip]], 'rgba(150,200,255,0.95)'],
    [[[x, girdle], [x + s * 0.5, girdle], [x, tip]], 'rgba(200,150,255,0.95)'],
  ];
  for (const [pts, color] of faces) {
    ctx.beginPath();
    pts.forEach(([px, py], i) => (i === 0 ? ctx.moveTo(px, py) : ctx.lineTo(px, py)));
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
    ctx.strokeStyle = '#5a3aa0';
    ctx.lineWidth = Math.max(1, s * 0.04);
    ctx.lineJoin = 'round';
    ctx.stroke();
  }
}

export const crystal: LogoStyle = {
  face: 'sansBlack',
  layout: { mode: 'line', tracking: 0.04, width: 850, maxEm: 270 },
  pad: 0.35,
  title(kit) {
    const e = kit.em;
    kit.rings([
      [e * 0.14, '#5a3aa0'],
      [e * 0.1, '#ffffff'],
      [e * 0.04, '#9a7ae8'],
    ]);
    const { box } = kit;
    const face = kit.faceLayer(
      linear(kit.ctx, box.x, box.y, box.x + box.w, box.y + box.h, [
        [0, '#ffb8e8'],
        [0.25, '#c8b0ff'],
        [0.5, '#a8e8ff'],
        [0.75, '#b8ffd8'],
        [1, '#fff0b0'],
      ]),
    );
    // Facets: a fan of triangles around a point in each character, alternately lit and shaded.
    const facets = kit.newLayer();
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'facet');
      const cx = rng.jitter(g.size * 0.15);
      const cy = rng.jitter(g.size * 0.15);
      const n = 9;
      for (let i = 0; i < n; i += 1) {
        const a0 = (i / n) * Math.PI * 2 + rng.jitter(0.1);
        const a1 = ((i + 1) / n) * Math.PI * 2;
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(cx + Math.cos(a0) * g.size, cy + Math.sin(a0) * g.size);
        ctx.lineTo(cx + Math.cos(a1) * g.size, cy + Math.sin(a1) * g.size);
        ctx.closePath();
        ctx.fillStyle = i % 3 === 0 ? 'rgba(255,255,255,0.55)' : i % 3 === 1 ? 'rgba(90,50,170,0.22)' : 'rgba(255,255,255,0.12)';
        ctx.fill();
      }
    }, facets);
    kit.clipTo(facets, face);
    kit.bevel(face, 'rgba(255,255,255,1)', 'rgba(80,40,160,0.6)', e * 0.016, e * 0.008);
    kit.put(face);
    kit.put(facets);
    kit.glow('rgba(200,160,255,0.7)', e * 0.12);
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'glint');
      glint(ctx, rng.jitter(g.size * 0.35), rng.range(-0.45, 0.1) * g.size, e * rng.range(0.1, 0.17));
    });
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    diamond(ctx, box.x - em * 0.35, box.y + em * 0.05, em * 0.45);
    diamond(ctx, box.x + box.w + em * 0.35, box.y + box.h * 0.75, em * 0.38);
    diamond(ctx, box.x + box.w * 0.5, box.y - em * 0.35, em * 0.3);
    for (let i = 0; i < 8; i += 1) {
      glint(ctx, box.x - em * 0.4 + rng.next() * (box.w + em * 0.8), box.y - em * 0.5 + rng.next() * (box.h + em), em * rng.range(0.06, 0.12), '#fff', 'rgba(220,200,255,0.6)');
    }
  },
  slogan: { kind: 'plate', face: 'sansBold', color: '#5a3aa0', fill: ['rgba(255,255,255,0.92)', 'rgba(225,215,255,0.92)'], border: '#9a7ae8', shape: 'pill', spacing: 0.3 },
  entrance: 'zoom',
  sweep: [255, 255, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#3a2a7a'],
      [0.5, '#8a6ad0'],
      [1, '#f0b0d8'],
    ]);
    glow(ctx, w / 2, h * 0.5, w * 0.45, 'rgba(255,255,255,0.45)');
    bokeh(ctx, w, h, rng, ['#ffffff', '#a8e8ff', '#ffb8e8', '#fff0b0'], 34);
  },
};
