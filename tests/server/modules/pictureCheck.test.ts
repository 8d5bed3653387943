/**
 * The upload check (modules/uploads/pictureCheck.ts and pictureFrames.ts): each format and its
 * header variants, frames counted and measured, the pixel limits and their reasons, the broken
 * files it must call unreadable, the formats it does not take; and the per-IP byte budget.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MiniSiteLimits } from '../../../src/contract/miniSite';
import { IMAGE_KINDS, checkPicture, sniffKind, type ImageKind, type PictureVerdict, type RefusalReason } from '../../../src/server/modules/uploads/pictureCheck';
import { ByteWindow, readGifLayout, readPngLayout } from '../../../src/server/modules/uploads/pictureFrames';
import { bmpImage, canvasImage, pngHeaderOnly } from './miniSiteKit';
import { gifBytes, jpegClaiming, pngBytes, pngChunk, rleBmp, sharpAnimation, webpBytes } from './pictureBytes';

jest.setTimeout(60_000);

const ALL_KINDS = Object.keys(IMAGE_KINDS) as ImageKind[];
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-picture-check-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let fileCount = 0;
async function check(bytes: Buffer, kinds: readonly ImageKind[] = ALL_KINDS): Promise<PictureVerdict> {
  const file = path.join(dir, `${(fileCount += 1)}.part`);
  fs.writeFileSync(file, bytes);
  return checkPicture(file, bytes.length, kinds);
}

const image = (kind: ImageKind, width: number, height: number, frames = 1): PictureVerdict => ({ type: 'image', image: { kind, width, height, frames } });
const refused = (reason: RefusalReason): PictureVerdict => ({ type: 'refused', reason });

/** A BMP with a BITMAPCOREHEADER (OS/2): 16-bit sizes. */
function coreBmp(width: number, height: number): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(26 + rowBytes * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(26, 10);
  file.writeUInt32LE(12, 14);
  file.writeUInt16LE(width, 18);
  file.writeUInt16LE(height, 20);
  file.writeUInt16LE(1, 22);
  file.writeUInt16LE(24, 24);
  return file;
}

