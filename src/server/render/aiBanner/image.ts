import { createCanvas, type Image } from '@napi-rs/canvas';
import { decodePicture } from '../picture';
import { BANNER_JPEG_QUALITY } from './types';

const isJpeg = (bytes: Buffer): boolean => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * Decodes a service's picture, within the renderers' pixel limit (../picture.ts); rejects with a
 * PictureRefusedError when it is past the limit or not a picture.
 */
export function decodeImage(bytes: Buffer): Promise<Image> {
  return decodePicture(bytes, 'banner art');
}

/**
 * A provider's picture as the banner's JPEG: kept as it is when it is already a JPEG of the size
 * (no second lossy pass), else scaled and cropped to fill the size (CSS's object-fit: cover).
 */
export async function toBannerJpeg(bytes: Buffer, size: { width: number; height: number }, decoded?: Image): Promise<Buffer> {
  const picture = decoded ?? (await decodeImage(bytes));
  if (isJpeg(bytes) && picture.width === size.width && picture.height === size.height) return bytes;
  const scale = Math.max(size.width / picture.width, size.height / picture.height);
  const width = picture.width * scale;
  const height = picture.height * scale;
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(picture, (size.width - width) / 2, (size.height - height) / 2, width, height);
  return canvas.encode('jpeg', BANNER_JPEG_QUALITY);
}
