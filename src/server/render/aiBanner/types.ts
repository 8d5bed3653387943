/**
 * The builder's banner art (DESIGN.md section 7): a provider turns the banner tab's texts into a
 * picture. The default draws generative art on this server; an HTTP provider asks an
 * image-generation service. Both answer image bytes the job turns into banner.jpg.
 */
import type { BannerArtDescriptor } from './config';

export interface BannerArtRequest {
  /** The user's picture description (the banner tab's prompt field). */
  prompt: string;
  /** The site's title or logo text: part of the seed, so equal prompts on two sites differ. */
  title: string;
  width: number;
  height: number;
  signal: AbortSignal;
}

export interface BannerArtProvider extends BannerArtDescriptor {
  /**
   * Image bytes (PNG, JPEG...), best a JPEG of `width` x `height` at BANNER_JPEG_QUALITY, which
   * the job keeps as it is; rejects with a RenderUserFacingError the user may read.
   */
  paint(request: BannerArtRequest): Promise<Buffer>;
}

/** The banner's size: a full-HD backdrop, like the banner videos. */
export const BANNER_ART_SIZE = { width: 1920, height: 1080 } as const;

/** The banner is a page's backdrop, 1920 wide: 85 keeps it sharp at half the bytes of 95. */
export const BANNER_JPEG_QUALITY = 85;
