/** A channel's QR code as a file for print: its size, and the name it is saved under. */

/** Pixels a side: sharp on an A4 poster at print resolution for a code a few centimetres wide. */
export const PRINT_QR_PX = 1024;

/** Characters no file name may hold on Windows or macOS (control characters among them). */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what is removed
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** `<site name>-<channel>.png`; the slug when the name has nothing a file name can hold. */
export function channelQrFileName(name: string, slug: string, channel: string): string {
  const site = name.replace(NOT_IN_FILE_NAMES, '').trim() || slug;
  return `${site}-${channel}.png`;
}

/**
 * The QR canvas drawn at exactly PRINT_QR_PX on white, as a PNG data URL. The code's canvas is
 * drawn at the screen's pixel ratio (twice the pixels on a retina screen); the file is the same
 * size on every screen.
 */
export function printQrPng(drawn: HTMLCanvasElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = PRINT_QR_PX;
  canvas.height = PRINT_QR_PX;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, PRINT_QR_PX, PRINT_QR_PX);
  context.drawImage(drawn, 0, 0, PRINT_QR_PX, PRINT_QR_PX);
  return canvas.toDataURL('image/png');
}
