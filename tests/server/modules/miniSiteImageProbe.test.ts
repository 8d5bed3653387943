/**
 * The upload checks' byte reader (modules/miniSite/imageProbe.ts): each format's header variants,
 * sizes in pixels, and the broken files it must call unreadable; and the per-IP byte budget.
 */
import { probeImage, sniffKind, type ProbeOutcome } from '../../../src/server/modules/miniSite/imageProbe';
import { ByteBudget } from '../../../src/server/modules/miniSite/rateLimits';
import { createClock } from '../helpers';
import { bmpImage, canvasImage, pngHeaderOnly } from './miniSiteKit';

const probe = (bytes: Buffer): Promise<ProbeOutcome> => probeImage(async (position, length) => bytes.subarray(position, position + length), bytes.length);

/** A RIFF/WEBP file whose first chunk is `chunk` with `payload` (padded to 30 bytes at least). */
function webp(chunk: string, payload: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP'), Buffer.from(chunk, 'latin1'), Buffer.alloc(4), payload, Buffer.alloc(Math.max(0, 18 - payload.length))]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

describe('probeImage', () => {
  it.each([
    ['PNG', canvasImage('png', 7, 5), 'png'],
    ['JPEG', canvasImage('jpeg', 7, 5), 'jpeg'],
    ['GIF', canvasImage('gif', 7, 5), 'gif'],
    ['WebP made by canvas', canvasImage('webp', 7, 5), 'webp'],
    ['BMP', bmpImage(7, 5), 'bmp'],
  ])('reads a %s and its size', async (_label, bytes, kind) => {
    expect(await probe(bytes)).toEqual({ type: 'image', image: { kind, width: 7, height: 5 } });
  });

  it('reads the three WebP headers: lossy, lossless and extended', async () => {
    const lossy = Buffer.alloc(10);
    lossy.set([0x9d, 0x01, 0x2a], 3);
    lossy.writeUInt16LE(640, 6);
    lossy.writeUInt16LE(480, 8);
    expect(await probe(webp('VP8 ', lossy))).toEqual({ type: 'image', image: { kind: 'webp', width: 640, height: 480 } });
    const lossless = Buffer.alloc(5);
    lossless[0] = 0x2f;
    lossless.writeUInt32LE((300 - 1) | ((200 - 1) << 14), 1);
    expect(await probe(webp('VP8L', lossless))).toEqual({ type: 'image', image: { kind: 'webp', width: 300, height: 200 } });
    const extended = Buffer.alloc(10);
    extended.writeUIntLE(9999, 4, 3);
    extended.writeUIntLE(4999, 7, 3);
    expect(await probe(webp('VP8X', extended))).toEqual({ type: 'image', image: { kind: 'webp', width: 10_000, height: 5_000 } });
  });

  it('reads an OS/2 BMP header and a top-down BMP', async () => {
    const core = Buffer.alloc(26 + 4 * 2 * 3);
    core.write('BM', 0, 'latin1');
    core.writeUInt32LE(26, 10);
    core.writeUInt32LE(12, 14);
    core.writeUInt16LE(3, 18);
    core.writeUInt16LE(2, 20);
    core.writeUInt16LE(1, 22);
    core.writeUInt16LE(24, 24);
    expect(await probe(core)).toEqual({ type: 'image', image: { kind: 'bmp', width: 3, height: 2 } });
    const topDown = bmpImage(4, 3);
    topDown.writeInt32LE(-3, 22);
    expect(await probe(topDown)).toEqual({ type: 'image', image: { kind: 'bmp', width: 4, height: 3 } });
  });

  it('walks JPEG segments past fill bytes to the frame header', async () => {
    const jpeg = canvasImage('jpeg', 9, 4);
    // An extra APP segment and fill bytes after SOI.
    const app = Buffer.from([0xff, 0xff, 0xff, 0xe5, 0x00, 0x06, 1, 2, 3, 4]);
    const padded = Buffer.concat([jpeg.subarray(0, 2), app, jpeg.subarray(2)]);
    expect(await probe(padded)).toEqual({ type: 'image', image: { kind: 'jpeg', width: 9, height: 4 } });
  });

  it.each([
    ['a PNG whose first chunk is not IHDR', Buffer.concat([pngHeaderOnly(4, 4).subarray(0, 12), Buffer.from('IDAT'), pngHeaderOnly(4, 4).subarray(16)])],
    ['a PNG of 0 pixels a side', pngHeaderOnly(0, 10)],
    ['a PNG without IEND', pngHeaderOnly(4, 4).subarray(0, 33)],
    ['a JPEG whose scan comes before its frame', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x04, 0, 0])],
    ['a JPEG of garbage after SOI', Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x11, 0x22])],
    ['a WebP of an unknown chunk', webp('ABCD', Buffer.alloc(10))],
    ['a WebP whose RIFF size is larger than the file', Buffer.concat([webp('VP8X', Buffer.alloc(10)).subarray(0, 4), Buffer.from([0xff, 0xff, 0, 0]), webp('VP8X', Buffer.alloc(10)).subarray(8)])],
    ['a BMP with 3 planes', (() => { const b = bmpImage(); b.writeUInt16LE(3, 26); return b; })()],
    ['a BMP of 7 bits a pixel', (() => { const b = bmpImage(); b.writeUInt16LE(7, 28); return b; })()],
    ['a BMP whose pixels start past its end', (() => { const b = bmpImage(); b.writeUInt32LE(10_000, 10); return b; })()],
  ])('calls %s unreadable', async (_label, bytes) => {
    expect((await probe(bytes)).type).toBe('unreadable');
  });

  it('knows nothing else, whatever it is called', async () => {
    for (const text of ['hello', '<svg></svg>', '%PDF-1.7', 'II*\u0000 (a TIFF)', '\u0000\u0000\u0000 ftypavif']) {
      expect(await probe(Buffer.from(text, 'latin1'))).toEqual({ type: 'unknown' });
      expect(sniffKind(Buffer.from(text, 'latin1'))).toBeNull();
    }
  });
});

describe('ByteBudget', () => {
  it('refuses once a key has spent its bytes in the window, and forgets after it', () => {
    const clock = createClock();
    const budget = new ByteBudget(clock.now, 100, 1000);
    expect(budget.hasRoom('a')).toBe(true);
    budget.spend('a', 60);
    expect(budget.hasRoom('a')).toBe(true);
    budget.spend('a', 40);
    expect(budget.hasRoom('a')).toBe(false);
    expect(budget.hasRoom('b')).toBe(true);
    clock.advance(1001);
    expect(budget.hasRoom('a')).toBe(true);
    budget.prune();
  });
});
