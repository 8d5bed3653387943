/** 糖果派对: bubbly letters in peppermint stripes with berry outlines, lollipops and sprinkles. */
import { glow, sky } from '../backdrop';
import { createLayer } from '../surface';
import type { Ctx } from '../surface';
import type { LogoStyle } from '../types';
import { repeatingPattern } from '../../repeatingPattern';

const STRIPES: ReadonlyArray<readonly [string, string]> = [
  ['#ff5fa2', '#ffe3ef'],
  ['#3fd0b8', '#e0fff8'],
  ['#ffb21f', '#fff6d8'],
  ['#9a6bff', '#efe6ff'],
];
const BERRY = '#7a1f55';

function stripeTile(a: string, b: string): CanvasPattern {
  const size = 48;
  const tile = createLayer({ x: 0, y: 0, w: size, h: size }, 1);
  const ctx = tile.ctx;
  ctx.fillStyle = b;
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = a;
  // Diagonal bands that wrap around the tile edges.
  for (const offset of [-size, 0, size]) {
    ctx.beginPath();
    ctx.moveTo(offset, size);
    ctx.lineTo(offset + size / 2, size);
    ctx.lineTo(offset + size, 0);
    ctx.lineTo(offset + size / 2, 0);
    ctx.closePath();
    ctx.fill();
  }
  return repeatingPattern(ctx, tile.canvas);
}

function lollipop(ctx: Ctx, x: number, y: number, r: number, stick: number, colors: readonly [string, string]): void {
  ctx.fillStyle = '#fff6ee';
  ctx.strokeStyle = BERRY;
  ctx.lineWidth = r * 0.12;
  ctx.beginPath();
  ctx.roundRect(x - r * 0.1, y, r * 0.2, stick, r * 0.1);
  ctx.fill();
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = colors[1];
  ctx.fill();
  ctx.stroke();
  // The swirl.
  ctx.strokeStyle = colors[0];
  ctx.lineWidth = r * 0.22;
  ctx.beginPath();
  for (let a = 0; a < Math.PI * 5; a += 0.15) {
    const rr = (a / (Math.PI * 5)) * r * 0.85;
    ctx.lineTo(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
  }
  ctx.stroke();
  ctx.fillStyle = 'rgba(255,255,255,0.7)';
  ctx.beginPath();
  ctx.ellipse(x - r * 0.4, y - r * 0.45, r * 0.28, r * 0.14, -0.6, 0, Math.PI * 2);
  ctx.fill();
}

export const candy: LogoStyle = {
  face: 'cartoon',
  layout: { mode: 'wave', wave: 0.12, tracking: -0.05, width: 820, maxEm: 280, jitterRot: 0.12 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    kit.stroke(e * 0.24, 'rgba(122,31,85,0.35)', { dx: e * 0.02, dy: e * 0.05 });
    kit.rings([
      [e * 0.22, BERRY],
      [e * 0.15, '#ffffff'],
      [e * 0.06, BERRY],
    ]);
    const face = kit.newLayer();
    kit.each((ctx, g) => {
      const [a, b] = STRIPES[g.index % STRIPES.length];
      const pattern = stripeTile(a, b);
      pattern.setTransform({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
      ctx.fillStyle = pattern;
      ctx.fillText(g.ch, 0, kit.baseline(g));
    }, face);
    kit.innerShadow(face, 'rgba(255,255,255,0.8)', e * 0.015, e * 0.02, e * 0.02);
    kit.innerShadow(face, 'rgba(122,31,85,0.5)', -e * 0.012, -e * 0.02, e * 0.02);
    const gloss = kit.newLayer();
    kit.each((ctx, g) => {
      ctx.fillStyle = 'rgba(255,255,255,0.6)';
      ctx.beginPath();
      ctx.ellipse(0, -g.size * 0.28, g.size * 0.42, g.size * 0.12, 0, 0, Math.PI * 2);
      ctx.fill();
    }, gloss);
    kit.clipTo(gloss, face);
    kit.put(face);
    kit.put(gloss);
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    lollipop(ctx, box.x - em * 0.3, box.y + em * 0.05, em * 0.38, em * 0.9, ['#ff5fa2', '#ffe3ef']);
    lollipop(ctx, box.x + box.w + em * 0.3, box.y + em * 0.2, em * 0.32, em * 0.8, ['#3fd0b8', '#e0fff8']);
    // Sprinkles.
    const colors = ['#ff5fa2', '#3fd0b8', '#ffb21f', '#9a6bff', '#4fa8ff'];
    ctx.lineCap = 'round';
    for (let i = 0; i < 34; i += 1) {
      const x = box.x - em * 0.5 + rng.next() * (box.w + em);
      const y = box.y - em * 0.45 + rng.next() * (box.h + em * 0.9);
      const a = rng.range(0, Math.PI);
      const l = em * 0.05;
      ctx.strokeStyle = rng.pick(colors);
      ctx.lineWidth = em * 0.03;
      ctx.beginPath();
      ctx.moveTo(x - Math.cos(a) * l, y - Math.sin(a) * l);
      ctx.lineTo(x + Math.cos(a) * l, y + Math.sin(a) * l);
      ctx.stroke();
    }
  },
  slogan: { kind: 'ribbon', face: 'cartoon', color: '#ffffff', band: ['#7de0d0', '#2fb8a4'], edge: '#ffffff', tail: '#1f8a7a', outline: '#1f6a5e', spacing: 0.15 },
  entrance: 'drop',
  sweep: [255, 255, 255],
  backdrop(ctx, w, h) {
    sky(ctx, w, h, [
      [0, '#ffe0ef'],
      [1, '#ffc2dd'],
    ]);
    ctx.fillStyle = 'rgba(255,255,255,0.55)';
    const step = Math.max(12, w / 16);
    for (let y = 0; y < h + step; y += step) {
      for (let x = (y / step) % 2 === 0 ? 0 : step / 2; x < w + step; x += step) {
        ctx.beginPath();
        ctx.arc(x, y, step * 0.16, 0, Math.PI * 2);
        ctx.fill();
      }
    }
    glow(ctx, w / 2, h / 2, w * 0.45, 'rgba(255,255,255,0.7)');
  },
};
