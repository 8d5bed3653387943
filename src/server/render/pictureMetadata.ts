/**
 * An uploaded picture without what its camera or editor wrote about it: EXIF (GPS position, the
 * camera's serial number, the time), XMP packets, IPTC, comments, text chunks and whatever follows
 * the picture's end. The picture itself is copied byte for byte, container block by container
 * block, so nothing is decoded or encoded again: a JPEG keeps its quality, a GIF or an APNG its
 * every frame and timing, and a 50 MB upload costs a read and a write.
 *
 * Kept: what a decoder needs to draw the picture as its author saw it, that is the image data,
 * palettes, transparency, animation control and loop count, colour profiles and colour space
 * chunks, and the EXIF orientation, written again as a minimal EXIF block holding that one tag (a
 * photo taken upright stays upright). Everything else goes. BMP files hold no metadata (an embedded
 * colour profile at most) and are copied as they are.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** The formats uploads take (modules/uploads/pictureCheck.ts's ImageKind). */
export type PictureKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp';

/** A piece of the output: bytes [start, end) of the source, or bytes of our own. */
type Piece = { start: number; end: number } | Buffer;

const READ_BYTES = 1024 * 1024;

/** Reads a file at random places through a window of a megabyte, so walking a 50 MB file costs ~50 reads. */
class Reader {
  private bytes = Buffer.alloc(0);
  private start = 0;

  constructor(
    private readonly handle: fs.promises.FileHandle,
    readonly size: number,
  ) {}

  /** Bytes [position, position + length), or null past the end of the file. */
  async at(position: number, length: number): Promise<Buffer | null> {
    if (position < 0 || position + length > this.size) return null;
    if (position < this.start || position + length > this.start + this.bytes.length) {
      const buffer = Buffer.alloc(Math.min(Math.max(length, READ_BYTES), this.size - position));
      const { bytesRead } = await this.handle.read(buffer, 0, buffer.length, position);
      this.bytes = buffer.subarray(0, bytesRead);
      this.start = position;
      if (bytesRead < length) return null;
    }
    return this.bytes.subarray(position - this.start, position - this.start + length);
  }

  /** The position of the first `byte` at or after `from`, or -1. */
  async find(byte: number, from: number): Promise<number> {
    for (let position = from; position < this.size; ) {
      const window = await this.at(position, Math.min(READ_BYTES, this.size - position));
      if (!window) return -1;
      const found = window.indexOf(byte);
      if (found >= 0) return position + found;
      position += window.length;
    }
    return -1;
  }
}

/** An EXIF (TIFF) block holding the orientation alone, or null for none or the default (1). */
function orientationExif(orientation: number | undefined): Buffer | null {
  if (!orientation || orientation === 1 || orientation > 8) return null;
  const tiff = Buffer.alloc(26);
  tiff.write('MM\0*', 0, 'latin1');
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  // Tag 0x0112 (Orientation), type SHORT, one value, in the entry itself.
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  // No next IFD (bytes 22-25 stay zero).
  return tiff;
}

/** GIF: every block but comments, plain text and application extensions other than the loop count. */
async function gifPieces(reader: Reader): Promise<Piece[] | null> {
  const screen = await reader.at(0, 13);
  if (!screen) return null;
  const colourTable = (packed: number): number => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const pieces: Piece[] = [];
  let position = 13 + colourTable(screen[10]);
  pieces.push({ start: 0, end: position });
  const skipSubBlocks = async (from: number): Promise<number> => {
    let at = from;
    for (;;) {
      const length = await reader.at(at, 1);
      if (!length) return -1;
      at += 1 + length[0];
      if (length[0] === 0) return at;
    }
  };
  for (;;) {
    const introducer = await reader.at(position, 1);
    // The checker takes a file that ends after a whole block: its trailer is written here.
    if (!introducer) break;
    if (introducer[0] === 0x3b) break;
    let keep: boolean;
    let body: number;
    if (introducer[0] === 0x2c) {
      const descriptor = await reader.at(position, 10);
      if (!descriptor) return null;
      keep = true;
      body = position + 10 + colourTable(descriptor[9]) + 1;
    } else if (introducer[0] === 0x21) {
      const head = await reader.at(position, 2);
      if (!head) return null;
      const label = head[1];
      if (label === 0xf9) keep = true;
      else if (label === 0xff) {
        const id = await reader.at(position + 2, 12);
        keep = !!id && id[0] === 11 && ['NETSCAPE2.0', 'ANIMEXTS1.0'].includes(id.toString('latin1', 1, 12));
      } else keep = false;
      body = position + 2;
    } else {
      return null;
    }
    const next = await skipSubBlocks(body);
    if (next < 0) return null;
    if (keep) pieces.push({ start: position, end: next });
    position = next;
  }
  pieces.push(Buffer.from([0x3b]));
  return pieces;
}

