/**
 * The few things about an uploaded picture that sharp (libvips) does not tell, read from the
 * file's containers: the size of every frame of an animation, and a BMP's header.
 *
 * - GIF: libvips (libnsgif) lets only the first frame grow the picture and clips later frames to
 *   it, but browsers need not, and a frame's descriptor is what a decoder allocates for: every
 *   image descriptor is measured.
 * - APNG: libvips ignores the fcTL chunks and decodes the default image only; browsers play them.
 * - WebP: sharp tells the canvas and the number of frames, not each ANMF frame's size.
 * - BMP: sharp's prebuilt libvips cannot read BMP at all (no ImageMagick), so its header is read
 *   here, and only files whose every pixel is stored uncompressed are taken.
 *
 * Each reader walks its container block by block to its end, so a file cut short is caught too.
 * They never look at pixel data.
 */

/** Reads up to `length` bytes at `position`; fewer at the end of the file. */
export type ByteReader = (position: number, length: number) => Promise<Buffer>;

const WINDOW_BYTES = 1024 * 1024;

/**
 * A window over a file for the readers below: a reader asks `has` first and awaits `load` only when
 * the window must move, then reads the bytes synchronously. A crafted file of millions of tiny
 * chunks or sub-blocks then costs one await per megabyte rather than one per block.
 */
export class ByteWindow {
  private bytes: Buffer = Buffer.alloc(0);
  private start = 0;

  constructor(
    private readonly read: ByteReader,
    readonly size: number,
  ) {}

  static of(buffer: Buffer): ByteWindow {
    return new ByteWindow(async (position, length) => buffer.subarray(position, position + length), buffer.length);
  }

  has(position: number, length: number): boolean {
    return position >= this.start && position + length <= this.start + this.bytes.length;
  }

  /** Moves the window to `position`; false when the file ends before `position + length`. */
  async load(position: number, length: number): Promise<boolean> {
    if (position < 0 || position + length > this.size) return false;
    this.bytes = await this.read(position, Math.max(length, WINDOW_BYTES));
    this.start = position;
    return this.has(position, length);
  }

  u8(position: number): number {
    return this.bytes[position - this.start];
  }

  u16le(position: number): number {
    return this.bytes.readUInt16LE(position - this.start);
  }

  u24le(position: number): number {
    return this.bytes.readUIntLE(position - this.start, 3);
  }

  u32le(position: number): number {
    return this.bytes.readUInt32LE(position - this.start);
  }

  u32be(position: number): number {
    return this.bytes.readUInt32BE(position - this.start);
  }

  latin1(position: number, length: number): string {
    return this.bytes.toString('latin1', position - this.start, position - this.start + length);
  }
}

export interface Size {
  width: number;
  height: number;
}

/** What a container says about a picture's sizes, summed up as it is walked (no list of frames kept). */
export interface PictureLayout {
  /** The canvas the frames are shown on; null when the container does not say (JPEG, a simple WebP). */
  canvas: Size | null;
  /** How many frames it has: 0 for a still picture whose size only sharp reads. */
  frames: number;
  /** The pixels of its largest frame. */
  largestFrame: number;
}

const pixelsOf = (size: Size | null): number => (size ? size.width * size.height : 0);

function frameSeen(layout: PictureLayout, frame: Size): void {
  layout.frames += 1;
  layout.largestFrame = Math.max(layout.largestFrame, pixelsOf(frame));
}

/** The bytes [position, position + length) are in the window, moving it if needed. */
const ready = async (window: ByteWindow, position: number, length: number): Promise<boolean> => window.has(position, length) || window.load(position, length);

/** A GIF colour table's bytes, from the packed field of the screen or of an image descriptor. */
const colourTableBytes = (packed: number): number => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/** Skips a chain of GIF data sub-blocks to past its terminator; -1 when the file ends first. */
async function skipSubBlocks(window: ByteWindow, from: number): Promise<number> {
  let position = from;
  for (;;) {
    if (!window.has(position, 1) && !(await window.load(position, 1))) return -1;
    const length = window.u8(position);
    position += 1 + length;
    if (length === 0) return position;
  }
}

/**
 * GIF: the logical screen, then block by block (extensions, image descriptors) to the trailer. A
 * file that ends after a whole block without a trailer is taken, as decoders take it; one cut
 * inside a block is not. The first frame grows the canvas, as in libnsgif and browsers.
 */
export async function readGifLayout(window: ByteWindow): Promise<PictureLayout | null> {
  if (!(await ready(window, 0, 13))) return null;
  const screen = { width: window.u16le(6), height: window.u16le(8) };
  const layout: PictureLayout = { canvas: screen, frames: 0, largestFrame: 0 };
  let position = 13 + colourTableBytes(window.u8(10));
  for (;;) {
    if (!(await ready(window, position, 1))) return position === window.size && layout.frames > 0 ? layout : null;
    const introducer = window.u8(position);
    if (introducer === 0x3b) return layout.frames > 0 ? layout : null;
    if (introducer === 0x2c) {
      if (!(await ready(window, position, 10))) return null;
      const frame = { width: window.u16le(position + 5), height: window.u16le(position + 7) };
      if (layout.frames === 0) layout.canvas = { width: Math.max(screen.width, frame.width), height: Math.max(screen.height, frame.height) };
      frameSeen(layout, frame);
      // The descriptor, its local colour table, and the LZW minimum code size before the data.
      position += 10 + colourTableBytes(window.u8(position + 9)) + 1;
    } else if (introducer === 0x21) {
      // The introducer and the extension's label.
      position += 2;
    } else {
      return null;
    }
    position = await skipSubBlocks(window, position);
    if (position < 0) return null;
  }
}

