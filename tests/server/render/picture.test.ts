/**
 * The renderers' one decoder (render/picture.ts): real pictures of each format come out drawable,
 * turned as their EXIF orientation says, first frame only; a picture past 40 megapixels is refused
 * from its header, before a pixel is decoded, and anything else it cannot read is refused too.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { MiniSiteMessages } from '../../../src/contract/miniSite';
import { decodePicture } from '../../../src/server/render/picture';
import { PICTURE_REFUSED_ERROR_NAME, PictureRefusedError, pictureRefusedMessage } from '../../../src/server/render/pictureRefused';
import { bmpImage, canvasImage } from '../modules/miniSiteKit';
import { gifBytes, jpegClaiming, pngBytes, sharpAnimation, webpBytes } from '../modules/pictureBytes';

describe('decodePicture', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('decodes a %s that canvas can draw', async (format) => {
    const picture = await decodePicture(canvasImage(format, 30, 20), 'picture');
    expect([picture.width, picture.height]).toEqual([30, 20]);
    const canvas = createCanvas(30, 20);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(picture, 0, 0);
    // The top-left quarter is yellow (#f1c40f), the rest red (#c0392b), as canvasImage paints them.
    const [red, green] = ctx.getImageData(2, 2, 1, 1).data;
    expect(red).toBeGreaterThan(200);
    expect(green).toBeGreaterThan(150);
    expect(ctx.getImageData(25, 15, 1, 1).data[1]).toBeLessThan(100);
  });

  it('turns a JPEG as its EXIF orientation says, as browsers show it', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#888' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const picture = await decodePicture(jpeg, 'photo');
    expect([picture.width, picture.height]).toEqual([20, 40]);
  });

  it('decodes the first frame of an animation only', async () => {
    const picture = await decodePicture(await sharpAnimation('gif', { width: 16, height: 8 }, 5), 'animation');
    expect([picture.width, picture.height]).toEqual([16, 8]);
  });

  it.each([
    ['the 35-byte GIF of a 23000x23000 frame', gifBytes({ width: 1, height: 1 }, [{ width: 23_000, height: 23_000 }])],
    ['a PNG whose IHDR says 30000x30000', pngBytes({ width: 30_000, height: 30_000 })],
    ['a JPEG whose SOF says 30000x30000', jpegClaiming({ width: 30_000, height: 30_000 })],
    ['an animated WebP of a 1x1 frame on a 16383x16383 canvas', webpBytes({ width: 16_383, height: 16_383 }, [{ width: 1, height: 1 }])],
  ])('refuses %s from its header, with the user\'s message', async (_label, bytes) => {
    const before = process.memoryUsage().rss;
    const error = await decodePicture(bytes, 'banner picture').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PictureRefusedError);
    expect(error).toMatchObject({ name: PICTURE_REFUSED_ERROR_NAME, reason: 'tooManyPixels', message: MiniSiteMessages.pictureTooManyPixels });
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  });

  it.each([
    ['bytes that are no picture', Buffer.from('not a picture')],
    ['a BMP (libvips has no BMP loader)', bmpImage(4, 4)],
  ])('refuses %s as unreadable', async (_label, bytes) => {
    await expect(decodePicture(bytes, 'logo')).rejects.toMatchObject({ reason: 'unreadable', message: MiniSiteMessages.pictureUnreadable });
  });

  it('finds the message of a refusal that crossed a thread (name and message only), and of nothing else', () => {
    const crossed = Object.assign(new Error(MiniSiteMessages.pictureUnreadable), { name: PICTURE_REFUSED_ERROR_NAME });
    expect(pictureRefusedMessage(crossed)).toBe(MiniSiteMessages.pictureUnreadable);
    expect(pictureRefusedMessage(new Error('render broke'))).toBeNull();
    expect(pictureRefusedMessage('PictureRefusedError')).toBeNull();
  });
});
