/**
 * The banner's resampled placements (core/resampled.ts): drawn as a filtered drawImage would draw
 * them, within an eighth of a pixel; a frame the same whatever was drawn before it; a placement met
 * again copied from what was kept; and anything it cannot keep (rotated, zoomed) drawn as it comes.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { createLayer, type Ctx, type Layer } from '../../../src/server/render/banner/core/canvas';
import { drawResampled } from '../../../src/server/render/banner/core/resampled';

const W = 200;
const H = 120;

/** A layer with sharp edges and a gradient: what a logo or a glyph is made of. */
function sampleLayer(scale = 1): Layer {
  const layer = createLayer(90, 50, scale);
  const g = layer.ctx.createLinearGradient(0, 0, 90, 50);
  g.addColorStop(0, '#ffd040');
  g.addColorStop(1, '#c02060');
  layer.ctx.fillStyle = g;
  layer.ctx.fillRect(6, 6, 78, 38);
  layer.ctx.fillStyle = '#ffffff';
  layer.ctx.font = 'bold 30px sans-serif';
  layer.ctx.fillText('龙A', 14, 38);
  return layer;
}

function frame(draw: (ctx: Ctx) => void, scale = 1): Buffer {
  const canvas: Canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#102030';
  ctx.fillRect(0, 0, W, H);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.globalAlpha = 0.8;
  draw(ctx);
  return canvas.data();
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

describe('drawResampled', () => {
  it('draws between pixels and a little zoomed as a filtered drawImage does, within an eighth of a pixel', () => {
    for (const scale of [1, 0.5, 1.5]) {
      const layer = sampleLayer(scale);
      for (const [x, y, zoom] of [
        [20.3, 30.6, 1],
        [20.125, 30.875, 1],
        [41.7, 12.2, 1.012],
        [41.7, 12.2, 0.985],
      ]) {
        const [w, h] = [layer.width * zoom, layer.height * zoom];
        const direct = frame((ctx) => ctx.drawImage(layer.canvas, x, y, w, h), scale);
        const resampled = frame((ctx) => drawResampled(ctx, layer, x, y, w, h), scale);
        // A quarter of a pixel off is further than it may ever be.
        const quarterOff = frame((ctx) => ctx.drawImage(layer.canvas, x + 0.25 / scale, y + 0.25 / scale, w, h), scale);
        expect(meanDifference(direct, resampled)).toBeLessThan(meanDifference(direct, quarterOff));
      }
    }
  });

  it('draws a part of a layer where drawImage draws that part', () => {
    const layer = sampleLayer();
    const part = { sx: 10.5, sy: 0, sw: 40.25, sh: layer.height };
    const direct = frame((ctx) => ctx.drawImage(layer.canvas, part.sx, part.sy, part.sw, part.sh, 33.4, 21.7, part.sw, part.sh));
    const resampled = frame((ctx) => drawResampled(ctx, layer, 33.4, 21.7, part.sw, part.sh, part));
    expect(meanDifference(direct, resampled)).toBeLessThan(1);
  });

  it('draws the same frame whatever the layer was drawn at before (a thread draws every other frame)', () => {
    const fresh = sampleLayer();
    const used = sampleLayer();
    for (let i = 0; i < 40; i++) frame((ctx) => drawResampled(ctx, used, 10 + i * 0.37, 20 + i * 0.11, used.width, used.height));
    for (const [x, y] of [
      [13.33, 21.1],
      [25.9, 20.6],
      [50, 40],
    ]) {
      const a = frame((ctx) => drawResampled(ctx, fresh, x, y, fresh.width, fresh.height));
      const b = frame((ctx) => drawResampled(ctx, used, x, y, used.width, used.height));
      expect(b.equals(a)).toBe(true);
    }
  });

  it('copies a placement met again from the copy it kept, and resamples a new one', () => {
    const layer = sampleLayer();
    const at = (x: number) => frame((ctx) => drawResampled(ctx, layer, x, 30.3, layer.width, layer.height));
    const first = at(20.3);
    expect(at(20.3).equals(first)).toBe(true);
    // The layer changes after its placement was kept (layers given to it must not change: this shows it keeps).
    layer.ctx.fillStyle = '#00ff00';
    layer.ctx.fillRect(0, 0, layer.width, layer.height);
    expect(at(20.3).equals(first)).toBe(true);
    // A quarter of a pixel further: a placement not met before.
    const middle = at(60.55).subarray((55 * W + 105) * 4, (55 * W + 105) * 4 + 4);
    expect(middle[1]).toBeGreaterThan(150);
    expect(middle[0]).toBeLessThan(60);
  });

  it('draws rotated, skewed, flipped, much zoomed or unsmoothed placements exactly as drawImage does', () => {
    const layer = sampleLayer();
    const cases: Array<[string, (ctx: Ctx) => void, number]> = [
      ['rotated', (ctx) => ctx.rotate(0.1), 1],
      ['skewed', (ctx) => ctx.transform(1, 0, -0.2, 1, 0, 0), 1],
      ['flipped', (ctx) => ctx.scale(1, -1), 1],
      ['zoomed', () => undefined, 1.2],
      ['unsmoothed', (ctx) => (ctx.imageSmoothingEnabled = false), 1],
    ];
    for (const [, set, zoom] of cases) {
      const [w, h] = [layer.width * zoom, layer.height * zoom];
      const direct = frame((ctx) => {
        ctx.translate(40, 60);
        set(ctx);
        ctx.drawImage(layer.canvas, 0.3, -20.6, w, h);
      });
      const resampled = frame((ctx) => {
        ctx.translate(40, 60);
        set(ctx);
        drawResampled(ctx, layer, 0.3, -20.6, w, h);
      });
      expect(resampled.equals(direct)).toBe(true);
    }
  });
});
