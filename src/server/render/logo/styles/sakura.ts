/** 樱花物语: soft elegant letters in white-to-pink with a blossoming cherry branch and drifting petals. */
import { bokeh, glow, sky } from '../backdrop';
import { blossom, petalPath } from '../ornaments';
import { linear, radial } from '../surface';
import type { Ctx } from '../surface';
import type { Rng } from '../prng';
import type { LogoStyle, OrnamentKit } from '../types';

const PETAL = (ctx: Ctx, x: number, y: number, r: number): CanvasGradient =>
  radial(ctx, x, y, 0, r, [
    [0, '#ff6f9f'],
    [0.35, '#ffc1d6'],
    [1, '#fff2f7'],
  ]);

function petals(kit: OrnamentKit, rng: Rng, count: number): void {
  const { ctx, em, box } = kit;
  for (let i = 0; i < count; i += 1) {
    const x = box.x - em * 0.5 + rng.next() * (box.w + em);
    const y = box.y - em * 0.4 + rng.next() * (box.h + em * 0.9);
    const r = em * rng.range(0.06, 0.11);
    petalPath(ctx, x, y, r, rng.range(0, Math.PI * 2));
    ctx.fillStyle = linear(ctx, x, y - r, x, y + r, [[0, '#ffd9e6'], [1, '#ff8fb5']]);
    ctx.fill();
  }
}

export const sakura: LogoStyle = {
  face: 'elegant',
  layout: { mode: 'wave', wave: 0.06, tracking: 0.03, width: 840, maxEm: 270 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    kit.rings([
      [e * 0.16, '#ffffff'],
      [e * 0.1, '#ff86b3'],
      [e * 0.04, '#b8336a'],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, '#ffffff'], [0.45, '#ffe0ec'], [1, '#ff8fbd']], -0.4, 0.45));
    kit.innerShadow(face, 'rgba(184,51,106,0.45)', -e * 0.012, -e * 0.018, e * 0.02);
    kit.put(face);
    kit.glow('rgba(255,150,190,0.8)', e * 0.08);
    kit.dropShadow('rgba(120,30,80,0.35)', 0, e * 0.05, e * 0.06);
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    // A cherry branch reaching in from the upper left across the top of the title.
    const x0 = box.x - em * 0.7;
    const y0 = box.y - em * 0.25;
    const x1 = box.x + box.w * 0.75;
    const y1 = box.y - em * 0.35;
    ctx.strokeStyle = '#5a2a2a';
    ctx.lineCap = 'round';
    ctx.lineWidth = em * 0.07;
    ctx.beginPath();
    ctx.moveTo(x0, y0 + em * 0.3);
    ctx.quadraticCurveTo((x0 + x1) / 2, y0 - em * 0.3, x1, y1);
    ctx.stroke();
    ctx.lineWidth = em * 0.035;
    const twigs: Array<[number, number, number, number]> = [];
    for (let i = 0; i < 5; i += 1) {
      const t = 0.15 + i * 0.18;
      const bx = x0 + (x1 - x0) * t;
      const by = y0 + em * 0.3 * (1 - t) - Math.sin(t * Math.PI) * em * 0.3;
      const ex = bx + em * rng.range(0.2, 0.45);
      const ey = by + (i % 2 === 0 ? -1 : 1) * em * rng.range(0.2, 0.35);
      ctx.beginPath();
      ctx.moveTo(bx, by);
      ctx.quadraticCurveTo(bx + em * 0.1, (by + ey) / 2, ex, ey);
      ctx.stroke();
      twigs.push([bx, by, ex, ey]);
    }
    for (const [bx, by, ex, ey] of twigs) {
      for (const [x, y] of [
        [ex, ey],
        [(bx + ex) / 2, (by + ey) / 2],
      ]) {
        const r = em * rng.range(0.11, 0.16);
        blossom(ctx, x, y, r, rng.range(0, 1.2), PETAL(ctx, x, y, r), '#d6336c');
      }
    }
    petals(kit, rng, 10);
  },
  front(kit) {
    petals(kit, kit.rng, 5);
  },
  slogan: { kind: 'ribbon', face: 'elegant', color: '#ffffff', band: ['#ff9cc2', '#e8588e'], edge: '#ffe6ef', tail: '#c2406e', outline: 'rgba(160,30,80,0.6)', spacing: 0.25 },
  entrance: 'spin',
  sweep: [255, 235, 245],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#ffd8e8'],
      [0.6, '#f6c0d8'],
      [1, '#b8d8f8'],
    ]);
    glow(ctx, w * 0.5, h * 0.45, w * 0.5, 'rgba(255,255,255,0.7)');
    bokeh(ctx, w, h, rng, ['#ff9cc2', '#ffffff', '#ffc6dc'], 26);
  },
};
