/**
 * The logo renderer, checked by the bytes it returns: real PNG and animated WebP files with real transparency,
 * trimmed, deterministic, for every style and for awkward texts. Small scales keep the run short.
 */
import { loadImage } from '@napi-rs/canvas';
import { createCanvas } from '@napi-rs/canvas';
import fs from 'node:fs';
import sharp from 'sharp';
import os from 'node:os';
import { DEFAULT_LOGO_TEXTS, type LogoTexts } from '../../../src/contract/generation';
import { hasLogoStyle, renderLogoAnimation, renderLogoPng, renderLogoShowcase } from '../../../src/server/render/logo';
import { missingDrawings } from '../../../src/server/render/logo/registry';
import { LOGO_STYLE_DRAWINGS } from '../../../src/server/render/logo/styles';
import { TRIM_MARGIN_MIN, trimMargin } from '../../../src/server/render/logo/trim';
import { LOGO_STYLES } from '../../../src/server/render/styles';

jest.setTimeout(120_000);

async function rgbaOf(image: sharp.Sharp): Promise<Uint8Array> {
  return new Uint8Array(await image.ensureAlpha().raw().toBuffer());
}

/** Every frame of an animated WebP, as RGBA. */
async function webpFrames(webp: Buffer): Promise<Uint8Array[]> {
  const { pages = 1 } = await sharp(webp, { pages: -1 }).metadata();
  return Promise.all(Array.from({ length: pages }, (_, page) => rgbaOf(sharp(webp, { page }))));
}

/** Mean absolute difference per channel (0-255) of two RGBA pictures of one size, colour weighted by alpha. */
function difference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let at = 0; at < a.length; at += 4) {
    for (let c = 0; c < 3; c += 1) sum += Math.abs((a[at + c] * a[at + 3] - b[at + c] * b[at + 3]) / 255);
    sum += Math.abs(a[at + 3] - b[at + 3]);
  }
  return sum / a.length;
}

