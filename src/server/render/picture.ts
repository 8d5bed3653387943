/**
 * The one decoder for pictures the renderers draw (DESIGN.md section 8): a site's logo and banner
 * picture (the builder's may be a user's upload), and the picture an image-generation service
 * answered. A picture that slipped past the upload check (an old upload, a file put straight into
 * DATA_DIR/uploads, a service's answer) is refused here, before a pixel is decoded, when it is past
 * MiniSiteLimits.uploadMaxPixels: the render fails with a message and the server keeps its memory.
 *
 * sharp decodes with `limitInputPixels`, the first frame only, turned the way its EXIF orientation
 * says (as browsers and canvas's own decoder show it), into an uncompressed PNG that canvas loads.
 * Measured on a photo-like 1920x1080 JPEG banner, decode and share picture together: 135 ms
 * through an uncompressed PNG (the decode 28 ms), 135 ms through raw RGBA put into a canvas, 200 ms
 * through a PNG at zlib level 1 (deflating noise is slow), 105 ms for canvas's own decoder (which
 * has no pixel limit). The PNG keeps the `Image` the drawing code takes.
 *
 * sharp must be loaded by the main thread before any worker thread loads it (sharp's documentation,
 * "worker threads", glibc Linux): the API's thread loads it with the upload checks
 * (modules/uploads/pictureCheck.ts) and before it starts the site render thread.
 */
import { loadImage, type Image } from '@napi-rs/canvas';
import sharp from 'sharp';
import { MiniSiteLimits } from '../../contract/miniSite';
import { PictureRefusedError } from './pictureRefused';

// Every render decodes files once; the cache would only hold their decoded state in memory.
sharp.cache(false);

/**
 * Decodes the picture in `input` (a file or its bytes) for canvas to draw. `what` names it in the
 * error's cause, for the log. Rejects with a PictureRefusedError.
 */
const refusalCause =
  (what: string) =>
  (detail: string, error?: unknown): ErrorOptions => ({ cause: new Error(`The ${what}: ${detail}`, { cause: error }) });

/**
 * The header of the picture in `input`, read before a pixel is decoded: refused (PictureRefusedError)
 * when sharp cannot read it or it is past MiniSiteLimits.uploadMaxPixels (the first frame's).
 */
export async function pictureHeader(input: string | Buffer, what: string): Promise<sharp.Metadata> {
  const cause = refusalCause(what);
  let metadata: sharp.Metadata;
  try {
    // The header only: the limit is applied below, with its own message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new PictureRefusedError('unreadable', cause('not a picture sharp reads', error));
  }
  const { width = 0, height = 0 } = metadata;
  const pageHeight = metadata.pageHeight ?? height;
  if (width * pageHeight > MiniSiteLimits.uploadMaxPixels) throw new PictureRefusedError('tooManyPixels', cause(`${width}x${pageHeight} pixels`));
  return metadata;
}

/**
 * `cover`: sized to cover that many pixels, cropped around `cover.focus` (shares of the picture's
 * width and height) when given, else around what sharp's attention strategy finds (it favours the
 * brightest, most saturated part: a moon over the figure beside it), so frames never resample the
 * whole picture.
 */
export async function decodePicture(input: string | Buffer, what: string, cover?: { width: number; height: number; focus?: { x: number; y: number } }): Promise<Image> {
  const cause = refusalCause(what);
  const header = await pictureHeader(input, what);
  try {
    // failOn 'none': a damaged picture is drawn as far as it goes, as browsers show it; the pixel
    // limit is what keeps the memory, and it holds whatever the file says later on.
    let picture = sharp(input, { limitInputPixels: MiniSiteLimits.uploadMaxPixels, failOn: 'none' }).autoOrient();
    if (cover?.focus) {
      // Sized to cover, then cut around the focus, as far as the picture's edges allow.
      const { width, height } = header.autoOrient;
      const scale = Math.max(cover.width / width, cover.height / height);
      const [scaledW, scaledH] = [Math.max(cover.width, Math.round(width * scale)), Math.max(cover.height, Math.round(height * scale))];
      const left = Math.round(Math.min(scaledW - cover.width, Math.max(0, cover.focus.x * scaledW - cover.width / 2)));
      const top = Math.round(Math.min(scaledH - cover.height, Math.max(0, cover.focus.y * scaledH - cover.height / 2)));
      picture = picture.resize(scaledW, scaledH, { fit: 'fill' }).extract({ left, top, width: cover.width, height: cover.height });
    } else if (cover) picture = picture.resize({ ...cover, fit: 'cover', position: sharp.strategy.attention });
    const png = await picture.png({ compressionLevel: 0 }).toBuffer();
    const image = await loadImage(png);
    if (!image.width || !image.height) throw new Error('empty image');
    return image;
  } catch (error) {
    throw new PictureRefusedError('unreadable', cause('could not be decoded', error));
  }
}

/**
 * A small copy of the picture in `input` (its longer side `side` px, turned as its EXIF says), as
 * RGBA: for looking at it (where its subject is) before it is decoded at the size drawn.
 */
export async function samplePicture(input: string | Buffer, what: string, side: number): Promise<{ data: Uint8Array; width: number; height: number }> {
  await pictureHeader(input, what);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MiniSiteLimits.uploadMaxPixels, failOn: 'none' })
      .autoOrient()
      .resize(side, side, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  } catch (error) {
    throw new PictureRefusedError('unreadable', refusalCause(what)('could not be decoded', error));
  }
}