/** PNG chunks a decoder draws with: image data, palette, transparency, animation, colour and size. */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'acTL', 'fcTL', 'fdAT', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'cICP', 'mDCv', 'cLLi', 'sBIT', 'bKGD', 'pHYs']);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** PNG: the chunks of PNG_KEPT, up to IEND; the orientation as an eXIf chunk after IHDR. */
async function pngPieces(reader: Reader, exif: Buffer | null): Promise<Piece[] | null> {
  const pieces: Piece[] = [{ start: 0, end: 8 }];
  for (let position = 8; ; ) {
    const head = await reader.at(position, 8);
    if (!head) return null;
    const type = head.toString('latin1', 4, 8);
    const end = position + 12 + head.readUInt32BE(0);
    if (end > reader.size) return null;
    if (PNG_KEPT.has(type)) pieces.push({ start: position, end });
    if (type === 'IHDR' && exif) pieces.push(pngChunk('eXIf', exif));
    if (type === 'IEND') return pieces;
    position = end;
  }
}

/** WebP chunks of the picture: its frames, alpha, animation, colour profile and the extended header. */
const WEBP_KEPT = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/** WebP: the chunks of WEBP_KEPT; the extended header's flags say EXIF only for the orientation written at the end. */
async function webpPieces(reader: Reader, exif: Buffer | null): Promise<Piece[] | null> {
  const riff = await reader.at(0, 12);
  if (!riff) return null;
  const end = Math.min(reader.size, 8 + riff.readUInt32LE(4));
  const chunks: Piece[] = [];
  let extended = false;
  for (let position = 12; position + 8 <= end; ) {
    const head = await reader.at(position, 8);
    if (!head) return null;
    const type = head.toString('latin1', 0, 4);
    const length = head.readUInt32LE(4);
    const next = position + 8 + length + (length % 2);
    if (next > end) return null;
    if (type === 'VP8X') {
      const header = await reader.at(position, 18);
      if (!header) return null;
      extended = true;
      const copy = Buffer.from(header);
      copy[8] = (copy[8] & ~(VP8X_EXIF | VP8X_XMP)) | (exif ? VP8X_EXIF : 0);
      chunks.push(copy);
      if (next > position + 18) chunks.push({ start: position + 18, end: next });
    } else if (WEBP_KEPT.has(type)) {
      chunks.push({ start: position, end: next });
    }
    position = next;
  }
  // A simple WebP (no VP8X) cannot carry EXIF: it had none to begin with.
  if (exif && extended) {
    const head = Buffer.alloc(8);
    head.write('EXIF', 0, 'latin1');
    head.writeUInt32LE(exif.length, 4);
    chunks.push(Buffer.concat([head, exif, Buffer.alloc(exif.length % 2)]));
  }
  const bodyBytes = chunks.reduce((sum, piece) => sum + (Buffer.isBuffer(piece) ? piece.length : piece.end - piece.start), 0);
  const header = Buffer.from(riff);
  header.writeUInt32LE(4 + bodyBytes, 4);
  return [header, ...chunks];
}

/**
 * JPEG segments that go: APP1 (EXIF, XMP), APP2 but for colour profiles (MPF indexes pictures
 * appended after the end, which go too), APP3-APP13 (IPTC, Photoshop), APP15 and comments. APP0
 * (JFIF) and APP14 (Adobe's colour transform) stay.
 */
async function dropsJpegSegment(reader: Reader, position: number, marker: number): Promise<boolean> {
  if (marker === 0xe2) return (await reader.at(position + 4, 12))?.toString('latin1') !== 'ICC_PROFILE\0';
  return marker === 0xe1 || (marker >= 0xe3 && marker <= 0xed) || marker === 0xef || marker === 0xfe;
}
/** Markers that stand alone, with no length: SOI, EOI, RSTn, TEM. */
const standsAlone = (marker: number): boolean => marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

