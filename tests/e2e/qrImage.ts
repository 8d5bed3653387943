import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode';
import sharp from 'sharp';

export interface QrPicture {
  width: number;
  height: number;
  /** Light pixels all round the code, in modules (the standard asks for 4). */
  quietZone: number;
  /** The corner pixel, 0..255 in each of r, g, b, alpha. */
  corner: number[];
  /** Whether the code's modules are those of `text`. */
  encodes(text: string): boolean;
}

const LEVELS: QRCodeErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H'];

/**
 * A QR code PNG read as a scanner does: its dark modules sampled at their centres. With no QR decoder
 * installed, `encodes` compares them with another library's encoding of the expected text (as bytes,
 * under each correction level and mask a writer may choose): equal modules are the same text.
 */
export async function readQrPng(png: Buffer): Promise<QrPicture> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const dark = (x: number, y: number): boolean => {
    const at = (Math.floor(y) * width + Math.floor(x)) * channels;
    return data[at + 3] > 127 && data[at] + data[at + 1] + data[at + 2] < 3 * 128;
  };
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!dark(x, y)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  // The top-left finder pattern's first row: seven dark modules.
  let finder = left;
  while (finder < width && dark(finder, top + 1)) finder += 1;
  const module = (finder - left) / 7;
  const size = Math.round((right - left + 1) / module);
  const pitch = (right - left + 1) / size;
  const sampled = (row: number, column: number) => dark(left + (column + 0.5) * pitch, top + (row + 0.5) * pitch);
  return {
    width,
    height,
    quietZone: Math.min(left, top, width - 1 - right, height - 1 - bottom) / pitch,
    corner: [...data.subarray(0, 4)],
    encodes(text) {
      for (const errorCorrectionLevel of LEVELS) {
        for (let maskPattern = 0; maskPattern < 8; maskPattern += 1) {
          const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { errorCorrectionLevel, maskPattern: maskPattern as QRCode.QRCodeMaskPattern });
          if (modules.size !== size) continue;
          let same = true;
          for (let row = 0; same && row < size; row += 1) {
            for (let column = 0; same && column < size; column += 1) same = Boolean(modules.get(row, column)) === sampled(row, column);
          }
          if (same) return true;
        }
      }
      return false;
    },
  };
}
