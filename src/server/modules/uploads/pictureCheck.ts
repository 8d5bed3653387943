/**
 * What an uploaded file is, from its bytes alone (DESIGN.md section 8, uploads): its format, its
 * size in pixels and that of every frame, and whether it decodes. The file name and the declared
 * type play no part. sharp (libvips) reads the formats and decodes; pictureFrames.ts reads what
 * libvips does not tell (every frame of an animation, BMP). Nothing here holds the file in memory
 * or decodes it at full size, so a 50 MB upload or a header promising billions of pixels costs
 * little.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { MiniSiteLimits } from '../../../contract/miniSite';
import { BMP_HEADER_BYTES, ByteWindow, readBmpSize, readGifLayout, readPngLayout, readWebpLayout, type PictureLayout, type Size } from './pictureFrames';

// libvips' operation cache would keep up to 20 uploads' files open (temp files already deleted
// among them) and their decoded state in memory; every upload is a new file, so nothing is gained.
sharp.cache(false);

export const IMAGE_KINDS = {
  jpeg: { extension: 'jpg', mime: 'image/jpeg' },
  png: { extension: 'png', mime: 'image/png' },
  gif: { extension: 'gif', mime: 'image/gif' },
  webp: { extension: 'webp', mime: 'image/webp' },
  bmp: { extension: 'bmp', mime: 'image/bmp' },
} as const;

export type ImageKind = keyof typeof IMAGE_KINDS;

export interface ImageInfo {
  kind: ImageKind;
  /** The canvas, as large as the largest of what the container and libvips say. */
  width: number;
  height: number;
  /** 1 for a still picture. */
  frames: number;
}

/** Why a file is refused; the upload policy turns each into its route's message. */
export type RefusalReason =
  /** Not one of the formats the route takes. */
  | 'type'
  /** Says it is one of them, but its structure is broken, cut short, or not decodable. */
  | 'unreadable'
  /** The picture (or its one frame) is past MiniSiteLimits.uploadMaxPixels. */
  | 'pixels'
  /** A frame of an animation is past MiniSiteLimits.uploadMaxPixels. */
  | 'framePixels'
  /** All frames together are past MiniSiteLimits.uploadMaxAnimationPixels. */
  | 'animationPixels';

export type PictureVerdict = { type: 'image'; image: ImageInfo } | { type: 'refused'; reason: RefusalReason };

const refused = (reason: RefusalReason): PictureVerdict => ({ type: 'refused', reason });

/** The bytes the magic numbers need (and a BMP's header). */
const HEAD_BYTES = BMP_HEADER_BYTES;

/**
 * The format by its magic number. It only chooses which of libvips' loaders may see the file
 * (sharp must then find the same format): SVG, TIFF, HEIF, PDF and the rest of libvips' loaders
 * never parse an upload.
 */
export function sniffKind(head: Buffer): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47 && head.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.toString('latin1', 0, 6))) return 'gif';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 2 && head[0] === 0x42 && head[1] === 0x4d) return 'bmp';
  return null;
}

const LAYOUT_READERS: Record<Exclude<ImageKind, 'bmp'>, (window: ByteWindow) => Promise<PictureLayout | null>> = {
  gif: readGifLayout,
  png: readPngLayout,
  webp: readWebpLayout,
  // A JPEG has one frame; its size is in the frame header, which sharp reads.
  jpeg: async () => ({ canvas: null, frames: 0, largestFrame: 0 }),
};

const pixelsOf = (size: Size | null): number => (size ? size.width * size.height : 0);

/**
 * The pixel limits: the canvas and every frame within MiniSiteLimits.uploadMaxPixels; an
 * animation's frames, each counted as a whole picture of the canvas (or of the largest frame
 * when that is larger), within MiniSiteLimits.uploadMaxAnimationPixels.
 */
function pixelProblem(canvasPixels: number, frames: number, largestFrame: number): RefusalReason | null {
  if (largestFrame > MiniSiteLimits.uploadMaxPixels) return frames > 1 ? 'framePixels' : 'pixels';
  if (canvasPixels > MiniSiteLimits.uploadMaxPixels) return 'pixels';
  if (frames > 1 && frames * Math.max(canvasPixels, largestFrame) > MiniSiteLimits.uploadMaxAnimationPixels) return 'animationPixels';
  return null;
}

