/**
 * Over key art, the banner's logo and texts stand beside the picture's subject and only they are
 * shaded, and the phone cut is cropped around the subject: here a warrior on the left third and a
 * bright moon on the right (tests/fixtures/keyArt.ts), which the crop used to frame instead.
 */
import { createCanvas, type Image } from '@napi-rs/canvas';
import sharp from 'sharp';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import { findSubject } from '../../../src/server/render/banner/core/subject';
import { createFrameRenderer, decodeKeyArt, decodeLogo } from '../../../src/server/render/banner/core/video';
import { BANNER_STYLE_DEFS } from '../../../src/server/render/banner/styles';
import { renderLogoPng } from '../../../src/server/render/logo';
import { FIGURE, MOON, figureMoonKeyArt } from '../../fixtures/keyArt';

jest.setTimeout(60_000);

const LANDSCAPE = { width: 480, height: 270, seconds: 2, fps: 10 };
const PORTRAIT = { width: 270, height: 480, seconds: 2, fps: 10 };
const ART = figureMoonKeyArt();
const isCloak = (r: number, g: number, b: number): boolean => r > 120 && g < 90 && b < 100 && r - g > 80;

let logo: Image;
/** A logo that draws nothing: the frame then shows the scene alone (no texts, no shade). */
let blank: Image;

beforeAll(async () => {
  logo = await decodeLogo(await renderLogoPng(1, DEFAULT_LOGO_TEXTS, { scale: 0.3 }));
  blank = await decodeLogo(await createCanvas(8, 4).encode('png'));
});

/** The poster frame's RGBA: with the logo and texts, or the scene alone. */
async function poster(size: typeof LANDSCAPE, withOverlay: boolean): Promise<Uint8ClampedArray> {
  const art = await decodeKeyArt(ART, size);
  const texts = withOverlay ? DEFAULT_BANNER_TEXTS : { bannertextup: '', bannertextdown: '' };
  const renderer = createFrameRenderer(BANNER_STYLE_DEFS.aurora, withOverlay ? logo : blank, texts, size, art);
  renderer.draw(renderer.posterFrame);
  return renderer.canvas.getContext('2d').getImageData(0, 0, size.width, size.height).data;
}

const luminance = (data: Uint8ClampedArray, at: number): number => 0.2126 * data[at] + 0.7152 * data[at + 1] + 0.0722 * data[at + 2];

it('finds the warrior as the subject, not the brighter moon', async () => {
  const { data, info } = await sharp(ART).resize(160, 160, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const subject = findSubject(data, info.width, info.height);
  expect(subject.cx).toBeGreaterThan(FIGURE.x);
  expect(subject.cx).toBeLessThan(FIGURE.x + FIGURE.w);
  expect(Math.hypot(subject.cx - MOON.cx, (subject.cy - MOON.cy) * (9 / 16))).toBeGreaterThan(MOON.r * 2);
});

it('sets the logo and texts in the half the warrior is not in, and leaves him and the sky unshaded', async () => {
  const [withOverlay, scene] = await Promise.all([poster(LANDSCAPE, true), poster(LANDSCAPE, false)]);
  const { width, height } = LANDSCAPE;
  // Where the logo and texts changed the frame, weighted by how much.
  let [mass, sumX, onFigure] = [0, 0, 0];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      const change = Math.abs(luminance(withOverlay, at) - luminance(scene, at));
      if (change < 12) continue;
      mass += change;
      sumX += change * x;
      const [u, v] = [x / width, y / height];
      if (u > FIGURE.x && u < FIGURE.x + FIGURE.w && v > FIGURE.y && v < 1) onFigure += change;
    }
  }
  expect(sumX / mass / width).toBeGreaterThan(0.6);
  expect(onFigure / mass).toBeLessThan(0.05);
  // The art is not darkened all over: its sky at the top keeps its light (a band across the top
  // used to darken it by half).
  const art = await sharp(ART).resize(width, height).ensureAlpha().raw().toBuffer();
  let [sky, drawn] = [0, 0];
  for (let y = 0; y < height * 0.08; y += 1) {
    for (let x = Math.round(width * 0.45); x < width * 0.55; x += 1) {
      const at = (y * width + x) * 4;
      sky += 0.2126 * art[at] + 0.7152 * art[at + 1] + 0.0722 * art[at + 2];
      drawn += luminance(scene, at);
    }
  }
  expect(drawn / sky).toBeGreaterThan(0.85);
});

it('crops the phone cut around the warrior, not the moon', async () => {
  const frame = await poster(PORTRAIT, true);
  let cloak = 0;
  for (let at = 0; at < frame.length; at += 4) if (isCloak(frame[at], frame[at + 1], frame[at + 2])) cloak += 1;
  // The cloak fills a good part of a cut around him; one around the moon has none of it.
  expect(cloak / (frame.length / 4)).toBeGreaterThan(0.1);
});
