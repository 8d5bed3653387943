/**
 * The renderers' job vocabulary: what a render job is asked to make (its spec), what it answers,
 * the files of each kind and the failures whose message is for the user. The queue and the
 * modules speak it; it depends on nothing of the server outside render/, so that dependencies run
 * one way (modules -> queue -> render) and a render process needs nothing else.
 */
import { GENERATION_MODULES, type BannerTexts, type GenerationModule, type LogoTexts } from '../../contract/generation';

/**
 * Bump when a renderer's output changes: it is part of every job's identity (so an identical
 * request renders anew instead of answering the old picture) and names the catalogue folder.
 */
export const RENDERER_VERSION = 'r4';

/**
 * The kinds of user job: one per generation module (spec section 9), and the builder's banner
 * (`ab`), which only the builder submits: the public logoCreate call accepts modules alone.
 */
export type UserJobKind = GenerationModule | 'ab';
export const USER_JOB_KINDS: readonly UserJobKind[] = [...GENERATION_MODULES, 'ab'];

export interface LogoJobSpec {
  kind: 'tl' | 'al';
  logoStyle: number;
  texts: LogoTexts;
}

export interface BannerJobSpec {
  kind: 'fsa';
  logoStyle: number;
  bannerStyle: number;
  texts: LogoTexts;
  bannerTexts: BannerTexts;
  /**
   * The studio's key art: an upload's file name (KEY_ART_NAME_PATTERN) in DATA_DIR/uploads/. The
   * queue puts a copy in the render's folder as KEY_ART_INPUT before it renders (render/ reads no
   * folder of the server's), and the video is drawn over it instead of the style's scene.
   */
  keyArt?: string;
  /**
   * AI生成主视觉: who paints the key art (`provider`, an id from render/aiBanner/config.ts, never a
   * secret), its UI name (`label`) and the description. Without `keyArt` the render paints it first
   * (JOB_FILES.fsa.keyArt) and draws the video over it as over an upload; with `keyArt` (the AI's
   * picture kept as an upload: a render again) nothing is painted and this names the maker.
   */
  aiKeyArt?: AiKeyArt;
}

export interface AiKeyArt {
  provider: string;
  label: string;
  prompt: string;
}

/** Whether a banner spec asks its render to paint the key art (AI, and no picture yet). */
export const paintsKeyArt = (spec: BannerJobSpec): spec is BannerJobSpec & { aiKeyArt: AiKeyArt } => Boolean(spec.aiKeyArt && !spec.keyArt);

/**
 * Where a render is, as it reports it besides its share done: painting the key art (an AI service,
 * the slow and uncertain part), then drawing and encoding the video.
 */
export type RenderStage = 'painting' | 'video';

/** A render's report: the share of its frames drawn (0 to 1) and, when it moves on, its stage. */
export type RenderProgress = (share: number, stage?: RenderStage) => void;

/** An upload's server-made file name: the only key art a spec may name. */
export const KEY_ART_NAME_PATTERN = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

/** The key art's copy in a render's output folder; the renderer removes it once read. */
export const KEY_ART_INPUT = 'key-art.input';

/** A banner's landscape MP4, copied into its WebM's render folder; removed once read. */
export const BANNER_VIDEO_INPUT = 'banner-video.input';
/** A banner's phone cut (MP4), copied into its WebM's render folder; removed once read. */
export const PORTRAIT_VIDEO_INPUT = 'banner-portrait-video.input';

/**
 * The builder's banner picture (DESIGN.md section 7): the art of `provider` (an id from
 * render/aiBanner/config.ts, never a secret: specs are stored in the database) for `prompt`, and
 * the logo of `logoStyle` with `logotext` beside it.
 */
export interface BuilderBannerJobSpec {
  kind: 'ab';
  logoStyle: number;
  logotext: string;
  prompt: string;
  provider: string;
  /**
   * The studio's key art (an upload's file name, as BannerJobSpec's): the banner picture is made
   * from it instead of asking `provider` for art.
   */
  keyArt?: string;
}

export type UserJobSpec = LogoJobSpec | BannerJobSpec | BuilderBannerJobSpec;

/** The gallery pictures of one style, made from the sample texts. */
export interface CatalogJobSpec {
  kind: 'catalog-logo' | 'catalog-banner';
  styleId: number;
}

/**
 * The brand kit of a finished logo (tl or al): the logo's texts and style again, rendered after
 * the logo itself, so that the picture the user waits for comes first. Its files go into the logo's
 * zip under a folder of their own.
 */
export interface BrandKitJobSpec {
  kind: 'brand-kit';
  logoStyle: number;
  texts: LogoTexts;
}

/**
 * The phone cut of a finished banner (job `jobId`): its portrait video (1080x1920, laid out for
 * it) with its poster, rendered after the MP4 the user waits for. The queue stages the key art.
 */
