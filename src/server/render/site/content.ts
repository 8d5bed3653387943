/**
 * Turns a render request into what the page shows: every text with the template's default where
 * the request has none, every link checked (http(s) only, anything else becomes '#'), and every
 * file named by its place in the site folder. Pure: no file is read or written here.
 */
import path from 'node:path';
import { configFields, withOwnName, type ConfigField } from '../../../contract/miniSite';
import { templateAssetPath } from './assets';
import type { NewsItem } from './copy';
import { FEATURE_COUNT, FIELD_KEYS, GALLERY_COUNT, NEWS_COUNT, ROLE_COUNT } from './fields';
import { genreSamplePicture } from './genrePictures';
import type { SiteRenderInput, SiteTemplateDefinition, SourceFile } from './types';

export interface Feature {
  title: string;
  desc: string;
  image: string;
}

export interface Role {
  name: string;
  title: string;
  desc: string;
  image: string;
}

/** Paths relative to the site folder. */
export interface SiteAssets {
  js: string;
  logo: string;
  video: string;
  /** The video's copy for narrow screens (phoneVideo.ts), written by the renderer. */
  videoPhone: string;
  poster: string;
  /** The phone cut for a phone held upright (a copy written by the renderer) and its poster; null without one. */
  portrait: { video: string; poster: string } | null;
  music: string | null;
  favicon: string;
  share: string;
  /** Null when there is no download link for a QR code to say. */
  qr: string | null;
}

export interface SiteContent {
  name: string;
  slogan: string;
  intro: string;
  /** An http(s) link to a trailer, or null. */
  trailer: string | null;
  /** Each download link, or null when the user left it empty (its button is left out). */
  download: { note: string; ios: string | null; android: string | null; pc: string | null };
  news: NewsItem[];
  features: Feature[];
  roles: Role[];
  gallery: string[];
  compliance: { publisher: string; copyrightOwner: string; isbn: string; approval: string; icp: string; healthAdvice: string };
  copyright: string;
  assets: SiteAssets;
}

/** A file copied into the site: `from` on this server, `to` relative to the site folder. */
export interface SiteCopy {
  from: string;
  to: string;
}

export interface SitePlan {
  content: SiteContent;
  /** What the QR code says: the download link, or null (no QR code) when there is no http(s) link. */
  qrText: string | null;
  copies: SiteCopy[];
}

