import QRCode, { type QRCodeToBufferOptions } from 'qrcode';

/**
 * pngjs tries all five PNG row filters per row by default: a black-and-white QR gains nothing from
 * that search, which costs ~20 ms in node and over a second inside jest's VM. filterType 0 = none.
 * (@types/qrcode does not list filterType; pngjs reads it from rendererOpts.)
 */
const PNG_RENDERER = { deflateLevel: 9, filterType: 0 };

/** Error correction M: a phone camera reads it off a screen at these sizes. */
const BASE: QRCodeToBufferOptions = { type: 'png', errorCorrectionLevel: 'M', rendererOpts: PNG_RENDERER };

export function qrPng(text: string, width: number, margin: number): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...BASE, width, margin });
}

export async function qrPngDataUrl(text: string, width: number, margin: number): Promise<string> {
  return `data:image/png;base64,${(await qrPng(text, width, margin)).toString('base64')}`;
}
