/**
 * An upload loses what its camera or editor wrote about it (render/pictureMetadata.ts):
 * GPS positions, serial numbers, XMP, comments, text chunks and bytes after the picture's end, in
 * every format the uploads take, while the picture stays as it was: the same pixels in every frame,
 * animations still animated with their timing and loop, and the orientation a photo is shown in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageKind } from '../../../src/server/modules/uploads/pictureCheck';
import { writeWithoutMetadata } from '../../../src/server/render/pictureMetadata';
import { bmpImage, canvasImage } from './miniSiteKit';
import { LOCATION_MARKS, gifWithLocation, jpegWithLocation, pngBytes, pngWithLocation, sharpAnimation, webpBytes, webpWithLocation } from './pictureBytes';

jest.setTimeout(60_000);

let dir: string;
let count = 0;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-picture-metadata-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `bytes` written without metadata, as the upload store does; null when refused. */
async function stripped(bytes: Buffer, kind: ImageKind): Promise<Buffer | null> {
  count += 1;
  const from = path.join(dir, `${count}.in`);
  const to = path.join(dir, `${count}.out`);
  fs.writeFileSync(from, bytes);
  return (await writeWithoutMetadata(from, to, kind)) ? fs.readFileSync(to) : null;
}

/** The location marks found in `bytes`. */
const marksIn = (bytes: Buffer): string[] => LOCATION_MARKS.filter((mark) => bytes.includes(Buffer.from(mark, 'latin1')) || bytes.includes(Buffer.from(mark, 'utf8')));

/** Every frame's pixels, as decoded. */
const pixels = (bytes: Buffer): Promise<Buffer> => sharp(bytes, { animated: true }).ensureAlpha().raw().toBuffer();

describe('writeWithoutMetadata', () => {
  it('keeps an animated GIF animated, frame for frame, without its XMP packet, comment, plain text or trailing bytes', async () => {
    const gif = await sharpAnimation('gif', { width: 12, height: 8 }, 3);
    const dirty = gifWithLocation(gif);
    expect(marksIn(dirty)).toEqual([...LOCATION_MARKS]);
    const clean = (await stripped(dirty, 'gif'))!;
    expect(marksIn(clean)).toEqual([]);
    expect(clean.includes(Buffer.from('XMP'))).toBe(false);
    // Exactly the picture sharp made: its frames, delays and loop extension, no block more or less.
    expect(clean.equals(gif)).toBe(true);
    const [before, after] = await Promise.all([sharp(gif).metadata(), sharp(clean).metadata()]);
    expect(after.pages).toBe(3);
    expect({ delay: after.delay, loop: after.loop }).toEqual({ delay: before.delay, loop: before.loop });
    expect((await pixels(clean)).equals(await pixels(dirty))).toBe(true);
  });

  it('writes the trailer of a GIF that ended without one', async () => {
    const gif = await sharpAnimation('gif', { width: 4, height: 4 }, 2);
    const clean = (await stripped(gif.subarray(0, gif.length - 1), 'gif'))!;
    expect(clean.equals(gif)).toBe(true);
  });

  it('takes the EXIF (GPS, serial) and XMP chunks out of a WebP, clears its flags, and keeps the orientation alone', async () => {
    const dirty = webpWithLocation(6);
    expect((await sharp(dirty).metadata()).xmp).toBeDefined();
    const clean = (await stripped(dirty, 'webp'))!;
    expect(marksIn(clean)).toEqual([]);
    const meta = await sharp(clean).metadata();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBe(6);
    // The RIFF size and the VP8X flags tell the truth: EXIF (the orientation), no XMP.
    expect(clean.readUInt32LE(4)).toBe(clean.length - 8);
    expect(clean[20] & 0x0c).toBe(0x08);
    expect((await pixels(clean)).equals(await pixels(dirty))).toBe(true);
  });

  it('keeps an animated WebP as it is', async () => {
    for (const webp of [await sharpAnimation('webp', { width: 10, height: 6 }, 3), webpBytes({ width: 4, height: 4 }, [{ width: 4, height: 4 }, { width: 2, height: 2 }])]) {
      const clean = (await stripped(webp, 'webp'))!;
      expect(clean.equals(webp)).toBe(true);
    }
  });

  it('takes EXIF, XMP, IPTC and the comment out of a JPEG, keeps its data byte for byte and its orientation', async () => {
    const jpeg = canvasImage('jpeg', 40, 30);
    const dirty = jpegWithLocation(jpeg, 6);
    const clean = (await stripped(dirty, 'jpeg'))!;
    expect(marksIn(clean)).toEqual([]);
    const meta = await sharp(clean).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect((await pixels(clean)).equals(await pixels(jpeg))).toBe(true);
    // Upright already: no EXIF at all, the file as the encoder wrote it.
    expect((await stripped(jpegWithLocation(jpeg, 1), 'jpeg'))!.equals(jpeg)).toBe(true);
  });

  it('keeps the scans of a progressive JPEG whole', async () => {
    const progressive = await sharp(canvasImage('png', 64, 48)).jpeg({ progressive: true, quality: 80 }).toBuffer();
    const clean = (await stripped(jpegWithLocation(progressive, 1), 'jpeg'))!;
    expect(marksIn(clean)).toEqual([]);
    expect((await pixels(clean)).equals(await pixels(progressive))).toBe(true);
  });

  it('takes eXIf, iTXt and tEXt out of a PNG and keeps an APNG animated', async () => {
    const png = canvasImage('png', 20, 10);
    const clean = (await stripped(pngWithLocation(png, 6), 'png'))!;
    expect(marksIn(clean)).toEqual([]);
    expect((await sharp(clean).metadata()).orientation).toBe(6);
    expect((await pixels(clean)).equals(await pixels(png))).toBe(true);

    const apng = pngBytes({ width: 4, height: 4 }, [{ width: 4, height: 4 }, { width: 2, height: 2 }]);
    expect((await stripped(pngWithLocation(apng, 1), 'png'))!.equals(apng)).toBe(true);
  });

  it('leaves pictures with nothing to take byte for byte as they were, and a BMP as it is', async () => {
    for (const [kind, bytes] of [
      ['png', canvasImage('png')],
      ['jpeg', canvasImage('jpeg')],
      ['gif', canvasImage('gif')],
      ['webp', canvasImage('webp')],
      ['bmp', bmpImage()],
    ] as const) {
      expect({ kind, same: (await stripped(bytes, kind))!.equals(bytes) }).toEqual({ kind, same: true });
    }
  });

  it('answers false for a container that does not walk', async () => {
    const png = canvasImage('png');
    expect(await stripped(png.subarray(0, 40), 'png')).toBeNull();
    expect(await stripped(Buffer.from('GIF89a'), 'gif')).toBeNull();
  });
});