/** What the container says, before libvips sees the file; BMP is read here whole. */
async function readContainer(file: string, size: number, kinds: readonly ImageKind[]): Promise<{ kind: ImageKind; layout: PictureLayout } | RefusalReason> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const read = async (position: number, length: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(Math.min(length, Math.max(0, size - position)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      return buffer.subarray(0, bytesRead);
    };
    const head = await read(0, HEAD_BYTES);
    const kind = sniffKind(head);
    if (!kind || !kinds.includes(kind)) return 'type';
    if (kind === 'bmp') {
      const bmp = readBmpSize(head, size);
      return bmp ? { kind, layout: { canvas: bmp, frames: 1, largestFrame: pixelsOf(bmp) } } : 'unreadable';
    }
    const layout = await LAYOUT_READERS[kind](new ByteWindow(read, size));
    return layout ? { kind, layout } : 'unreadable';
  } finally {
    await handle.close();
  }
}

/** How a picture is decoded to check it: see checkPicture. */
const DECODE_CHECK_SIZE = 16;

/**
 * Checks the picture in `file` (`size` bytes) against the formats in `kinds` and the pixel limits:
 *
 * 1. the magic number, then the container's own sizes (canvas, every frame; pictureFrames.ts),
 *    refused past the limits before any decoder sees the file;
 * 2. sharp's reading of the header (format, size, pages), held to the same limits;
 * 3. a decode of the first frame with `limitInputPixels`, reading the file from start to end
 *    (`sequentialRead`), down to a 16x16 thumbnail: libvips shrinks a JPEG while decoding it and
 *    streams a PNG in strips, so a 40 MP JPEG costs about 15-25 MB and 0.25 s instead of the
 *    160 MB of a full decode. `failOn: 'error'` refuses files cut short or with broken data, and
 *    lets through the mere warnings that many cameras' JPEGs raise. Only the first frame: step 1
 *    walked every block of the others already, and decoding all of a 1920x1080 animation of 40
 *    frames took 1.2-1.7 s of CPU per upload (up to 4 s at the 200 MP budget), too much for an
 *    anonymous route; the renderers decode first frames only.
 *
 * BMP, which libvips cannot read, stops after step 1 (readBmpSize takes only BMPs whose pixels
 * are all stored uncompressed, so their size is bounded by the file's).
 */
export async function checkPicture(file: string, size: number, kinds: readonly ImageKind[]): Promise<PictureVerdict> {
  const container = await readContainer(file, size, kinds);
  if (typeof container === 'string') return refused(container);
  const { kind, layout } = container;
  const early = pixelProblem(pixelsOf(layout.canvas), layout.frames, layout.largestFrame);
  if (early) return refused(early);
  if (kind === 'bmp') return { type: 'image', image: { kind, ...(layout.canvas ?? { width: 0, height: 0 }), frames: 1 } };

  let metadata: sharp.Metadata;
  try {
    // The header only: nothing is decoded, so the pixel limit is ours to apply, with our message.
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    return refused('unreadable');
  }
  if (metadata.format !== kind || !metadata.width || !metadata.height) return refused('unreadable');
  const page = { width: metadata.width, height: metadata.pageHeight ?? metadata.height };
  const canvas = { width: Math.max(page.width, layout.canvas?.width ?? 0), height: Math.max(page.height, layout.canvas?.height ?? 0) };
  const frames = Math.max(layout.frames, metadata.pages ?? 1, 1);
  const problem = pixelProblem(pixelsOf(canvas), frames, layout.largestFrame);
  if (problem) return refused(problem);

  try {
    await sharp(file, { limitInputPixels: MiniSiteLimits.uploadMaxPixels, sequentialRead: true, failOn: 'error' })
      .resize(DECODE_CHECK_SIZE, DECODE_CHECK_SIZE, { fit: 'fill' })
      .raw()
      .toBuffer();
  } catch {
    return refused('unreadable');
  }
  return { type: 'image', image: { kind, ...canvas, frames } };
}
