/**
 * What every banner-art service's paint does around fetching its picture: a time limit of its own
 * (its message the user reads), the job's abort winning over it, and the bytes decoded within the
 * renderers' pixel limit and made the banner's JPEG.
 */
import { RenderUserFacingError } from '../jobSpec';
import { PictureRefusedError } from '../pictureRefused';
import { decodeImage, toBannerJpeg } from './image';
import type { BannerArtRequest } from './types';

export async function paintWithin(
  request: BannerArtRequest,
  timeoutMs: number,
  messages: { timedOut: (seconds: number) => string; tooLarge: string; imageUnreadable: string },
  fetchPicture: (signal: AbortSignal) => Promise<Buffer>,
): Promise<Buffer> {
  const timeout = new AbortController();
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const timer = setTimeout(() => timeout.abort(new RenderUserFacingError(messages.timedOut(seconds))), timeoutMs);
  const signal = AbortSignal.any([request.signal, timeout.signal]);
  try {
    const bytes = await fetchPicture(signal);
    let picture;
    try {
      picture = await decodeImage(bytes);
    } catch (error) {
      const tooLarge = error instanceof PictureRefusedError && error.reason === 'tooManyPixels';
      throw new RenderUserFacingError(tooLarge ? messages.tooLarge : messages.imageUnreadable, { cause: error });
    }
    return await toBannerJpeg(bytes, request, picture);
  } catch (error) {
    // The job's own abort (its timeout, a shutdown) wins over ours: the queue decides what follows.
    if (request.signal.aborted) throw request.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