describe('checkPicture', () => {
  it.each([
    ['PNG', canvasImage('png', 7, 5), 'png'],
    ['JPEG', canvasImage('jpeg', 7, 5), 'jpeg'],
    ['GIF', canvasImage('gif', 7, 5), 'gif'],
    ['WebP made by canvas (VP8X around VP8)', canvasImage('webp', 7, 5), 'webp'],
    ['BMP', bmpImage(7, 5), 'bmp'],
  ] as const)('takes a %s and reads its size', async (_label, bytes, kind) => {
    expect(await check(bytes)).toEqual(image(kind, 7, 5));
  });

  it('reads the simple WebP headers too: lossy (VP8) and lossless (VP8L)', async () => {
    const picture = sharp({ create: { width: 30, height: 20, channels: 3, background: '#369' } });
    const lossy = await picture.clone().webp({ quality: 80 }).toBuffer();
    const lossless = await picture.clone().webp({ lossless: true }).toBuffer();
    expect(lossy.toString('latin1', 12, 16)).toBe('VP8 ');
    expect(lossless.toString('latin1', 12, 16)).toBe('VP8L');
    expect(await check(lossy)).toEqual(image('webp', 30, 20));
    expect(await check(lossless)).toEqual(image('webp', 30, 20));
  });

  it('counts the frames of real animations: GIF, WebP and APNG', async () => {
    expect(await check(await sharpAnimation('gif', { width: 20, height: 10 }, 3))).toEqual(image('gif', 20, 10, 3));
    expect(await check(await sharpAnimation('webp', { width: 20, height: 10 }, 4))).toEqual(image('webp', 20, 10, 4));
    // The default image is the first frame, then two more.
    expect(await check(pngBytes({ width: 1, height: 1 }, [{ width: 1, height: 1 }, { width: 1, height: 1 }]))).toEqual(image('png', 1, 1, 3));
  });

  it('reads an OS/2 BMP header, a top-down BMP and a 32-bit BI_BITFIELDS BMP', async () => {
    expect(await check(coreBmp(3, 2))).toEqual(image('bmp', 3, 2));
    const topDown = bmpImage(4, 3);
    topDown.writeInt32LE(-3, 22);
    expect(await check(topDown)).toEqual(image('bmp', 4, 3));
    const bitfields = Buffer.alloc(54 + 12 + 4 * 2 * 2);
    bitfields.write('BM', 0, 'latin1');
    bitfields.writeUInt32LE(66, 10);
    bitfields.writeUInt32LE(40, 14);
    bitfields.writeInt32LE(2, 18);
    bitfields.writeInt32LE(2, 22);
    bitfields.writeUInt16LE(1, 26);
    bitfields.writeUInt16LE(32, 28);
    bitfields.writeUInt32LE(3, 30);
    expect(await check(bitfields)).toEqual(image('bmp', 2, 2));
  });

  it('walks JPEG segments past an extra APP segment and fill bytes', async () => {
    const jpeg = canvasImage('jpeg', 9, 4);
    const app = Buffer.from([0xff, 0xff, 0xff, 0xe5, 0x00, 0x06, 1, 2, 3, 4]);
    expect(await check(Buffer.concat([jpeg.subarray(0, 2), app, jpeg.subarray(2)]))).toEqual(image('jpeg', 9, 4));
  });

  it('takes a GIF that ends after a whole frame without its trailer, as decoders do', async () => {
    const gif = await sharpAnimation('gif', { width: 8, height: 8 }, 1);
    expect(gif[gif.length - 1]).toBe(0x3b);
    expect(await check(gif.subarray(0, gif.length - 1))).toEqual(image('gif', 8, 8));
  });

  describe('pixel limits', () => {
    it('takes a real picture of exactly 40 megapixels and refuses one a row larger', async () => {
      expect(8000 * 5000).toBe(MiniSiteLimits.uploadMaxPixels);
      const exact = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#123456' } }).png().toBuffer();
      expect(await check(exact)).toEqual(image('png', 8000, 5000));
      const over = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#123456' } }).png().toBuffer();
      expect(await check(over)).toEqual(refused('pixels'));
    });

    it.each<[string, Buffer, RefusalReason]>([
      ['a PNG header of 10000x10000 pixels with no body', pngHeaderOnly(10_000, 10_000), 'pixels'],
      ['a GIF of one 23000x23000 frame on a 1x1 screen', gifBytes({ width: 1, height: 1 }, [{ width: 23_000, height: 23_000 }]), 'pixels'],
      ['a GIF of a 1x1 frame on a 23000x23000 screen', gifBytes({ width: 23_000, height: 23_000 }, [{ width: 1, height: 1 }]), 'pixels'],
      ['a GIF whose screen and first frame are each under the limit, but not together', gifBytes({ width: 8000, height: 10 }, [{ width: 10, height: 8000 }]), 'pixels'],
      ['a GIF whose third frame is huge', gifBytes({ width: 1, height: 1 }, [{ width: 1, height: 1 }, { width: 1, height: 1 }, { width: 10_000, height: 4001 }]), 'framePixels'],
      ['a JPEG claiming 30000x30000', jpegClaiming({ width: 30_000, height: 30_000 }), 'pixels'],
      ['a WebP canvas of 16384x16384', webpBytes({ width: 16_384, height: 16_384 }), 'pixels'],
      ['an animated WebP with one huge frame', webpBytes({ width: 1, height: 1 }, [{ width: 20_000, height: 20_000 }]), 'pixels'],
      ['an APNG whose default image is not a frame, with a huge frame', pngBytes({ width: 1, height: 1 }, [{ width: 23_000, height: 23_000 }]), 'framePixels'],
      ['a 1-bit BMP of 40001x1000 pixels, all rows present', (() => { const b = Buffer.alloc(54 + 5004 * 1000); b.set(bmpImage(1, 1).subarray(0, 54)); b.writeInt32LE(40_001, 18); b.writeInt32LE(1000, 22); b.writeUInt16LE(1, 28); return b; })(), 'pixels'],
    ])('refuses %s (%s)', async (_label, bytes, reason) => {
      expect(await check(bytes)).toEqual(refused(reason));
    });

    it('counts every frame of an animation as a whole picture of its canvas', async () => {
      const screen = { width: 6000, height: 6000 };
      const tiny = { width: 1, height: 1 };
      // Six 1x1 frames on a 36-megapixel screen: 216 megapixels to play once.
      expect(await check(gifBytes(screen, Array.from({ length: 6 }, () => tiny)))).toEqual(refused('animationPixels'));
      expect(6 * 36_000_000).toBeGreaterThan(MiniSiteLimits.uploadMaxAnimationPixels);
      expect(await check(webpBytes(screen, Array.from({ length: 6 }, () => tiny)))).toEqual(refused('animationPixels'));
    });
  });

  it.each([
    ['a PNG whose first chunk is not IHDR', Buffer.concat([pngHeaderOnly(4, 4).subarray(0, 12), Buffer.from('IDAT'), pngHeaderOnly(4, 4).subarray(16)])],
    ['a PNG of 0 pixels a side', pngBytes({ width: 0, height: 10 })],
    ['a PNG without IEND', pngBytes({ width: 4, height: 4 }).subarray(0, -12)],
    ['a PNG cut in half', canvasImage('png', 40, 30).subarray(0, 60)],
    ['a PNG with a broken compressed body', Buffer.concat([pngBytes({ width: 4, height: 4 }).subarray(0, 33), pngChunk('IDAT', Buffer.from('not deflate')), pngChunk('IEND', Buffer.alloc(0))])],
    ['a JPEG whose scan comes before its frame', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x04, 0, 0])],
    ['a JPEG of garbage after SOI', Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x11, 0x22])],
    ['a JPEG cut short', canvasImage('jpeg', 64, 64).subarray(0, 400)],
    ['a GIF of 0x0 pixels', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(30)])],
    ['a GIF cut inside its frame', canvasImage('gif', 40, 30).subarray(0, 40)],
    ['a GIF with no frame', Buffer.concat([gifBytes({ width: 1, height: 1 }, []), Buffer.from([0x3b])])],
    ['a WebP of an unknown chunk only', Buffer.concat([Buffer.from('RIFF'), Buffer.from([12, 0, 0, 0]), Buffer.from('WEBPABCD'), Buffer.alloc(4)])],
    ['a WebP whose RIFF size is larger than the file', (() => { const b = Buffer.from(canvasImage('webp')); b.writeUInt32LE(b.length * 2, 4); return b; })()],
    ['a WebP cut short', canvasImage('webp').subarray(0, 40)],
    ['a BMP with 3 planes', (() => { const b = bmpImage(); b.writeUInt16LE(3, 26); return b; })()],
    ['a BMP of 7 bits a pixel', (() => { const b = bmpImage(); b.writeUInt16LE(7, 28); return b; })()],
    ['a BMP whose pixels start past its end', (() => { const b = bmpImage(); b.writeUInt32LE(10_000, 10); return b; })()],
    ['a BMP missing its last rows', bmpImage(40, 40).subarray(0, 200)],
    ['an RLE8 BMP, whatever its size', rleBmp({ width: 2, height: 2 })],
    ['an RLE8 BMP claiming 30000x30000', rleBmp({ width: 30_000, height: 30_000 })],
    ['an RLE4 BMP', (() => { const b = rleBmp({ width: 2, height: 2 }); b.writeUInt16LE(4, 28); b.writeUInt32LE(2, 30); return b; })()],
  ])('calls %s unreadable', async (_label, bytes) => {
    expect(await check(bytes)).toEqual(refused('unreadable'));
  });

  it('knows nothing else, whatever it is called, and no format its route does not take', async () => {
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).tiff().toBuffer();
    for (const bytes of [Buffer.from('hello'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), Buffer.from('%PDF-1.7'), tiff, Buffer.from('\u0000\u0000\u0000 ftypavif')]) {
      expect(await check(bytes)).toEqual(refused('type'));
      expect(sniffKind(bytes)).toBeNull();
    }
    expect(await check(bmpImage(), ['jpeg', 'png', 'gif', 'webp'])).toEqual(refused('type'));
  });
});

describe('the container readers', () => {
  it('walk files larger than their window: a PNG with a 2.5 MB chunk, a GIF with 1.5 MB of comment sub-blocks', async () => {
    const png = pngBytes({ width: 2, height: 2 });
    const big = Buffer.concat([png.subarray(0, 33), pngChunk('zzZz', Buffer.alloc(2_500_000, 7)), png.subarray(33)]);
    expect(await readPngLayout(ByteWindow.of(big))).toEqual({ canvas: { width: 2, height: 2 }, frames: 0, largestFrame: 0 });
    expect(await readPngLayout(ByteWindow.of(big.subarray(0, big.length - 1)))).toBeNull();

    const gif = gifBytes({ width: 3, height: 3 }, [{ width: 2, height: 2 }]);
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), ...Array.from({ length: 6000 }, () => Buffer.concat([Buffer.from([255]), Buffer.alloc(255, 65)])), Buffer.from([0])]);
    // The comment goes after the screen and its colour table (13 + 6 bytes).
    const commented = Buffer.concat([gif.subarray(0, 19), comment, gif.subarray(19)]);
    expect(await readGifLayout(ByteWindow.of(commented))).toEqual({ canvas: { width: 3, height: 3 }, frames: 1, largestFrame: 4 });
  });
});
