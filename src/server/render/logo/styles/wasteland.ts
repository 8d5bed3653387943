/** 末日废土: rusted, corroded stencil letters knocked askew, on a hazard-striped girder, shot through with bullet holes. */
import { glow, grain, sky, vignette } from '../backdrop';
import { contrast, erosionTile, noiseTile, ramp } from '../noise';
import { crack } from '../ornaments';
import { radial } from '../surface';
import type { Ctx } from '../surface';
import type { Rng } from '../prng';
import type { LogoStyle } from '../types';
import { repeatingPattern } from '../../repeatingPattern';

const rust = () =>
  noiseTile(
    {
      size: 256,
      cells: 10,
      octaves: 5,
      seed: 'rust',
      color: (v) => {
        const [r, g, b] = ramp(
          [
            [60, 28, 12],
            [140, 62, 20],
            [196, 110, 40],
            [150, 140, 120],
          ],
          contrast(v, 1.7),
        );
        return [r, g, b, 255];
      },
    },
    'rust',
  );

function bulletHole(ctx: Ctx, x: number, y: number, r: number, rng: Rng): void {
  ctx.fillStyle = radial(ctx, x, y, 0, r * 1.8, [[0, 'rgba(30,20,10,0.7)'], [1, 'rgba(30,20,10,0)']]);
  ctx.beginPath();
  ctx.arc(x, y, r * 1.8, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#0a0604';
  ctx.beginPath();
  ctx.arc(x, y, r * 0.55, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = 'rgba(230,200,160,0.8)';
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.beginPath();
  ctx.arc(x, y, r * 0.62, Math.PI * 0.9, Math.PI * 1.7);
  ctx.stroke();
  ctx.strokeStyle = 'rgba(10,6,4,0.8)';
  for (let i = 0; i < 4; i += 1) crack(ctx, x, y, r * 1.4, rng.range(0, Math.PI * 2), rng, 0);
}

export const wasteland: LogoStyle = {
  face: 'sansBlack',
  layout: { mode: 'line', tracking: 0.01, width: 860, maxEm: 270, jitterRot: 0.07, jitterY: 0.05 },
  pad: 0.25,
  title(kit) {
    const e = kit.em;
    kit.stroke(e * 0.15, '#14100c');
    const face = kit.faceLayer('#8a4a1a');
    kit.overlay(face, kit.pattern(rust()), 'source-over', 1, { x: 41, y: 9 });
    // Stencil bridges: two thin gaps cut through every character.
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'stencil');
      ctx.globalCompositeOperation = 'destination-out';
      for (const x of [rng.range(-0.25, -0.1), rng.range(0.1, 0.25)]) ctx.fillRect(g.size * x, -g.size, g.size * 0.035, g.size * 2);
    }, face);
    kit.erode(face, erosionTile('corrosion', 0.76, 28, 0.02), { x: 7, y: 23 });
    kit.bevel(face, 'rgba(255,220,170,0.7)', 'rgba(0,0,0,0.8)', e * 0.014, e * 0.01);
    kit.put(face);
    kit.dropShadow('rgba(0,0,0,0.55)', e * 0.03, e * 0.04, e * 0.03);
  },
  back(kit) {
    const { ctx, em, box } = kit;
    // A hazard-striped girder across the title, tilted.
    ctx.save();
    ctx.translate(0, box.y + box.h * 0.55);
    ctx.rotate(-0.05);
    const w = box.w + em * 1.2;
    const h = box.h * 0.5;
    ctx.beginPath();
    ctx.rect(-w / 2, -h / 2, w, h);
    ctx.save();
    ctx.clip();
    ctx.fillStyle = '#e0b020';
    ctx.fillRect(-w / 2, -h / 2, w, h);
    ctx.fillStyle = '#141414';
    for (let x = -w / 2 - h; x < w / 2 + h; x += h * 0.9) {
      ctx.beginPath();
      ctx.moveTo(x, h / 2);
      ctx.lineTo(x + h * 0.45, h / 2);
      ctx.lineTo(x + h * 1.35, -h / 2);
      ctx.lineTo(x + h * 0.9, -h / 2);
      ctx.closePath();
      ctx.fill();
    }
    ctx.globalCompositeOperation = 'multiply';
    ctx.fillStyle = repeatingPattern(ctx, rust());
    ctx.globalAlpha = 0.7;
    ctx.fillRect(-w / 2, -h / 2, w, h);
    ctx.restore();
    ctx.beginPath();
    ctx.rect(-w / 2, -h / 2, w, h);
    ctx.strokeStyle = '#14100c';
    ctx.lineWidth = em * 0.03;
    ctx.stroke();
    ctx.restore();
  },
  front(kit) {
    const { ctx, em, box, rng } = kit;
    for (let i = 0; i < 3; i += 1) bulletHole(ctx, box.x + box.w * rng.range(0.1, 0.9), box.y + box.h * rng.range(0.2, 0.8), em * 0.07, rng);
  },
  slogan: { kind: 'plate', face: 'sansBlack', color: '#f2d27a', fill: ['#4a2a14', '#1e120a'], border: '#e0b020', shape: 'cut', outline: '#0a0604', spacing: 0.3 },
  entrance: 'drop',
  sweep: [255, 230, 190],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#3a2414'],
      [0.6, '#b86a2a'],
      [1, '#2a1a10'],
    ]);
    glow(ctx, w * 0.5, h * 0.62, w * 0.4, 'rgba(255,190,110,0.5)');
    ctx.fillStyle = '#1a120c';
    for (let i = 0; i < 14; i += 1) {
      const bw = w * rng.range(0.04, 0.1);
      const bh = h * rng.range(0.15, 0.4);
      const x = rng.range(-0.05, 1) * w;
      ctx.beginPath();
      ctx.moveTo(x, h * 0.85);
      ctx.lineTo(x, h * 0.85 - bh);
      ctx.lineTo(x + bw * rng.range(0.3, 0.7), h * 0.85 - bh * rng.range(0.7, 1.1));
      ctx.lineTo(x + bw, h * 0.85 - bh * rng.range(0.5, 0.9));
      ctx.lineTo(x + bw, h * 0.85);
      ctx.fill();
    }
    ctx.fillRect(0, h * 0.85, w, h * 0.15);
    grain(ctx, w, h, 0.15);
    vignette(ctx, w, h, 0.65);
  },
};
