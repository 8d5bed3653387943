/** 像素街机: arcade pixel art: letters drawn at low resolution with a stepped 3D block and hard colour bands. */
import { sky, stars } from '../backdrop';
import { createLayer, inDevicePixels } from '../surface';
import type { Ctx } from '../surface';
import type { LogoStyle } from '../types';

const HEART = ['.XX.XX.', 'XXXXXXX', 'XXXXXXX', '.XXXXX.', '..XXX..', '...X...'];
const COIN = ['..XXXX..', '.XYYYYX.', 'XYYXXYYX', 'XYYXXYYX', 'XYYXXYYX', 'XYYXXYYX', '.XYYYYX.', '..XXXX..'];
const STAR = ['...X...', '...X...', '.XXXXX.', 'XXXXXXX', '.XXXXX.', '.XX.XX.', 'X.....X'];

function sprite(ctx: Ctx, rows: readonly string[], x: number, y: number, block: number, colors: Readonly<Record<string, string>>): void {
  rows.forEach((row, j) => {
    for (let i = 0; i < row.length; i += 1) {
      const c = colors[row[i]];
      if (!c) continue;
      ctx.fillStyle = c;
      ctx.fillRect(Math.round(x + i * block), Math.round(y + j * block), Math.ceil(block), Math.ceil(block));
    }
  });
}

export const pixel: LogoStyle = {
  face: 'display',
  layout: { mode: 'line', tracking: 0.08, width: 860, maxEm: 260 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    // One art pixel: a character is about 22 of them tall, enough for Chinese to stay readable.
    const block = e / 22;
    const small = createLayer(kit.layer.box, 1 / block);
    const art = kit.on(small);
    art.extrude(3, block, block, () => '#2a0a4a', block * 2.2);
    art.stroke(block * 2.2, '#120024');
    const face = art.faceLayer((g) => art.glyphGradient(g, [[0, '#fff38a'], [0.34, '#fff38a'], [0.35, '#ffc21a'], [0.62, '#ffc21a'], [0.63, '#ff5a1f'], [1, '#ff5a1f']], -0.42, 0.42));
    // A row of light pixels along the top of each stroke and a dark row along the bottom.
    art.innerShadow(face, 'rgba(255,255,255,0.95)', 0, block, 0);
    art.innerShadow(face, 'rgba(150,20,0,0.8)', 0, -block, 0);
    art.put(face);
    // Pixel art has no half-covered pixels.
    const image = small.ctx.getImageData(0, 0, small.canvas.width, small.canvas.height);
    for (let i = 3; i < image.data.length; i += 4) image.data[i] = image.data[i] > 100 ? 255 : 0;
    small.ctx.putImageData(image, 0, 0);
    inDevicePixels(kit.layer, (ctx) => {
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(small.canvas, 0, 0, small.canvas.width * block * kit.layer.scale, small.canvas.height * block * kit.layer.scale);
    });
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    const block = em / 22;
    sprite(ctx, HEART, box.x - em * 0.55, box.y + box.h * 0.1, block * 1.4, { X: '#ff2a6d' });
    sprite(ctx, COIN, box.x + box.w + em * 0.25, box.y + box.h * 0.45, block * 1.4, { X: '#b86a00', Y: '#ffd23f' });
    sprite(ctx, STAR, box.x + box.w * 0.5 - block * 5, box.y - em * 0.55, block * 1.4, { X: '#ffd23f' });
    for (let i = 0; i < 10; i += 1) {
      const x = box.x - em * 0.5 + rng.next() * (box.w + em);
      // Above and beside the title, never over the slogan below it.
      const y = box.y - em * 0.5 + rng.next() * (box.h + em * 0.3);
      const c = rng.pick(['#4fe3ff', '#ff2a6d', '#ffd23f', '#ffffff']);
      sprite(ctx, ['.X.', 'XXX', '.X.'], x, y, block, { X: c });
    }
  },
  slogan: { kind: 'pixel', face: 'display', color: '#ffffff', shadow: '#ff2a6d', spacing: 0.2 },
  entrance: 'steps',
  sweep: [255, 255, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#0b0b2a'],
      [1, '#2a1a5e'],
    ]);
    stars(ctx, w, h * 0.7, rng, 80, '#ffffff', 1.5);
    const b = Math.max(4, Math.round(w / 60));
    for (let x = 0; x < w; x += b) {
      const hh = Math.round((Math.sin(x * 0.02) * 0.5 + 0.5) * 3 + 2) * b;
      ctx.fillStyle = '#3ab54a';
      ctx.fillRect(x, h - hh - b, b, b);
      ctx.fillStyle = '#8a4a1a';
      ctx.fillRect(x, h - hh, b, hh);
    }
  },
};