export interface BannerCutsJobSpec {
  kind: 'banner-cuts';
  jobId: string;
  banner: BannerJobSpec;
}

/**
 * The WebM of a finished banner (job `jobId`) and of its phone cut, transcoded from their MP4s
 * (the frames as the user saw them), which the queue stages: made after the phone cut, so that
 * the phone cut does not wait for them.
 */
export interface BannerWebmJobSpec {
  kind: 'banner-webm';
  jobId: string;
}

/** Renders that serve no single poll: gallery pictures, brand kits and banner cuts (RenderQueue.renderGallery). */
export type SideJobSpec = CatalogJobSpec | BrandKitJobSpec | BannerCutsJobSpec | BannerWebmJobSpec;

export type RenderSpec = UserJobSpec | SideJobSpec;
export type RenderKind = RenderSpec['kind'];

export interface RenderResult {
  /** Names of the files written into the output folder, in a stable order. */
  files: string[];
}

/**
 * The files of each kind. `al`'s result is an animated WebP, which every current browser shows (and
 * animates) in an <img>, with the still PNG beside it for places that need one.
 */
export const JOB_FILES = {
  tl: { logo: 'logo.png' },
  al: { logo: 'logo.webp', idle: 'logo-idle.webp', still: 'logo-still.png' },
  // keyArt: only when the render painted it (AI生成主视觉).
  fsa: { logo: 'logo.png', video: 'banner.mp4', poster: 'banner-poster.jpg', keyArt: 'key-art.jpg' },
  ab: { banner: 'banner.jpg', logo: 'logo.png' },
  'catalog-logo': { thumbnail: 'thumbnail.jpg', preview1: 'preview1.jpg', preview: 'preview.jpg' },
  'catalog-banner': { thumbnail: 'thumbnail.jpg', video: 'preview.mp4', poster: 'poster.jpg' },
  // ASCII names in storage; the zip gives the guide its Chinese name (BRAND_GUIDE_ZIP_NAME).
  'brand-kit': {
    svg: 'logo.svg',
    appIcon: 'app-icon-1024.png',
    icon512: 'icon-512.png',
    icon192: 'icon-192.png',
    appleTouch: 'apple-touch-icon.png',
    favicon: 'favicon.ico',
    avatar: 'avatar-400.png',
    onLight: 'logo-on-light.png',
    onDark: 'logo-on-dark.png',
    oneColour: 'logo-one-colour.png',
    guide: 'brand-guide.html',
  },
  'banner-cuts': { portrait: 'banner-portrait.mp4', portraitPoster: 'banner-portrait-poster.jpg' },
  'banner-webm': { portraitWebm: 'banner-portrait.webm', webm: 'banner.webm' },
} as const satisfies Record<RenderKind, Record<string, string>>;

/** The phone cut of a banner: portrait, the landscape's height across. */
export const BANNER_PORTRAIT_SIZE = { width: 1080, height: 1920 } as const;

/** What the brand guide is called in a zip. */
export const BRAND_GUIDE_ZIP_NAME = '品牌规范.html';

/** Gallery picture sizes (CSS pixels of the SPA's cards and dialogs, at about 1.5x). */
export const CATALOG_SIZES = {
  logoThumbnail: { width: 360, height: 220 },
  logoPreview1: { width: 800, height: 480 },
  logoPreview: { width: 1200, height: 675 },
  bannerVideo: { width: 960, height: 540, seconds: 5, fps: 25 },
  bannerThumbnail: { width: 480, height: 270 },
} as const;

/**
 * The logo a banner's gallery preview carries: a style that suits its scene, so the gallery shows
 * a pairing a user would choose rather than the same logo fourteen times.
 */
export const BANNER_PREVIEW_LOGO_STYLE: Readonly<Record<number, number>> = {
  1: 1,
  2: 2,
  3: 6,
  4: 26,
  5: 12,
  6: 13,
  7: 19,
  8: 18,
  9: 5,
  10: 8,
  11: 10,
  12: 23,
  13: 9,
  14: 15,
};

/** The logo text of any user job: zips and sites name their files after it. */
export function logoTextOf(spec: UserJobSpec): string {
  return spec.kind === 'ab' ? spec.logotext : spec.texts.logotext;
}

/**
 * A render failure whose message is for the user (in Chinese): an image service's answer, say.
 * Recognised by name, because errors cross the worker thread as name and message only. Every
 * other failure is shown as the generic message, so that no internal detail reaches a visitor.
 */
export const USER_FACING_ERROR_NAME = 'RenderUserFacingError';

export class RenderUserFacingError extends Error {
  override name = USER_FACING_ERROR_NAME;
}

export function userFacingMessage(error: unknown): string | null {
  return error instanceof Error && error.name === USER_FACING_ERROR_NAME && error.message ? error.message : null;
}
