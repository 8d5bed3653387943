/** 烈焰燃烧: slanted heavy letters in molten yellow-to-red, burning: flames rise off every stroke, embers fly. */
import { glow, sky, stars, vignette } from '../backdrop';
import { grainTile } from '../noise';
import { flameTongue } from '../ornaments';
import { createLayer, drawBlurred, linear, radial } from '../surface';
import type { LogoStyle } from '../types';

export const flame: LogoStyle = {
  face: 'sansBlack',
  layout: { mode: 'line', tracking: -0.03, width: 860, maxEm: 270, skew: 0.22 },
  pad: 0.6,
  sloganGap: 0.16,
  title(kit) {
    const e = kit.em;
    // Flames first, so the letters stand in front of their own fire.
    const fire = kit.newLayer();
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'fire');
      const cols = kit.inkColumns(g, 16);
      for (const c of cols) {
        if (!rng.chance(0.65)) continue;
        const h = g.size * rng.range(0.18, 0.5);
        const w = g.size * rng.range(0.1, 0.18);
        flameTongue(ctx, c.x, c.top + g.size * 0.06, w, h, rng.jitter(w * 0.8) + w * 0.3);
        ctx.fillStyle = linear(ctx, 0, c.top, 0, c.top - h, [[0, '#ffe27a'], [0.35, '#ff8a00'], [0.75, 'rgba(220,30,0,0.85)'], [1, 'rgba(150,0,0,0)']]);
        ctx.fill();
      }
    }, fire);
    kit.put(fire);
    kit.glow('rgba(255,90,0,0.8)', e * 0.05, { source: fire });
    kit.rings([
      [e * 0.15, '#2a0300'],
      [e * 0.1, (g) => kit.glyphGradient(g, [[0, '#ffdd55'], [0.6, '#ff5a00'], [1, '#9a1000']], -0.6, 0.6)],
      [e * 0.04, '#3a0600'],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, '#fffbd0'], [0.3, '#ffd400'], [0.62, '#ff6a00'], [1, '#c01800']], -0.45, 0.45));
    kit.overlay(face, kit.pattern(grainTile('heat', 20, 2)), 'overlay', 0.3);
    kit.bevel(face, 'rgba(255,255,220,0.95)', 'rgba(120,10,0,0.8)', e * 0.016, e * 0.02);
    kit.put(face);
    kit.glow('rgba(255,80,0,0.7)', e * 0.18);
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    // A wall of fire behind the title: dark red tongues at the back, orange, then yellow cores.
    const layers = [
      { count: 14, height: [0.7, 1.3], stops: ['rgba(200,30,0,0.85)', 'rgba(140,0,0,0)'] },
      { count: 18, height: [0.45, 0.95], stops: ['rgba(255,120,0,0.9)', 'rgba(230,50,0,0)'] },
      { count: 20, height: [0.2, 0.5], stops: ['rgba(255,230,120,0.95)', 'rgba(255,140,0,0)'] },
    ];
    const base = box.y + box.h * 0.5;
    // Tongues drawn sharp on a layer of their own, then blurred once: a filter per path is slow.
    const fire = createLayer(kit.layer.box, kit.scale);
    const fctx = fire.ctx;
    for (const layer of layers) {
      for (let i = 0; i < layer.count; i += 1) {
        const t = (i + rng.range(0.1, 0.9)) / layer.count;
        const x = box.x + t * box.w;
        const fade = 1 - Math.abs(t - 0.5) * 0.9;
        const h = em * rng.range(layer.height[0], layer.height[1]) * fade + box.h * 0.5;
        const w = em * rng.range(0.22, 0.38);
        flameTongue(fctx, x, base, w, h, rng.jitter(w * 1.1));
        fctx.fillStyle = linear(fctx, 0, base, 0, base - h, [[0, layer.stops[0]], [0.55, layer.stops[0]], [1, layer.stops[1]]]);
        fctx.fill();
      }
    }
    drawBlurred(ctx, fire, em * 0.012);
    // Embers.
    for (let i = 0; i < 40; i += 1) {
      const x = box.x - em * 0.3 + rng.next() * (box.w + em * 0.6);
      const y = box.y - em * 0.6 + rng.next() * box.h;
      const r = em * rng.range(0.008, 0.025);
      ctx.fillStyle = radial(ctx, x, y, 0, r * 3, [[0, '#fff0a0'], [0.3, 'rgba(255,140,0,0.9)'], [1, 'rgba(255,60,0,0)']]);
      ctx.beginPath();
      ctx.arc(x, y, r * 3, 0, Math.PI * 2);
      ctx.fill();
    }
  },
  slogan: { kind: 'plate', face: 'sansBold', color: '#ffd36a', fill: ['#3a0800', '#120200'], border: '#ff6a00', shape: 'slant', glow: 'rgba(255,120,0,0.7)' },
  entrance: 'rise',
  sweep: [255, 236, 160],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#0a0200'],
      [0.7, '#3a0a00'],
      [1, '#7a1800'],
    ]);
    glow(ctx, w / 2, h * 1.05, w * 0.7, 'rgba(255,90,0,0.65)');
    stars(ctx, w, h, rng, 90, '#ffae40', 2.2);
    vignette(ctx, w, h, 0.55);
  },
};
