/**
 * The default pictures of the components' fields, by name in defaults/ (npm run builder-pictures
 * makes them): banner pictures are stills of the banner renderer's scenes, screenshots and
 * character cards are the site templates' default pictures (the same bytes, so git stores them
 * once), the logo comes from the logo renderer and the QR code from the QR encoder.
 */
import { defaultAssetUrl } from './assets';

/** The sample logo: the logo field's default in every head, banner and footer. */
export const DEFAULT_LOGO = 'logo.png';

/** A QR code that stands for an official account until the user uploads their own. */
export const DEFAULT_WECHAT_QR = 'qr-wechat.png';

/** Banner pictures: a still of each banner scene (ids of the banner styles) at 1600x900. */
export const BANNER_SCENES = { cloudsea: 14, palace: 8, cyber: 3, sakura: 5, dark: 11, ink: 2, warp: 4, mecha: 13 } as const;
export type BannerScene = keyof typeof BANNER_SCENES;

export const bannerPictureName = (scene: BannerScene): string => `banner-${scene}.webp`;

/**
 * Picture sets for content sections, each taken from one site template's defaults so that a
 * section's pictures belong to one world; each value is the id of a site template with characters.
 */
export const PICTURE_SETS = { palace: 1, ink: 5, jade: 7, royal: 11, candy: 13, pixel: 14, pets: 15, space: 18, sakura: 21, star: 22, campus: 23, snow: 24 } as const;
export type PictureSet = keyof typeof PICTURE_SETS;

export const GALLERY_PER_SET = 4;
export const FEATURES_PER_SET = 3;
export const ROLES_PER_SET = 4;

export const setPictureName = {
  gallery: (set: PictureSet, n: number): string => `${set}-shot-${n}.webp`,
  feature: (set: PictureSet, n: number): string => `${set}-feature-${n}.webp`,
  role: (set: PictureSet, n: number): string => `${set}-role-${n}.webp`,
};

export const defaultUrl = {
  logo: (): string => defaultAssetUrl(DEFAULT_LOGO),
  wechatQr: (): string => defaultAssetUrl(DEFAULT_WECHAT_QR),
  banner: (scene: BannerScene): string => defaultAssetUrl(bannerPictureName(scene)),
  gallery: (set: PictureSet, n: number): string => defaultAssetUrl(setPictureName.gallery(set, n)),
  feature: (set: PictureSet, n: number): string => defaultAssetUrl(setPictureName.feature(set, n)),
  role: (set: PictureSet, n: number): string => defaultAssetUrl(setPictureName.role(set, n)),
};
