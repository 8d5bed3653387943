/**
 * The pictures a generated site makes from its logo: the browser tab's icon and the share picture
 * that chats and social sites show for a link. Shared by the mini site and the builder's sites.
 */
import { createCanvas, type Image } from '@napi-rs/canvas';
import sharp from 'sharp';

const FAVICON_SIZE = 64;
const SHARE_SIZE = { width: 1200, height: 630 };

/** `image` scaled to fit inside a box of `width` x `height`, centred on (cx, cy). */
function containRect(image: Image, cx: number, cy: number, width: number, height: number): [number, number, number, number] {
  const scale = Math.min(width / image.width, height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  return [cx - w / 2, cy - h / 2, w, h];
}

/** The logo, whole, on a transparent square: the browser tab's icon. */
export function favicon(logo: Image): Promise<Buffer> {
  const canvas = createCanvas(FAVICON_SIZE, FAVICON_SIZE);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(logo, ...containRect(logo, FAVICON_SIZE / 2, FAVICON_SIZE / 2, FAVICON_SIZE - 2, FAVICON_SIZE - 2));
  return canvas.encode('png');
}

/**
 * The share picture: the banner's poster, softened and darkened towards the edges, with the logo
 * sharp in the middle. Softening keeps the PNG small (a sharp photo-like PNG is several times
 * larger) and lets the logo stand out in a chat's small preview.
 */
export function sharePicture(logo: Image, poster: Image): Promise<Buffer> {
  const { width, height } = SHARE_SIZE;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const cover = Math.max(width / poster.width, height / poster.height);
  // Black under the blur: whatever its edges let through is dark like the shade over it, and the picture is opaque.
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  ctx.filter = 'blur(18px)';
  // Drawn a little larger than the frame so the blur does not fade in from the edges.
  const w = poster.width * cover * 1.08;
  const h = poster.height * cover * 1.08;
  ctx.drawImage(poster, (width - w) / 2, (height - h) / 2, w, h);
  ctx.filter = 'none';
  const shade = ctx.createRadialGradient(width / 2, height / 2, height * 0.2, width / 2, height / 2, width * 0.7);
  shade.addColorStop(0, 'rgba(0,0,0,0.35)');
  shade.addColorStop(1, 'rgba(0,0,0,0.8)');
  ctx.fillStyle = shade;
  ctx.fillRect(0, 0, width, height);
  ctx.shadowColor = 'rgba(0,0,0,0.6)';
  ctx.shadowBlur = 30;
  ctx.drawImage(logo, ...containRect(logo, width / 2, height / 2, width * 0.72, height * 0.72));
  return opaquePng(canvas.data(), width, height);
}

/**
 * An opaque canvas's pixels as a PNG without the alpha channel, through libvips's encoder: its
 * per-row filter choice and zlib level 6 take about half of canvas's own PNG encoder's time on this
 * soft, gradient-shaded picture (the half of a site render it cost), for a file about a tenth smaller.
 * The canvas's pixels are premultiplied: opaque ones are the same either way.
 */
function opaquePng(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width, height, channels: 4, premultiplied: true } })
    .removeAlpha()
    .png({ compressionLevel: 6, adaptiveFiltering: true })
    .toBuffer();
}
