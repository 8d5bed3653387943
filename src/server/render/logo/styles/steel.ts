/** 钢铁熔铸: squat blocky letters of brushed steel with white-hot molten seams, on heavy gears with sparks. */
import { glow, sky, stars, vignette } from '../backdrop';
import { grainTile, noiseTile } from '../noise';
import { crack, gearPath } from '../ornaments';
import { linear, radial } from '../surface';
import type { LogoStyle } from '../types';

/** Long horizontal streaks: steel brushed along its length. */
const brushed = () =>
  noiseTile(
    {
      size: 256,
      cells: 64,
      octaves: 3,
      stretch: 16,
      seed: 'brushed',
      color: (v) => {
        const c = Math.round(90 + v * 140);
        return [c, c, Math.min(255, c + 8), 255];
      },
    },
    'brushed',
  );

export const steel: LogoStyle = {
  face: 'display',
  layout: { mode: 'line', tracking: 0.05, width: 860, maxEm: 270, squash: 0.9 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    kit.extrude(7, 0, e * 0.014, (t) => (t > 0.6 ? '#0c0c0e' : '#2a2c30'), e * 0.16);
    kit.rings([
      [e * 0.16, '#0e0e10'],
      [e * 0.1, (g) => kit.glyphGradient(g, [[0, '#ffe9a0'], [0.4, '#ff8a1a'], [1, '#c02800']], -0.6, 0.6)],
      [e * 0.045, '#141416'],
    ]);
    const hot = kit.newLayer();
    kit.stroke(e * 0.1, '#ff7a1a', { into: hot });
    kit.glow('rgba(255,110,20,0.75)', e * 0.06, { source: hot });
    const face = kit.faceLayer('#9aa0a8');
    kit.overlay(face, kit.pattern(brushed()), 'source-over', 1, { x: 0, y: kit.box.y });
    kit.overlay(face, linear(kit.ctx, 0, kit.box.y, 0, kit.box.y + kit.box.h, [[0, 'rgba(255,255,255,0.5)'], [0.48, 'rgba(255,255,255,0)'], [0.5, 'rgba(0,0,0,0.35)'], [1, 'rgba(255,255,255,0.15)']]));
    kit.overlay(face, kit.pattern(grainTile('scratch', 48, 1.6)), 'multiply', 0.25);
    // Molten seams: glowing cracks through the metal.
    const seams = kit.newLayer();
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'seam');
      ctx.strokeStyle = '#ffd36a';
      ctx.lineWidth = Math.max(1, e * 0.014);
      ctx.shadowColor = '#ff6a00';
      ctx.shadowBlur = e * 0.04 * kit.layer.scale;
      crack(ctx, rng.jitter(g.size * 0.3), g.size * 0.42, g.size * 0.45, -Math.PI / 2 + rng.jitter(0.5), rng, 1);
    }, seams);
    kit.clipTo(seams, face);
    kit.bevel(face, 'rgba(255,255,255,0.95)', 'rgba(0,0,0,0.85)', e * 0.018, e * 0.006);
    kit.put(face);
    kit.put(seams);
    // Rivets at the top corners of every character.
    kit.each((ctx, g) => {
      for (const x of [-0.3, 0.3]) {
        const rx = g.size * x;
        const ry = -g.size * 0.38;
        ctx.fillStyle = radial(ctx, rx - e * 0.008, ry - e * 0.008, 0, e * 0.025, [[0, '#ffffff'], [0.5, '#9aa0a8'], [1, '#2a2c30']]);
        ctx.beginPath();
        ctx.arc(rx, ry, e * 0.022, 0, Math.PI * 2);
        ctx.fill();
      }
    }, kit.layer);
  },
  back(kit) {
    const { ctx, em, box, rng, scale } = kit;
    const gears: Array<[number, number, number, number]> = [
      [box.x + box.w * 0.12, box.y + box.h * 0.2, em * 0.85, 12],
      [box.x + box.w * 0.88, box.y + box.h * 0.55, em * 0.7, 10],
      [box.x + box.w * 0.55, box.y - em * 0.1, em * 0.5, 9],
    ];
    for (const [x, y, r, teeth] of gears) {
      gearPath(ctx, x, y, r, teeth, 0.3);
      ctx.fillStyle = linear(ctx, x - r, y - r, x + r, y + r, [[0, '#7a8088'], [0.5, '#3a3e44'], [1, '#16181a']]);
      ctx.fill('evenodd');
      ctx.strokeStyle = '#0a0a0c';
      ctx.lineWidth = em * 0.025;
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(x, y, r * 0.6, 0, Math.PI * 2);
      ctx.strokeStyle = 'rgba(255,255,255,0.2)';
      ctx.lineWidth = em * 0.02;
      ctx.stroke();
    }
    // Sparks flying off the forge.
    ctx.save();
    ctx.shadowColor = '#ff8a1a';
    ctx.shadowBlur = em * 0.04 * scale;
    ctx.strokeStyle = '#ffd36a';
    ctx.lineCap = 'round';
    for (let i = 0; i < 26; i += 1) {
      const x = box.x + rng.next() * box.w;
      const y = box.y + box.h * rng.range(0.6, 1.1);
      const a = -Math.PI / 2 + rng.jitter(1.2);
      const l = em * rng.range(0.05, 0.2);
      ctx.lineWidth = Math.max(1, em * rng.range(0.006, 0.014));
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x + Math.cos(a) * l, y + Math.sin(a) * l);
      ctx.stroke();
    }
    ctx.restore();
  },
  slogan: { kind: 'plate', face: 'display', color: '#ffffff', fill: ['#5a5e64', '#1e2024'], border: '#ff7a1a', shape: 'round', outline: '#111', spacing: 0.3 },
  entrance: 'slam',
  sweep: [255, 225, 190],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#0a0a0c'],
      [0.7, '#24201e'],
      [1, '#3a1a08'],
    ]);
    glow(ctx, w / 2, h, w * 0.6, 'rgba(255,110,20,0.5)');
    stars(ctx, w, h, rng, 60, '#ffb050', 1.6);
    ctx.fillStyle = radial(ctx, w / 2, h / 2, 0, w, [[0, 'rgba(0,0,0,0)'], [1, 'rgba(0,0,0,0.3)']]);
    vignette(ctx, w, h, 0.6);
  },
};