/** The share of a picture's pixels that are more opaque than not. */
function coverage(rgba: Uint8Array): number {
  let solid = 0;
  for (let at = 3; at < rgba.length; at += 4) if (rgba[at] > 128) solid += 1;
  return solid / (rgba.length / 4);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Chunk {
  type: string;
  data: Buffer;
}

function chunks(file: Buffer): Chunk[] {
  expect(file.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const list: Chunk[] = [];
  let offset = 8;
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    list.push({ type, data: file.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  return list;
}

function header(file: Buffer): { width: number; height: number; colorType: number } {
  const ihdr = chunks(file)[0];
  expect(ihdr.type).toBe('IHDR');
  return { width: ihdr.data.readUInt32BE(0), height: ihdr.data.readUInt32BE(4), colorType: ihdr.data[9] };
}

async function pixels(file: Buffer): Promise<{ width: number; height: number; alpha: (x: number, y: number) => number }> {
  const image = await loadImage(file);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, alpha: (x, y) => data[(y * image.width + x) * 4 + 3] };
}

/** A transparent RGBA PNG, cropped to its artwork with at most the trim margin left around it. */
async function expectTrimmedTransparentPng(file: Buffer): Promise<void> {
  const { colorType } = header(file);
  expect(colorType).toBe(6);
  const { width, height, alpha } = await pixels(file);
  for (const [x, y] of [
    [0, 0],
    [width - 1, 0],
    [0, height - 1],
    [width - 1, height - 1],
  ]) {
    expect(alpha(x, y)).toBe(0);
  }
  const rowEmpty = (y: number) => Array.from({ length: width }, (_, x) => alpha(x, y)).every((a) => a === 0);
  const colEmpty = (x: number) => Array.from({ length: height }, (_, y) => alpha(x, y)).every((a) => a === 0);
  const count = (n: number, empty: (i: number) => boolean, from: 'start' | 'end') => {
    let k = 0;
    while (k < n && empty(from === 'start' ? k : n - 1 - k)) k += 1;
    return k;
  };
  // Some of the picture is solid, and the empty border is no wider than the margin for glows.
  let opaque = 0;
  for (let y = 0; y < height; y += 2) for (let x = 0; x < width; x += 2) if (alpha(x, y) === 255) opaque += 1;
  expect(opaque).toBeGreaterThan(20);
  // The margin grows with the artwork, which is a little smaller than the picture: this bounds it.
  const margin = trimMargin(width, height);
  expect(count(height, rowEmpty, 'start')).toBeLessThanOrEqual(margin);
  expect(count(height, rowEmpty, 'end')).toBeLessThanOrEqual(margin);
  expect(count(width, colEmpty, 'start')).toBeLessThanOrEqual(margin);
  expect(count(width, colEmpty, 'end')).toBeLessThanOrEqual(margin);
}

const EDGE_CASES: Array<[string, LogoTexts]> = [
  ['one character, no seals, no slogan', { logotext: '王', rightsealtext: '', bottomsealtext: '', bottomtext: '' }],
  [
    'six characters, four-character seals, a 40-character slogan',
    { logotext: '魔兽争霸英雄', rightsealtext: '官方正版', bottomsealtext: '三字印', bottomtext: '兄弟同心其利断金万人同屏热血国战经典重现不忘初心再战十年永不言弃荣耀归来!' },
  ],
  ['Latin, digits, emoji and markup', { logotext: 'A😀b12', rightsealtext: '😀', bottomsealtext: 'V1', bottomtext: '<script>alert(1)</script> 🎮' }],
];

/** The chunks of a RIFF file (WebP): four-character type, little-endian size, data padded to even. */
function riffChunks(bytes: Buffer): Array<{ type: string; data: Buffer }> {
  const list: Array<{ type: string; data: Buffer }> = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32LE(at + 4);
    list.push({ type: bytes.subarray(at, at + 4).toString('latin1'), data: bytes.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  return list;
}

describe('logo style registry', () => {
  it('has a drawing for every LOGO_STYLES entry, and only for those ids', () => {
    expect(missingDrawings()).toEqual([]);
    for (const style of LOGO_STYLES) expect(hasLogoStyle(style.id)).toBe(true);
    expect(Object.keys(LOGO_STYLE_DRAWINGS).sort()).toEqual(LOGO_STYLES.map((s) => s.key).sort());
    expect(hasLogoStyle(0)).toBe(false);
    expect(hasLogoStyle(LOGO_STYLES.length + 1)).toBe(false);
    expect(hasLogoStyle(1.5)).toBe(false);
  });

  it('refuses an unknown style id', async () => {
    await expect(renderLogoPng(999, DEFAULT_LOGO_TEXTS)).rejects.toThrow(/Unknown logo style/);
    await expect(renderLogoAnimation(0, DEFAULT_LOGO_TEXTS)).rejects.toThrow(/Unknown logo style/);
    await expect(renderLogoShowcase(-1, DEFAULT_LOGO_TEXTS, { width: 40, height: 30 })).rejects.toThrow(/Unknown logo style/);
  });
});

describe('renderLogoPng (module tl)', () => {
  it.each(LOGO_STYLES.map((s) => [s.id, s.key] as const))('style %i (%s) renders the sample texts as a trimmed transparent PNG', async (id) => {
    await expectTrimmedTransparentPng(await renderLogoPng(id, DEFAULT_LOGO_TEXTS, { scale: 0.3 }));
  });

  it.each(EDGE_CASES)('every style renders %s', async (_label, texts) => {
    for (const style of LOGO_STYLES) {
      const png = await renderLogoPng(style.id, texts, { scale: 0.22 });
      await expectTrimmedTransparentPng(png);
    }
  });

  it('gives byte-identical output for the same input and different output for other texts', async () => {
    for (const id of [2, 4, 20]) {
      const first = await renderLogoPng(id, DEFAULT_LOGO_TEXTS, { scale: 0.3 });
      const second = await renderLogoPng(id, DEFAULT_LOGO_TEXTS, { scale: 0.3 });
      expect(first.equals(second)).toBe(true);
      const other = await renderLogoPng(id, { ...DEFAULT_LOGO_TEXTS, logotext: '天下' }, { scale: 0.3 });
      expect(other.equals(first)).toBe(false);
    }
  });

  it('adapts the picture to the texts: omitting seals and slogan makes it smaller', async () => {
    const full = header(await renderLogoPng(25, DEFAULT_LOGO_TEXTS, { scale: 0.3 }));
    const bare = header(await renderLogoPng(25, { ...DEFAULT_LOGO_TEXTS, rightsealtext: '', bottomsealtext: '', bottomtext: '' }, { scale: 0.3 }));
    expect(bare.height).toBeLessThan(full.height);
  });

  it('renders a full-size logo about 800 to 1200 pixels wide', async () => {
    const png = await renderLogoPng(3, DEFAULT_LOGO_TEXTS);
    await expectTrimmedTransparentPng(png);
    const { width } = header(png);
    expect(width).toBeGreaterThanOrEqual(700);
    expect(width).toBeLessThanOrEqual(1300);
  });

  it('scales the same drawing down for thumbnails', async () => {
    const big = header(await renderLogoPng(5, DEFAULT_LOGO_TEXTS, { scale: 0.5 }));
    const small = header(await renderLogoPng(5, DEFAULT_LOGO_TEXTS, { scale: 0.25 }));
    expect(Math.abs(small.width * 2 - big.width)).toBeLessThanOrEqual(TRIM_MARGIN_MIN * 2 + 4);
  });

  it('refuses a scale that is not a positive number', async () => {
    await expect(renderLogoPng(1, DEFAULT_LOGO_TEXTS, { scale: 0 })).rejects.toThrow(/scale/);
    await expect(renderLogoPng(1, DEFAULT_LOGO_TEXTS, { scale: Number.NaN })).rejects.toThrow(/scale/);
  });
});

describe('renderLogoAnimation (module al)', () => {
  it('returns an animated WebP with alpha that plays once, and its idle cycle looping forever, and the still PNG', async () => {
    const result = await renderLogoAnimation(10, DEFAULT_LOGO_TEXTS, { scale: 0.25 });
    for (const [webp, loops] of [[result.animation, 1], [result.idle, 0]] as const) {
      expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(webp.readUInt32LE(4)).toBe(webp.length - 8);
      const list = riffChunks(webp);
      const vp8x = list.find((c) => c.type === 'VP8X');
      expect(vp8x).toBeDefined();
      // Flags: 0x02 animation, 0x10 alpha.
      expect(vp8x!.data[0] & 0x12).toBe(0x12);
      expect([vp8x!.data.readUIntLE(4, 3) + 1, vp8x!.data.readUIntLE(7, 3) + 1]).toEqual([result.width, result.height]);
      // The animation plays once (it would build again from an empty frame), the idle cycle forever.
      expect(list.find((c) => c.type === 'ANIM')!.data.readUInt16LE(4)).toBe(loops);
    }
    // The encoder may merge identical frames, lengthening one instead of repeating it.
    const frames = riffChunks(result.animation).filter((c) => c.type === 'ANMF');
    expect(frames.length).toBeGreaterThan(5);
    expect(frames.length).toBeLessThanOrEqual(result.frameCount);
    const totalMs = frames.reduce((sum, frame) => sum + frame.data.readUIntLE(12, 3), 0);
    expect(totalMs).toBeGreaterThan(2500);
    expect(totalMs).toBeLessThan(5000);
    // The still is the logo of module tl, and the size of the animation.
    expect(result.still.equals(await renderLogoPng(10, DEFAULT_LOGO_TEXTS, { scale: 0.25 }))).toBe(true);
    const stillHeader = header(result.still);
    expect([stillHeader.width, stillHeader.height]).toEqual([result.width, result.height]);
  });

  it('builds from nothing once and rests on the whole logo; its idle loop starts at the logo and comes back to it without a jump', async () => {
    const result = await renderLogoAnimation(1, DEFAULT_LOGO_TEXTS, { scale: 0.2 });
    const still = await rgbaOf(sharp(result.still));
    const played = await webpFrames(result.animation);
    const idle = await webpFrames(result.idle);
    // The first frame is nearly empty (the entrance starts), the last is the still, within lossy coding
    // (a tenth of what the logo differs from nothing).
    const empty = new Uint8Array(still.length);
    expect(coverage(played[0])).toBeLessThan(coverage(still) * 0.5);
    expect(difference(played.at(-1)!, still)).toBeLessThan(difference(empty, still) / 10);
    expect(difference(idle[0], still)).toBeLessThan(difference(empty, still) / 10);
    // Looping, the last idle frame leads into the first no further than one frame leads to the next.
    const steps = idle.slice(1).map((frame, i) => difference(frame, idle[i]));
    expect(difference(idle[0], idle.at(-1)!)).toBeLessThanOrEqual(Math.max(...steps));
    // And it does move: a light sweeps and breathes over the letters.
    expect(Math.max(...steps)).toBeGreaterThan(0.3);
  });

  it('is deterministic', async () => {
    const a = await renderLogoAnimation(7, EDGE_CASES[0][1], { scale: 0.2 });
    const b = await renderLogoAnimation(7, EDGE_CASES[0][1], { scale: 0.2 });
    expect(a.animation.equals(b.animation)).toBe(true);
  });

  it('rejects when aborted, before or during the render, and leaves no temporary file', async () => {
    const leftovers = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`wpg-logo-${process.pid}-`));
    const before = new AbortController();
    before.abort();
    await expect(renderLogoAnimation(1, DEFAULT_LOGO_TEXTS, { scale: 0.25, signal: before.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const during = new AbortController();
    const render = renderLogoAnimation(1, DEFAULT_LOGO_TEXTS, { scale: 0.5, signal: during.signal });
    setTimeout(() => during.abort(), 150);
    await expect(render).rejects.toMatchObject({ name: 'AbortError' });
    expect(leftovers()).toEqual([]);
  });
});

describe('renderLogoShowcase', () => {
  it.each([
    [1, 320, 180],
    [8, 241, 137],
    [22, 400, 400],
  ])('style %i gives an opaque PNG of exactly %i x %i', async (id, width, height) => {
    const png = await renderLogoShowcase(id, DEFAULT_LOGO_TEXTS, { width, height });
    const { width: w, height: h, alpha } = await pixels(png);
    expect([w, h]).toEqual([width, height]);
    for (const [x, y] of [
      [0, 0],
      [w - 1, h - 1],
      [Math.floor(w / 2), Math.floor(h / 2)],
    ]) {
      expect(alpha(x, y)).toBe(255);
    }
  });
});