const isChunkType = (type: string): boolean => type.length === 4 && /^[A-Za-z]{4}$/.test(type);

/**
 * PNG: IHDR first, then chunk by chunk to IEND, counting APNG frames (fcTL). The default image
 * (IDAT) is the animation's first frame when an fcTL comes before it; otherwise it is one more
 * picture, shown by decoders without APNG support, and counted as a frame of the canvas.
 */
export async function readPngLayout(window: ByteWindow): Promise<PictureLayout | null> {
  if (!(await ready(window, 0, 33)) || window.u32be(8) !== 13 || window.latin1(12, 4) !== 'IHDR') return null;
  const canvas = { width: window.u32be(16), height: window.u32be(20) };
  const layout: PictureLayout = { canvas, frames: 0, largestFrame: 0 };
  let defaultImageIsFrame = false;
  let seenImageData = false;
  for (let position = 8; ; ) {
    if (!(await ready(window, position, 8))) return null;
    const length = window.u32be(position);
    const type = window.latin1(position + 4, 4);
    if (length > 0x7fffffff || !isChunkType(type)) return null;
    if (type === 'fcTL') {
      if (length < 26 || !(await ready(window, position + 8, 26))) return null;
      frameSeen(layout, { width: window.u32be(position + 12), height: window.u32be(position + 16) });
      if (!seenImageData) defaultImageIsFrame = true;
    } else if (type === 'IDAT') {
      seenImageData = true;
    }
    position += 12 + length;
    if (position > window.size) return null;
    if (type === 'IEND') break;
  }
  if (layout.frames > 0 && !defaultImageIsFrame) frameSeen(layout, canvas);
  return layout;
}

/**
 * WebP: the RIFF container chunk by chunk to its declared end, which the file must reach; the
 * canvas of an extended file (VP8X) and every animation frame (ANMF). A simple file (VP8, VP8L)
 * has neither: sharp reads its size.
 */
export async function readWebpLayout(window: ByteWindow): Promise<PictureLayout | null> {
  if (!(await ready(window, 0, 12))) return null;
  const end = 8 + window.u32le(4);
  if (end > window.size) return null;
  const layout: PictureLayout = { canvas: null, frames: 0, largestFrame: 0 };
  let position = 12;
  while (position + 8 <= end) {
    if (!(await ready(window, position, 8))) return null;
    const type = window.latin1(position, 4);
    const length = window.u32le(position + 4);
    if (!/^[A-Z0-9 ]{4}$/i.test(type)) return null;
    if (type === 'VP8X') {
      // Only as the first chunk: a second one would be a second opinion on the canvas.
      if (position !== 12 || length < 10 || !(await ready(window, position + 8, 10))) return null;
      layout.canvas = { width: window.u24le(position + 12) + 1, height: window.u24le(position + 15) + 1 };
    } else if (type === 'ANMF') {
      if (length < 16 || !(await ready(window, position + 8, 16))) return null;
      frameSeen(layout, { width: window.u24le(position + 14) + 1, height: window.u24le(position + 17) + 1 });
    }
    // Chunks are padded to an even length.
    position += 8 + length + (length % 2);
  }
  return position > end + 1 ? null : layout;
}

const BMP_BIT_DEPTHS = new Set([1, 4, 8, 16, 24, 32]);
const BI_RGB = 0;
const BI_BITFIELDS = 3;

/** The bytes of a BMP's file and info headers that readBmpSize needs. */
export const BMP_HEADER_BYTES = 54;

/**
 * BMP: the file header and the BITMAPCOREHEADER (12 bytes) or BITMAPINFOHEADER and later (40+).
 * Only uncompressed pixels (BI_RGB, or BI_BITFIELDS at 16 or 32 bits) whose every row is in the
 * file are taken, so that the decoded size is bounded by the file's: an RLE, JPEG or PNG body
 * could expand a few bytes into any number of pixels. Answers the size, or null.
 */
export function readBmpSize(head: Buffer, fileSize: number): Size | null {
  if (head.length < 26 || head.toString('latin1', 0, 2) !== 'BM') return null;
  const pixelOffset = head.readUInt32LE(10);
  const headerSize = head.readUInt32LE(14);
  let width: number;
  let height: number;
  let planes: number;
  let bitDepth: number;
  let compression = BI_RGB;
  if (headerSize === 12) {
    width = head.readUInt16LE(18);
    height = head.readUInt16LE(20);
    planes = head.readUInt16LE(22);
    bitDepth = head.readUInt16LE(24);
  } else if (headerSize >= 40 && headerSize <= 124 && head.length >= 34) {
    width = head.readInt32LE(18);
    // Negative: rows stored top-down.
    height = Math.abs(head.readInt32LE(22));
    planes = head.readUInt16LE(26);
    bitDepth = head.readUInt16LE(28);
    compression = head.readUInt32LE(30);
  } else {
    return null;
  }
  const uncompressed = compression === BI_RGB || (compression === BI_BITFIELDS && (bitDepth === 16 || bitDepth === 32));
  if (!uncompressed || planes !== 1 || !BMP_BIT_DEPTHS.has(bitDepth) || width <= 0 || height <= 0) return null;
  if (pixelOffset < 14 + headerSize || pixelOffset > fileSize) return null;
  // Every row is stored in full, padded to 4 bytes.
  const rowBytes = Math.floor((bitDepth * width + 31) / 32) * 4;
  return pixelOffset + rowBytes * height <= fileSize ? { width, height } : null;
}
