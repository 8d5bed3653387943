/**
 * Pictures made byte by byte, for the upload checks and the decoding-bomb tests: containers whose
 * headers say what the test wants (a huge frame, a huge canvas, many frames) around a body of a
 * few bytes. No binary fixtures: every file is built here from its format's layout.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { canvasImage } from './miniSiteKit';

export interface Size {
  width: number;
  height: number;
}

export interface FrameRect extends Size {
  left?: number;
  top?: number;
}

const u16le = (value: number): Buffer => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};

const u24le = (value: number): Buffer => {
  const bytes = Buffer.alloc(3);
  bytes.writeUIntLE(value, 0, 3);
  return bytes;
};

const u32le = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};

const u32be = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/**
 * A GIF89a: the logical screen, a two-colour global table, then one image per frame, each with an
 * LZW stream of one pixel (clear code, index 0, end code), whatever size its descriptor claims.
 * Frames after the first get a graphic control extension (a delay) as animations have. One frame
 * makes a 35-byte file.
 */
export function gifBytes(screen: Size, frames: readonly FrameRect[]): Buffer {
  const parts = [Buffer.from('GIF89a', 'latin1'), u16le(screen.width), u16le(screen.height), Buffer.from([0x80, 0, 0]), Buffer.from([0, 0, 0, 255, 255, 255])];
  frames.forEach((frame, index) => {
    if (frames.length > 1) parts.push(Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]));
    parts.push(Buffer.from([0x2c]), u16le(frame.left ?? 0), u16le(frame.top ?? 0), u16le(frame.width), u16le(frame.height), Buffer.from([0]));
    // LZW minimum code size 2; one sub-block of 2 bytes: codes 4 (clear), 0, 5 (end), 3 bits each.
    parts.push(Buffer.from([2, 2, 0x44, 0x01, 0]));
    if (index === frames.length - 1) parts.push(Buffer.from([0x3b]));
  });
  return Buffer.concat(parts);
}

/** A PNG chunk with its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const typeBytes = Buffer.from(type, 'latin1');
  return Buffer.concat([u32be(data.length), typeBytes, data, u32be(zlib.crc32(Buffer.concat([typeBytes, data])))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function fctl(sequence: number, frame: Size): Buffer {
  const data = Buffer.alloc(26);
  data.writeUInt32BE(sequence, 0);
  data.writeUInt32BE(frame.width, 4);
  data.writeUInt32BE(frame.height, 8);
  // Offsets 0, delay 1/10 s, dispose none, blend source.
  data.writeUInt16BE(1, 20);
  data.writeUInt16BE(10, 22);
  return pngChunk('fcTL', data);
}

/**
 * An RGBA PNG whose IHDR says `size`, with a compressed body of a few bytes (one short row), and
 * CRCs that hold. With `frames`, an APNG: the default image is the first frame (its fcTL before
 * IDAT), and each further frame gets an fcTL of its size and a tiny fdAT.
 */
