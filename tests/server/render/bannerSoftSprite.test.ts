/**
 * Soft sprites (core/canvas.ts): a glow or puff made once and copied unfiltered each frame must
 * look like its gradient drawn in place, at the size it was made and shrunk, at any strength.
 */
import { createCanvas } from '@napi-rs/canvas';
import { drawSoftSprite, radialSprite, type Ctx } from '../../../src/server/render/banner/core/canvas';

const SIZE = 400;
const STOPS = (alpha: number): Array<[number, string]> => [
  [0, `rgba(52,20,14,${alpha})`],
  [0.15, `rgba(52,20,14,${alpha})`],
  [1, 'rgba(52,20,14,0)'],
];

function frame(draw: (ctx: Ctx) => void): Buffer {
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ff9a3c';
  ctx.fillRect(0, 0, SIZE, SIZE);
  draw(ctx);
  return canvas.data();
}

/** The gradient evaluated at every pixel, as a frame drew it before sprites. */
const inPlace = (radius: number, alpha: number): Buffer =>
  frame((ctx) => {
    const g = ctx.createRadialGradient(200, 200, 0, 200, 200, radius);
    for (const [offset, color] of STOPS(alpha)) g.addColorStop(offset, color);
    ctx.fillStyle = g;
    ctx.fillRect(200 - radius, 200 - radius, radius * 2, radius * 2);
  });

const largestDifference = (a: Buffer, b: Buffer): number => {
  let largest = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) largest = Math.max(largest, Math.abs(a[i] - b[i]));
  return largest;
};

describe('a soft sprite', () => {
  const sprite = radialSprite(190, 1, STOPS(1));

  it.each([
    [190, 0.3],
    [190, 1],
    [100, 0.5],
    [30, 0.8],
  ])('of radius %i drawn at strength %f is its gradient within three levels', (radius, alpha) => {
    const drawn = frame((ctx) => drawSoftSprite(ctx, sprite, 200, 200, radius * 2, alpha));
    expect(largestDifference(drawn, inPlace(radius, alpha))).toBeLessThanOrEqual(3);
  });

  it('leaves image smoothing and the global alpha as they were', () => {
    frame((ctx) => {
      ctx.imageSmoothingEnabled = true;
      drawSoftSprite(ctx, sprite, 200, 200, 200, 0.4);
      expect(ctx.imageSmoothingEnabled).toBe(true);
      expect(ctx.globalAlpha).toBe(1);
    });
  });

  it('draws nothing at no strength or no size', () => {
    const untouched = frame(() => undefined);
    expect(largestDifference(frame((ctx) => drawSoftSprite(ctx, sprite, 200, 200, 400, 0)), untouched)).toBe(0);
    expect(largestDifference(frame((ctx) => drawSoftSprite(ctx, sprite, 200, 200, 0, 1)), untouched)).toBe(0);
  });
});
