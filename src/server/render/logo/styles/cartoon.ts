/** 萌趣卡通: round bouncy letters, each its own candy colour, with white and purple outlines on a puffy cloud. */
import { glow, rays, sky } from '../backdrop';
import { starPath } from '../ornaments';
import { linear } from '../surface';
import type { Ctx } from '../surface';
import type { LogoStyle } from '../types';

const COLORS: ReadonlyArray<readonly [string, string]> = [
  ['#fff07a', '#ffb800'],
  ['#ffb3d9', '#ff4fa0'],
  ['#a8e6ff', '#2fa8ff'],
  ['#c6f59a', '#4cc93a'],
  ['#e2c8ff', '#9a5cff'],
  ['#ffd0a0', '#ff7a1a'],
];
const OUTLINE = '#3b1f5e';

function heart(ctx: Ctx, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x, y + r * 0.9);
  ctx.bezierCurveTo(x - r * 1.4, y - r * 0.1, x - r * 0.6, y - r * 1.1, x, y - r * 0.35);
  ctx.bezierCurveTo(x + r * 0.6, y - r * 1.1, x + r * 1.4, y - r * 0.1, x, y + r * 0.9);
  ctx.closePath();
}

export const cartoon: LogoStyle = {
  face: 'cartoon',
  layout: { mode: 'wave', wave: 0.09, tracking: -0.02, width: 820, maxEm: 280, jitterRot: 0.1 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    const color = (i: number) => COLORS[i % COLORS.length];
    kit.extrude(7, e * 0.008, e * 0.012, () => OUTLINE, e * 0.22);
    kit.rings([
      [e * 0.22, OUTLINE],
      [e * 0.15, '#ffffff'],
      [e * 0.05, OUTLINE],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, color(g.index)[0]], [1, color(g.index)[1]]], -0.4, 0.45));
    kit.innerShadow(face, 'rgba(0,0,0,0.25)', -e * 0.02, -e * 0.025, e * 0.01);
    // A glossy highlight on each letter's top-left.
    const gloss = kit.newLayer();
    kit.each((ctx, g) => {
      ctx.fillStyle = 'rgba(255,255,255,0.75)';
      ctx.beginPath();
      ctx.ellipse(-g.size * 0.18, -g.size * 0.28, g.size * 0.2, g.size * 0.08, -0.5, 0, Math.PI * 2);
      ctx.fill();
      ctx.beginPath();
      ctx.arc(g.size * 0.06, -g.size * 0.36, g.size * 0.035, 0, Math.PI * 2);
      ctx.fill();
    }, gloss);
    kit.clipTo(gloss, face);
    kit.put(face);
    kit.put(gloss);
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    // A puffy cloud behind the letters: overlapping circles with one outline around all of them.
    const puffs: Array<[number, number, number]> = [];
    const n = Math.max(4, Math.round(box.w / (em * 0.45)));
    for (let i = 0; i < n; i += 1) {
      const t = n === 1 ? 0.5 : i / (n - 1);
      const x = box.x + box.w * (0.04 + 0.92 * t);
      puffs.push([x, box.y + box.h * 0.2 + rng.jitter(em * 0.08), em * rng.range(0.42, 0.55)]);
      puffs.push([x + em * 0.1, box.y + box.h * 0.85 + rng.jitter(em * 0.08), em * rng.range(0.35, 0.45)]);
    }
    puffs.push([box.x - em * 0.1, box.y + box.h * 0.5, em * 0.45], [box.x + box.w + em * 0.1, box.y + box.h * 0.5, em * 0.45]);
    const path = () => {
      ctx.beginPath();
      for (const [x, y, r] of puffs) {
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, Math.PI * 2);
      }
    };
    path();
    ctx.strokeStyle = OUTLINE;
    ctx.lineWidth = em * 0.09;
    ctx.stroke();
    path();
    ctx.fillStyle = linear(ctx, 0, box.y - em * 0.5, 0, box.y + box.h + em * 0.4, [[0, '#ffffff'], [1, '#d8ecff']]);
    ctx.fill();
    // Stars and hearts popping out around the cloud.
    const spots: Array<[number, number]> = [
      [box.x - em * 0.35, box.y - em * 0.25],
      [box.x + box.w * 0.45, box.y - em * 0.55],
      [box.x + box.w + em * 0.4, box.y + box.h + em * 0.1],
      [box.x + box.w * 0.2, box.y + box.h + em * 0.35],
      [box.x + box.w + em * 0.25, box.y - em * 0.4],
    ];
    spots.forEach(([x, y], i) => {
      const r = em * rng.range(0.12, 0.18);
      if (i % 2 === 0) starPath(ctx, x, y, r, 5, 0.5, -Math.PI / 2 + rng.jitter(0.3));
      else heart(ctx, x, y, r * 0.8);
      ctx.fillStyle = i % 2 === 0 ? '#ffd23f' : '#ff5fa8';
      ctx.fill();
      ctx.strokeStyle = OUTLINE;
      ctx.lineWidth = em * 0.03;
      ctx.lineJoin = 'round';
      ctx.stroke();
    });
  },
  slogan: { kind: 'plate', face: 'cartoon', color: '#ffffff', fill: ['#ff8ad0', '#ff4fa0'], border: OUTLINE, shape: 'pill', outline: OUTLINE, spacing: 0.15 },
  entrance: 'pop',
  sweep: [255, 255, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#6fd3ff'],
      [1, '#c9f0ff'],
    ]);
    rays(ctx, w / 2, h * 0.5, 18, w, 'rgba(255,255,255,0.35)', rng);
    glow(ctx, w / 2, h * 0.5, w * 0.4, 'rgba(255,255,255,0.6)');
    for (let i = 0; i < 6; i += 1) {
      const x = rng.range(0, w);
      const y = rng.range(h * 0.6, h);
      ctx.fillStyle = 'rgba(255,255,255,0.9)';
      for (let k = 0; k < 4; k += 1) {
        ctx.beginPath();
        ctx.arc(x + k * w * 0.03, y - (k % 2) * h * 0.03, w * 0.035, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  },
};