export function pngBytes(size: Size, frames: readonly Size[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size.width, 0);
  ihdr.writeUInt32BE(size.height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const body = zlib.deflateSync(Buffer.alloc(1 + 4 * Math.min(size.width, 4)));
  const chunks = [PNG_SIGNATURE, pngChunk('IHDR', ihdr)];
  let sequence = 0;
  if (frames.length) {
    chunks.push(pngChunk('acTL', Buffer.concat([u32be(frames.length + 1), u32be(0)])));
    chunks.push(fctl(sequence++, size));
  }
  chunks.push(pngChunk('IDAT', body));
  for (const frame of frames) {
    chunks.push(fctl(sequence++, frame));
    chunks.push(pngChunk('fdAT', Buffer.concat([u32be(sequence++), body])));
  }
  chunks.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(chunks);
}

/** A real 8x8 baseline JPEG whose frame header (SOF0) is made to claim `size`: a tiny body. */
export function jpegClaiming(size: Size): Buffer {
  const jpeg = Buffer.from(canvasImage('jpeg', 8, 8));
  for (let position = 2; position + 9 <= jpeg.length; ) {
    const marker = jpeg[position + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(size.height, position + 5);
      jpeg.writeUInt16BE(size.width, position + 7);
      return jpeg;
    }
    position += 2 + jpeg.readUInt16BE(position + 2);
  }
  throw new Error('no frame header in the JPEG');
}

function riffChunk(fourcc: string, payload: Buffer): Buffer {
  const padded = payload.length % 2 ? Buffer.concat([payload, Buffer.alloc(1)]) : payload;
  return Buffer.concat([Buffer.from(fourcc, 'latin1'), u32le(payload.length), padded]);
}

function riff(chunks: readonly Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}

/** The image chunk (VP8) of a real 1x1 lossy WebP (canvas wraps it in VP8X and ICCP chunks). */
function tinyWebpImageChunk(): Buffer {
  const webp = canvasImage('webp', 1, 1);
  for (let position = 12; position + 8 <= webp.length; ) {
    const size = webp.readUInt32LE(position + 4);
    const end = position + 8 + size + (size % 2);
    if (webp.toString('latin1', position, position + 4).startsWith('VP8') && webp[position + 3] !== 0x58) return webp.subarray(position, end);
    position = end;
  }
  throw new Error('no image chunk in the WebP');
}

/**
 * An extended WebP (VP8X) whose canvas is `canvas`. Without `frames`, a still picture: the canvas
 * around a 1x1 image. With them, an animation (ANIM, then one ANMF per frame, each of the size it
 * claims around the same 1x1 image).
 */
export function webpBytes(canvas: Size, frames: readonly Size[] = []): Buffer {
  const vp8x = Buffer.concat([Buffer.from([frames.length ? 0x02 : 0, 0, 0, 0]), u24le(canvas.width - 1), u24le(canvas.height - 1)]);
  const image = tinyWebpImageChunk();
  if (!frames.length) return riff([riffChunk('VP8X', vp8x), image]);
  const anim = Buffer.concat([u32le(0), u16le(0)]);
  const anmf = frames.map((frame) => riffChunk('ANMF', Buffer.concat([u24le(0), u24le(0), u24le(frame.width - 1), u24le(frame.height - 1), u24le(100), Buffer.from([0]), image])));
  return riff([riffChunk('VP8X', vp8x), riffChunk('ANIM', anim), ...anmf]);
}

/**
 * An 8-bit RLE8 BMP claiming `size`: a grey palette, then a body of one "end of bitmap" code. An
 * RLE decoder would make `size` pixels out of 2 bytes.
 */
export function rleBmp(size: Size): Buffer {
  const palette = Buffer.alloc(256 * 4);
  for (let index = 0; index < 256; index += 1) palette.fill(index, index * 4, index * 4 + 3);
  const body = Buffer.from([0, 1]);
  const offset = 14 + 40 + palette.length;
  const file = Buffer.alloc(offset + body.length);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(offset, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(size.width, 18);
  file.writeInt32LE(size.height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(8, 28);
  // BI_RLE8.
  file.writeUInt32LE(1, 30);
  file.writeUInt32LE(body.length, 34);
  palette.copy(file, 54);
  body.copy(file, offset);
  return file;
}

/** A real animation made by sharp: `frames` frames of `size`, each of its own colour. */
export async function sharpAnimation(format: 'gif' | 'webp', size: Size, frames: number): Promise<Buffer> {
  const framePixels = size.width * size.height;
  const raw = Buffer.alloc(framePixels * frames * 4);
  for (let frame = 0; frame < frames; frame += 1) {
    for (let pixel = 0; pixel < framePixels; pixel += 1) raw.set([(frame * 67) % 256, (pixel * 13) % 256, 128, 255], (frame * framePixels + pixel) * 4);
  }
  const animation = sharp(raw, { raw: { width: size.width, height: size.height * frames, channels: 4, pageHeight: size.height } });
  return format === 'gif' ? animation.gif({ delay: 100 }).toBuffer() : animation.webp({ delay: 100 }).toBuffer();
}

/** What the location-bearing metadata below says, so that a test can look for it in any file. */
export const LOCATION_MARKS = ['GPS-39.9042N-116.4074E', 'XMP DataXMP', 'exif:GPSLatitude', 'camera-serial-0042'] as const;

/** `data` as GIF sub-blocks (at most 255 bytes each) and their terminator. */
function gifSubBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const block = data.subarray(at, at + 255);
    parts.push(Buffer.from([block.length]), block);
  }
  return Buffer.concat([...parts, Buffer.from([0])]);
}

const XMP_PACKET = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="39,54.252N" exif:GPSLongitude="116,24.444E" exif:BodySerialNumber="camera-serial-0042"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/**
 * `gif` (a real one, from sharp) as a phone's editor leaves it: an XMP packet in an application
 * extension, a comment and a plain-text extension giving the place, before its first block; and
 * the place again after its trailer.
 */
export function gifWithLocation(gif: Buffer): Buffer {
  const tableBytes = gif[10] & 0x80 ? 3 * 2 ** ((gif[10] & 0x07) + 1) : 0;
  const head = gif.subarray(0, 13 + tableBytes);
  const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from('XMP DataXMP', 'latin1'), gifSubBlocks(Buffer.from(XMP_PACKET, 'utf8'))]);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), gifSubBlocks(Buffer.from(`Taken at ${LOCATION_MARKS[0]}`, 'latin1'))]);
  const plainText = Buffer.concat([Buffer.from([0x21, 0x01, 12]), Buffer.alloc(12), gifSubBlocks(Buffer.from(LOCATION_MARKS[0], 'latin1'))]);
  return Buffer.concat([head, xmp, comment, plainText, gif.subarray(head.length), Buffer.from(LOCATION_MARKS[0], 'latin1')]);
}

