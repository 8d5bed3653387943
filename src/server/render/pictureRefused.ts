/**
 * The refusal of render/picture.ts's decoder, apart from it so that the API's thread can read a
 * failed render's message without loading canvas or the decoder.
 */
import { MiniSiteMessages } from '../../contract/miniSite';

/** Recognised by name, because errors cross the worker threads as name and message only. */
export const PICTURE_REFUSED_ERROR_NAME = 'PictureRefusedError';

/** A picture the render refuses to decode; its message is for the user (in Chinese). */
export class PictureRefusedError extends Error {
  override name = PICTURE_REFUSED_ERROR_NAME;

  constructor(
    readonly reason: 'tooManyPixels' | 'unreadable',
    options?: ErrorOptions,
  ) {
    super(reason === 'tooManyPixels' ? MiniSiteMessages.pictureTooManyPixels : MiniSiteMessages.pictureUnreadable, options);
  }
}

/** The user's message of a refused picture, also after the error crossed a thread; null for any other error. */
export function pictureRefusedMessage(error: unknown): string | null {
  return error instanceof Error && error.name === PICTURE_REFUSED_ERROR_NAME && error.message ? error.message : null;
}