/**
 * JPEG: segment by segment, the entropy-coded data after each scan header searched for the next
 * marker; up to EOI. The orientation goes into an APP1 of its own after JFIF's APP0 (or SOI).
 */
async function jpegPieces(reader: Reader, exif: Buffer | null): Promise<Piece[] | null> {
  const soi = await reader.at(0, 2);
  if (!soi || soi[0] !== 0xff || soi[1] !== 0xd8) return null;
  const pieces: Piece[] = [{ start: 0, end: 2 }];
  let orientationWritten = !exif;
  const writeOrientation = (): void => {
    if (orientationWritten || !exif) return;
    orientationWritten = true;
    const head = Buffer.from([0xff, 0xe1, 0, 0]);
    head.writeUInt16BE(2 + 6 + exif.length, 2);
    pieces.push(Buffer.concat([head, Buffer.from('Exif\0\0', 'latin1'), exif]));
  };
  let position = 2;
  let first = true;
  for (;;) {
    const head = await reader.at(position, 2);
    if (!head || head[0] !== 0xff) return null;
    const marker = head[1];
    // Fill bytes before a marker.
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (marker === 0xd9) {
      writeOrientation();
      pieces.push({ start: position, end: position + 2 });
      return pieces;
    }
    if (standsAlone(marker)) {
      pieces.push({ start: position, end: position + 2 });
      position += 2;
      continue;
    }
    const length = await reader.at(position + 2, 2);
    if (!length) return null;
    let end = position + 2 + length.readUInt16BE(0);
    if (end > reader.size) return null;
    if (!(first && marker === 0xe0)) writeOrientation();
    first = false;
    if (marker === 0xda) {
      // A scan: its data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      for (;;) {
        const at = await reader.find(0xff, end);
        if (at < 0) return null;
        const after = await reader.at(at + 1, 1);
        if (!after) return null;
        if (after[0] === 0x00 || (after[0] >= 0xd0 && after[0] <= 0xd7) || after[0] === 0xff) {
          end = at + (after[0] === 0xff ? 1 : 2);
          continue;
        }
        end = at;
        break;
      }
      pieces.push({ start: position, end });
    } else if (!(await dropsJpegSegment(reader, position, marker))) {
      pieces.push({ start: position, end });
    }
    position = end;
  }
}

/** Writes `pieces` of `reader`'s file to `to`. */
async function writePieces(reader: Reader, handle: fs.promises.FileHandle, pieces: readonly Piece[], to: string): Promise<void> {
  const out = await fs.promises.open(to, 'w');
  try {
    for (const piece of pieces) {
      if (Buffer.isBuffer(piece)) {
        await out.write(piece);
        continue;
      }
      for (let at = piece.start; at < piece.end; ) {
        const buffer = Buffer.alloc(Math.min(READ_BYTES, piece.end - at));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
        if (bytesRead === 0) throw new Error(`The picture ended at ${at} of ${reader.size} bytes`);
        await out.write(buffer.subarray(0, bytesRead));
        at += bytesRead;
      }
    }
  } finally {
    await out.close();
  }
}

/**
 * Writes the picture in `from` (of format `kind`, as checkPicture found it) to the new file `to`
 * without its metadata. Answers false, having written nothing, when its container does not walk
 * as checkPicture's did (the caller refuses it then).
 */
export async function writeWithoutMetadata(from: string, to: string, kind: PictureKind): Promise<boolean> {
  if (kind === 'bmp') {
    await fs.promises.copyFile(from, to, fs.constants.COPYFILE_EXCL);
    return true;
  }
  let exif: Buffer | null = null;
  try {
    // The header only: what orientation the picture is shown in.
    if (kind !== 'gif') exif = orientationExif((await sharp(from, { limitInputPixels: false }).metadata()).orientation);
  } catch {
    return false;
  }
  const handle = await fs.promises.open(from, 'r');
  try {
    const reader = new Reader(handle, (await handle.stat()).size);
    const pieces = kind === 'gif' ? await gifPieces(reader) : kind === 'png' ? await pngPieces(reader, exif) : kind === 'webp' ? await webpPieces(reader, exif) : await jpegPieces(reader, exif);
    if (!pieces) return false;
    await writePieces(reader, handle, pieces, to);
    return true;
  } finally {
    await handle.close();
  }
}