/**
 * An EXIF block (big-endian TIFF) as a camera writes it: IFD0 with the orientation, the camera's
 * serial in ImageDescription and a pointer to a GPS IFD holding a latitude.
 */
export function exifWithLocation(orientation = 6): Buffer {
  const serial = Buffer.from(`${LOCATION_MARKS[3]}\0`, 'latin1');
  const gpsText = Buffer.from(`${LOCATION_MARKS[0]}\0`, 'latin1');
  // IFD0 at 8: 3 entries (2 + 36 + 4 bytes), then the GPS IFD (2 entries), then the values.
  const gpsIfd = 8 + 2 + 3 * 12 + 4;
  const values = gpsIfd + 2 + 2 * 12 + 4;
  const tiff = Buffer.alloc(values + serial.length + gpsText.length);
  tiff.write('MM\0*', 0, 'latin1');
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number, short = false): void => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    if (short) tiff.writeUInt16BE(value, at + 8);
    else tiff.writeUInt32BE(value, at + 8);
  };
  tiff.writeUInt16BE(3, 8);
  entry(10, 0x010e, 2, serial.length, values);
  entry(22, 0x0112, 3, 1, orientation, true);
  entry(34, 0x8825, 4, 1, gpsIfd);
  tiff.writeUInt16BE(2, gpsIfd);
  entry(gpsIfd + 2, 0x0001, 2, 2, 0x4e000000);
  // GPSAreaInformation-like text: the place in plain letters.
  entry(gpsIfd + 14, 0x001c, 2, gpsText.length, values + serial.length);
  serial.copy(tiff, values);
  gpsText.copy(tiff, values + serial.length);
  return tiff;
}

/** An extended WebP (a real 1x1 image) carrying EXIF (orientation, serial, GPS) and XMP chunks, its VP8X flags saying so. */
export function webpWithLocation(orientation = 6): Buffer {
  const vp8x = Buffer.concat([Buffer.from([0x08 | 0x04, 0, 0, 0]), u24le(0), u24le(0)]);
  return riff([riffChunk('VP8X', vp8x), tinyWebpImageChunk(), riffChunk('EXIF', exifWithLocation(orientation)), riffChunk('XMP ', Buffer.from(XMP_PACKET, 'utf8'))]);
}

/** `jpeg` (a real one) with an Exif APP1 (orientation, serial, GPS), an XMP APP1, an IPTC APP13 and a comment after its APP0, and the place after its end. */
export function jpegWithLocation(jpeg: Buffer, orientation = 6): Buffer {
  const segment = (marker: number, data: Buffer): Buffer => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  const app0End = jpeg[3] === 0xe0 ? 4 + jpeg.readUInt16BE(4) : 2;
  return Buffer.concat([
    jpeg.subarray(0, app0End),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifWithLocation(orientation)])),
    segment(0xe1, Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.from(XMP_PACKET, 'utf8')])),
    segment(0xed, Buffer.from(`Photoshop 3.0\0${LOCATION_MARKS[0]}`, 'latin1')),
    segment(0xfe, Buffer.from(LOCATION_MARKS[0], 'latin1')),
    jpeg.subarray(app0End),
    Buffer.from(LOCATION_MARKS[0], 'latin1'),
  ]);
}

/** `png` (a real one) with an eXIf chunk (orientation, serial, GPS), XMP in iTXt and a tEXt comment after IHDR, and the place after IEND. */
export function pngWithLocation(png: Buffer, orientation = 6): Buffer {
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    pngChunk('eXIf', exifWithLocation(orientation)),
    pngChunk('iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(XMP_PACKET, 'utf8')])),
    pngChunk('tEXt', Buffer.from(`Comment\0${LOCATION_MARKS[0]}`, 'latin1')),
    png.subarray(ihdrEnd),
    Buffer.from(LOCATION_MARKS[0], 'latin1'),
  ]);
}
