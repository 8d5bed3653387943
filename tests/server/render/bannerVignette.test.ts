/**
 * The banner's vignette (core/effects.ts), drawn from bands cut once per video: on every frame
 * shape it darkens each pixel as the radial gradient it was cut from does, with no seam where the
 * bands meet and nothing drawn in the clear middle.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { Ctx } from '../../../src/server/render/banner/core/canvas';
import { createVignette, type FramePlacement } from '../../../src/server/render/banner/core/effects';
import { frameGeometry } from '../../../src/server/render/banner/core/video';
import { rgba } from '../../../src/server/render/banner/core/math';

/** Where a banner of this size draws its design area (video.ts's own geometry). */
const placement = (width: number, height: number): FramePlacement => frameGeometry({ width, height });

/** A grey frame in the design transform, with `draw` over it. */
function greyFrame(frame: FramePlacement, draw: (ctx: Ctx) => void): Buffer {
  const canvas = createCanvas(frame.width, frame.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#808080';
  ctx.fillRect(0, 0, frame.width, frame.height);
  ctx.setTransform(frame.scale, 0, 0, frame.scale, frame.offsetX, frame.offsetY);
  draw(ctx);
  return canvas.data();
}

/** The whole gradient over the frame, as the vignette was drawn before it was cut into bands. */
const gradientFrame = (frame: FramePlacement, color: string, strength: number): Buffer =>
  greyFrame(frame, (ctx) => {
    const g = ctx.createRadialGradient(960, 540, 590, 960, 540, 1120);
    g.addColorStop(0, rgba(color, 0));
    g.addColorStop(0.5, rgba(color, strength * 0.45));
    g.addColorStop(1, rgba(color, strength));
    ctx.fillStyle = g;
    ctx.fillRect(-frame.offsetX / frame.scale, -frame.offsetY / frame.scale, frame.width / frame.scale, frame.height / frame.scale);
  });

/** The vignette drawn as a frame draws it: in the design transform, which it sets aside. */
const bandedFrame = (frame: FramePlacement, color: string, strength: number): Buffer => greyFrame(frame, (ctx) => createVignette(frame, color, strength)(ctx));

describe('the banner vignette', () => {
  it.each([
    [1920, 1080],
    [1080, 1920],
    [960, 540],
    [1278, 718],
  ])('darkens a %ix%i frame as its gradient does, seamlessly', (width, height) => {
    const frame = placement(width, height);
    const expected = gradientFrame(frame, '#200008', 0.8);
    const drawn = bandedFrame(frame, '#200008', 0.8);
    let worst = 0;
    for (let i = 0; i < expected.length; i++) {
      const difference = expected[i] > drawn[i] ? expected[i] - drawn[i] : drawn[i] - expected[i];
      if (difference > worst) worst = difference;
    }
    expect(worst).toBeLessThanOrEqual(2);
    // The frame's corner is darkened (a phone's frame is the design's middle, so only a little) and its middle untouched.
    expect(drawn[0]).toBeLessThan(width > height ? 70 : 126);
    const middle = ((height >> 1) * width + (width >> 1)) * 4;
    expect([...drawn.subarray(middle, middle + 3)]).toEqual([128, 128, 128]);
  });

  it('draws nothing at strength 0', () => {
    const frame = placement(640, 360);
    const drawn = bandedFrame(frame, '#000000', 0);
    expect(drawn.every((value, i) => value === (i % 4 === 3 ? 255 : 128))).toBe(true);
  });
});