const HTTP_LINK = /^https?:\/\/[^\s"'<>`\\]+$/i;

/** The link if it is a well-formed http(s) URL, else null (javascript:, data:, relative paths...). */
export function httpLink(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (!HTTP_LINK.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? text : null;
  } catch {
    return null;
  }
}

/** Lowercase picture/media extension of a source file, or `fallback` when it has none we know. */
function extensionOf(file: string, allowed: readonly string[], fallback: string): string {
  const ext = path.extname(file).toLowerCase();
  return allowed.includes(ext) ? ext : fallback;
}

const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.bmp', '.svg'];
const MUSIC_EXTENSIONS = ['.mp3', '.ogg', '.m4a', '.aac', '.wav', '.opus', '.webm'];

/** Site-relative names that never depend on a server path, so a template's markup is stable. */
export const ASSET_NAMES = {
  js: 'assets/site.js',
  logo: 'assets/logo.png',
  favicon: 'assets/favicon.png',
  share: 'assets/share.png',
  qr: 'assets/qr-download.png',
  videoPhone: 'assets/banner-phone.mp4',
  videoPortrait: 'assets/banner-portrait.mp4',
  fontsDir: 'assets/fonts',
} as const;

/** Whether the site has anything to download: a button or a QR code. */
export function hasDownloads(content: SiteContent): boolean {
  const { ios, android, pc } = content.download;
  return Boolean(ios || android || pc || content.assets.qr);
}

export function planSite(template: SiteTemplateDefinition, input: SiteRenderInput): SitePlan {
  const fields = new Map<string, ConfigField>(configFields(template.config).map((field) => [field.key, field]));
  const rawTextOf = (key: string): string => {
    const given = input.texts[key];
    return typeof given === 'string' ? given : (fields.get(key)?.value ?? '');
  };
  const k = FIELD_KEYS;
  // The template's sample game is never the user's: wherever a text still names it, the user's name stands.
  const ownName = rawTextOf(k.gameName).trim();
  const sampleNames = [fields.get(k.gameName)?.value ?? ''];
  const textOf = (key: string): string => (key === k.gameName ? rawTextOf(key) : withOwnName(rawTextOf(key), ownName, sampleNames));
  const copies: SiteCopy[] = [];
  const copy = (from: string, to: string): string => {
    copies.push({ from, to });
    return to;
  };
  const imageOf = (key: string): string => {
    const sample = fields.get(key)?.value ?? '';
    const ownDefault = templateAssetPath(sample);
    // The form sends the template's own default where nothing was uploaded: that is no choice of the user's.
    const source: SourceFile | undefined = input.images[key]?.path === ownDefault ? undefined : input.images[key];
    // Where the user uploaded nothing, the sample picture of the world the game's banner is in.
    const fallback = templateAssetPath(genreSamplePicture(sample, template, input.bannerId)) ?? ownDefault;
    const from = source?.path ?? fallback;
    if (!from) throw new Error(`Site template ${template.id}: no picture for ${key}`);
    return copy(from, `assets/images/${key}${extensionOf(from, IMAGE_EXTENSIONS, '.img')}`);
  };
  const has = (key: string): boolean => fields.has(key);
  const count = (n: number, first: (i: number) => string): number[] => Array.from({ length: n }, (_, i) => i + 1).filter((i) => has(first(i)));

  const qrText = httpLink(textOf(k.qrUrl));
  const assets: SiteAssets = {
    js: ASSET_NAMES.js,
    logo: copy(input.logo.path, ASSET_NAMES.logo),
    video: copy(input.bannerVideo.path, `assets/banner${extensionOf(input.bannerVideo.path, ['.mp4', '.webm'], '.mp4')}`),
    videoPhone: ASSET_NAMES.videoPhone,
    poster: copy(input.bannerPoster.path, `assets/banner-poster${extensionOf(input.bannerPoster.path, IMAGE_EXTENSIONS, '.jpg')}`),
    portrait: input.bannerPortrait
      ? {
          video: ASSET_NAMES.videoPortrait,
          poster: copy(input.bannerPortrait.poster.path, `assets/banner-portrait-poster${extensionOf(input.bannerPortrait.poster.path, IMAGE_EXTENSIONS, '.jpg')}`),
        }
      : null,
    music: input.music ? copy(input.music.path, `assets/music${extensionOf(input.music.path, MUSIC_EXTENSIONS, '.mp3')}`) : null,
    favicon: ASSET_NAMES.favicon,
    share: ASSET_NAMES.share,
    qr: qrText ? ASSET_NAMES.qr : null,
  };
  const content: SiteContent = {
    name: textOf(k.gameName),
    slogan: textOf(k.slogan),
    intro: textOf(k.intro),
    trailer: httpLink(textOf(k.trailer)),
    download: { note: textOf(k.downloadNote), ios: httpLink(textOf(k.iosUrl)), android: httpLink(textOf(k.androidUrl)), pc: httpLink(textOf(k.pcUrl)) },
    news: count(NEWS_COUNT, k.newsTitle).map((i) => ({ tag: textOf(k.newsTag(i)), title: textOf(k.newsTitle(i)), date: textOf(k.newsDate(i)) })),
    features: count(FEATURE_COUNT, k.featureTitle).map((i) => ({
      title: textOf(k.featureTitle(i)),
      desc: textOf(k.featureDesc(i)),
      image: imageOf(k.featureImage(i)),
    })),
    roles: count(ROLE_COUNT, k.roleName).map((i) => ({
      name: textOf(k.roleName(i)),
      title: textOf(k.roleTitle(i)),
      desc: textOf(k.roleDesc(i)),
      image: imageOf(k.roleImage(i)),
    })),
    gallery: count(GALLERY_COUNT, k.gallery).map((i) => imageOf(k.gallery(i))),
    compliance: {
      publisher: textOf(k.publisher),
      copyrightOwner: textOf(k.copyrightOwner),
      isbn: textOf(k.isbn),
      approval: textOf(k.approval),
      icp: textOf(k.icp),
      healthAdvice: textOf(k.healthAdvice),
    },
    copyright: textOf(k.copyright),
    assets,
  };
  return { content, qrText, copies };
}
