/** 皇城紫金: imperial purple letters framed in thick gold, crowned, with golden scrollwork and jewels. */
import { glow, rays, sky, vignette } from '../backdrop';
import { crownPath, glint } from '../ornaments';
import { linear, radial } from '../surface';
import type { Ctx, Paint } from '../surface';
import type { LogoStyle } from '../types';

const GOLD: ReadonlyArray<readonly [number, string]> = [
  [0, '#fff5c4'],
  [0.45, '#f0c040'],
  [0.55, '#a06a10'],
  [1, '#ffe07a'],
];

function jewel(ctx: Ctx, x: number, y: number, r: number, color: string): void {
  ctx.fillStyle = radial(ctx, x - r * 0.3, y - r * 0.3, 0, r * 1.2, [[0, '#ffffff'], [0.3, color], [1, '#1a0030']]);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#7a4a08';
  ctx.lineWidth = r * 0.25;
  ctx.stroke();
}

/** A golden scroll: an S-curve ending in curls, mirrored on each side of the title. */
function scroll(ctx: Ctx, x: number, y: number, size: number, side: number, paint: Paint, line: string): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(side, 1);
  ctx.lineCap = 'round';
  const draw = (width: number, stroke: Paint) => {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.bezierCurveTo(size * 0.4, -size * 0.5, size * 0.8, size * 0.3, size * 1.1, -size * 0.15);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(size * 1.1 + size * 0.1, -size * 0.2, size * 0.12, Math.PI * 0.9, Math.PI * 2.6);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(size * 0.35, -size * 0.18);
    ctx.bezierCurveTo(size * 0.45, -size * 0.6, size * 0.75, -size * 0.65, size * 0.8, -size * 0.45);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(size * 0.55, size * 0.05);
    ctx.bezierCurveTo(size * 0.6, size * 0.4, size * 0.85, size * 0.45, size * 0.9, size * 0.28);
    ctx.stroke();
  };
  draw(size * 0.11, line);
  draw(size * 0.065, paint);
  ctx.restore();
}

export const royal: LogoStyle = {
  face: 'serifBlack',
  layout: { mode: 'line', tracking: 0.04, width: 760, maxEm: 260 },
  // The extrusion and glow reach about 0.32 em below the letters.
  pad: 0.42,
  title(kit) {
    const e = kit.em;
    kit.extrude(6, 0, e * 0.014, () => '#1a0530', e * 0.19);
    kit.rings([
      [e * 0.19, '#1e0536'],
      [e * 0.135, (g) => kit.glyphGradient(g, GOLD, -0.6, 0.6)],
      [e * 0.05, '#3a0a5a'],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, '#f2dcff'], [0.35, '#b066f0'], [0.7, '#5a1a9a'], [1, '#8a3ad0']], -0.45, 0.45));
    kit.bevel(face, 'rgba(255,240,255,0.85)', 'rgba(20,0,40,0.8)', e * 0.016, e * 0.016);
    kit.put(face);
    kit.glow('rgba(255,200,80,0.45)', e * 0.12);
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'glint');
      if (rng.chance(0.55)) glint(ctx, rng.jitter(g.size * 0.35), -g.size * 0.42, e * 0.13);
    });
  },
  back(kit) {
    const { ctx, em, box } = kit;
    const gold = linear(ctx, 0, box.y - em * 0.9, 0, box.y, GOLD);
    // The crown above the middle of the title.
    const cw = Math.min(em * 1.1, box.w * 0.6);
    const ch = cw * 0.62;
    const cy = box.y + em * 0.08;
    crownPath(ctx, 0, cy, cw, ch);
    ctx.fillStyle = gold;
    ctx.fill();
    ctx.strokeStyle = '#5a3206';
    ctx.lineWidth = em * 0.025;
    ctx.lineJoin = 'round';
    ctx.stroke();
    ctx.fillStyle = linear(ctx, 0, cy - ch * 0.2, 0, cy, [[0, '#a06a10'], [1, '#5a3206']]);
    ctx.fillRect(-cw / 2, cy - ch * 0.18, cw, ch * 0.18);
    jewel(ctx, 0, cy - ch * 0.09, ch * 0.1, '#e02050');
    jewel(ctx, -cw * 0.3, cy - ch * 0.09, ch * 0.07, '#2080ff');
    jewel(ctx, cw * 0.3, cy - ch * 0.09, ch * 0.07, '#20c060');
    for (const [x, r] of [
      [-cw * 0.54, 0.06],
      [-cw * 0.16, 0.07],
      [cw * 0.16, 0.07],
      [cw * 0.54, 0.06],
    ] as const) jewel(ctx, x, cy - ch * (Math.abs(x) > cw * 0.3 ? 0.78 : 0.98), ch * r, '#f0e0ff');
    // Scrollwork on both sides.
    const sg = linear(ctx, 0, box.y, 0, box.y + box.h, GOLD);
    scroll(ctx, box.x - em * 0.05, box.y + box.h * 0.5, em * 0.75, -1, sg, '#3a1a04');
    scroll(ctx, box.x + box.w + em * 0.05, box.y + box.h * 0.5, em * 0.75, 1, sg, '#3a1a04');
  },
  slogan: { kind: 'ribbon', face: 'serifBold', color: '#fff2c8', band: ['#7a2ac0', '#3a0a6a'], edge: '#f0c040', tail: '#2a0650', outline: 'rgba(20,0,40,0.7)', spacing: 0.3 },
  sealOffset: { right: [0.15, 0] },
  entrance: 'zoom',
  sweep: [255, 240, 210],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#12002a'],
      [0.6, '#3a0c6a'],
      [1, '#0c001c'],
    ]);
    rays(ctx, w / 2, h * 0.45, 24, w * 0.8, 'rgba(255,210,120,0.22)', rng);
    glow(ctx, w / 2, h * 0.45, w * 0.4, 'rgba(255,200,100,0.35)');
    vignette(ctx, w, h, 0.6);
  },
};
