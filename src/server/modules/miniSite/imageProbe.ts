/**
 * What an uploaded file is, from its bytes alone (DESIGN.md section 8, uploads): its format by the
 * magic number, its size in pixels from the format's header, and a structural check that catches
 * truncated or made-up files. The file name and the declared type play no part. Reads only the
 * bytes it needs, so a 50 MB picture is never loaded whole.
 */

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
  width: number;
  height: number;
}

export type ProbeOutcome =
  | { type: 'image'; image: ImageInfo }
  /** Not one of the five formats. */
  | { type: 'unknown' }
  /** Says it is one of them, but its header or structure is broken or cut short. */
  | { type: 'unreadable'; kind: ImageKind };

/** Reads up to `length` bytes at `position`; fewer at the end of the file. */
export type ByteReader = (position: number, length: number) => Promise<Buffer>;

/** The bytes the magic numbers need. */
export const SNIFF_BYTES = 32;

export function sniffKind(head: Buffer): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (head.length >= 2 && head[0] === 0x42 && head[1] === 0x4d) return 'bmp';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG and JPEG allow 2^31 - 1 pixels a side; anything past that is a made-up header. */
const MAX_SIDE = 0x7fffffff;
/** A real file has far fewer chunks or segments; a loop past this is a crafted file. */
const MAX_STEPS = 200_000;

const dimensions = (kind: ImageKind, width: number, height: number): ProbeOutcome =>
  width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE ? { type: 'image', image: { kind, width, height } } : { type: 'unreadable', kind };

/** Identifies the file, reads its size in pixels and checks that its structure holds together. */
export async function probeImage(read: ByteReader, fileSize: number): Promise<ProbeOutcome> {
  const head = await read(0, SNIFF_BYTES);
  const kind = sniffKind(head);
  if (!kind) return { type: 'unknown' };
  const broken: ProbeOutcome = { type: 'unreadable', kind };
  switch (kind) {
    case 'png':
      return probePng(read, fileSize);
    case 'jpeg':
      return probeJpeg(read, fileSize);
    case 'gif':
      // Logical screen size; the smallest valid GIF (header, screen, one image, trailer) has 26 bytes.
      return head.length >= 10 && fileSize >= 26 ? dimensions(kind, head.readUInt16LE(6), head.readUInt16LE(8)) : broken;
    case 'webp':
      return probeWebp(head, fileSize);
    case 'bmp':
      return probeBmp(read, fileSize);
  }
}

/** Signature, IHDR first, then chunk by chunk to IEND: a file cut short never reaches it. */
async function probePng(read: ByteReader, fileSize: number): Promise<ProbeOutcome> {
  const broken: ProbeOutcome = { type: 'unreadable', kind: 'png' };
  const ihdr = await read(8, 25);
  if (ihdr.length < 25 || ihdr.readUInt32BE(0) !== 13 || ihdr.toString('latin1', 4, 8) !== 'IHDR') return broken;
  const header = dimensions('png', ihdr.readUInt32BE(8), ihdr.readUInt32BE(12));
  if (header.type !== 'image') return header;
  let position = 8;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const chunk = await read(position, 8);
    if (chunk.length < 8) return broken;
    const length = chunk.readUInt32BE(0);
    const type = chunk.toString('latin1', 4, 8);
    if (length > MAX_SIDE || !/^[A-Za-z]{4}$/.test(type)) return broken;
    position += 12 + length;
    if (position > fileSize) return broken;
    if (type === 'IEND') return header;
  }
  return broken;
}

/** Start-of-frame markers: baseline, progressive, lossless and arithmetic-coded frames. */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Segment by segment from SOI to the first start-of-frame; scan data before it means a broken file. */
async function probeJpeg(read: ByteReader, fileSize: number): Promise<ProbeOutcome> {
  const broken: ProbeOutcome = { type: 'unreadable', kind: 'jpeg' };
  let position = 2;
  for (let step = 0; step < MAX_STEPS && position < fileSize; step += 1) {
    const bytes = await read(position, 9);
    if (bytes.length < 2 || bytes[0] !== 0xff) return broken;
    const marker = bytes[1];
    if (marker === 0xff) {
      // Fill byte before a marker.
      position += 1;
      continue;
    }
    // Markers without a length: restart markers and TEM.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      position += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda || bytes.length < 4) return broken;
    const length = bytes.readUInt16BE(2);
    if (length < 2) return broken;
    if (SOF_MARKERS.has(marker)) {
      if (bytes.length < 9) return broken;
      // A height of 0 (set later by a DNL marker) is legal but rare; we treat it as unreadable.
      return position + 2 + length <= fileSize ? dimensions('jpeg', bytes.readUInt16BE(7), bytes.readUInt16BE(5)) : broken;
    }
    position += 2 + length;
  }
  return broken;
}

/** RIFF container, then the first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function probeWebp(head: Buffer, fileSize: number): ProbeOutcome {
  const broken: ProbeOutcome = { type: 'unreadable', kind: 'webp' };
  if (head.length < 30) return broken;
  const riffSize = head.readUInt32LE(4);
  // The RIFF size counts everything after its own 8 bytes: a smaller file was cut short.
  if (riffSize + 8 > fileSize || riffSize < 18) return broken;
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return broken;
    return dimensions('webp', head.readUInt16LE(26) & 0x3fff, head.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (head[20] !== 0x2f) return broken;
    const bits = head.readUInt32LE(21);
    return dimensions('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return dimensions('webp', head.readUIntLE(24, 3) + 1, head.readUIntLE(27, 3) + 1);
  return broken;
}

const BMP_BIT_DEPTHS = new Set([1, 4, 8, 16, 24, 32]);

/** BITMAPCOREHEADER (12 bytes) or BITMAPINFOHEADER and later (40+); uncompressed pixels must all be there. */
async function probeBmp(read: ByteReader, fileSize: number): Promise<ProbeOutcome> {
  const broken: ProbeOutcome = { type: 'unreadable', kind: 'bmp' };
  const header = await read(0, 54);
  if (header.length < 26) return broken;
  const pixelOffset = header.readUInt32LE(10);
  const dibSize = header.readUInt32LE(14);
  let width: number;
  let height: number;
  let planes: number;
  let bitDepth: number;
  let compression = 0;
  if (dibSize === 12) {
    width = header.readUInt16LE(18);
    height = header.readUInt16LE(20);
    planes = header.readUInt16LE(22);
    bitDepth = header.readUInt16LE(24);
  } else if (dibSize >= 40 && dibSize <= 124 && header.length >= 34) {
    width = header.readInt32LE(18);
    // Negative: rows stored top-down.
    height = Math.abs(header.readInt32LE(22));
    planes = header.readUInt16LE(26);
    bitDepth = header.readUInt16LE(28);
    compression = header.readUInt32LE(30);
  } else {
    return broken;
  }
  if (planes !== 1 || !BMP_BIT_DEPTHS.has(bitDepth) || pixelOffset < 14 + dibSize || pixelOffset > fileSize) return broken;
  const outcome = dimensions('bmp', width, height);
  if (outcome.type !== 'image') return outcome;
  // BI_RGB and BI_BITFIELDS store every row in full, padded to 4 bytes.
  if (compression === 0 || compression === 3) {
    const rowBytes = Math.floor((bitDepth * width + 31) / 32) * 4;
    if (pixelOffset + rowBytes * height > fileSize) return broken;
  }
  return outcome;
}
