/**
 * The mini-site flow (spec screens 9-11, sections 3-5, 7 "Mini site", 9; DESIGN.md sections 5, 7, 8):
 * site templates and their categories, a template's dynamic config, the music list, image uploads,
 * site creation and its zip. Both sides import these shapes, limits and messages.
 */
import { textLength } from './generation';

/** POST /index/minisite/getTemplateCategory -> data.data */
export interface SiteCategory {
  id: number;
  name: string;
}

/** POST /index/minisite/getTemplateList; category_id 0 means every category. */
export interface SiteTemplateListRequest {
  category_id: number;
  per_page: number;
  page: number;
}

/** A site template (spec section 3, "Site template"); the list answer is a TemplatePage of these. */
export interface SiteTemplate {
  id: number;
  name: string;
  category_id: number;
  /** A picture of the rendered template for the grid card (4:3, about 480x360). */
  thumbnail: string;
  /** A full-page picture of the rendered template for the preview dialog (desktop width). */
  preview_image: string;
  /**
   * The same page as a phone shows it (SITE_PHONE_PREVIEW), for the preview dialog on a narrow
   * screen. A template chosen before this field existed, kept in localStorage, has none: readers
   * fall back to preview_image.
   */
  preview_image_phone: string;
  /** The banner style this template is designed around; the config page preselects it. */
  banner_id: number;
}

/**
 * A template's phone picture: its whole page at a phone's width in CSS px, kept at `pixelRatio`
 * pixels per CSS px (the picture is cssWidth x pixelRatio wide). The preview dialog shows it at
 * cssWidth, the size a phone shows the page itself.
 */
export const SITE_PHONE_PREVIEW = { cssWidth: 390, pixelRatio: 1.5 } as const;

/** The field types of a template config (spec section 3, "Template config"). */
export const CONFIG_FIELD_TYPES = ['text', 'textarea', 'music', 'image', 'banner', 'banner_logo', 'video'] as const;
export type ConfigFieldType = (typeof CONFIG_FIELD_TYPES)[number];

/**
 * One field of a template config. `key` names it in the create call's `config`; `name` is its label.
 * - text / textarea: the text itself.
 * - image: an upload's shortUrl (`/uploads/<name>`), or the template's own default picture URL.
 * - music: a music item's `value` ('' = no music).
 * - banner / banner_logo: filled by the generated banner video / logo; shown, not typed.
 * - video: an optional http(s) link to a video (a trailer button), '' for none.
 */
export interface ConfigField {
  key: string;
  name: string;
  type: ConfigFieldType;
  value: string;
  /** Maximum length for text and textarea (spec: text 100, textarea 500; default 255 when absent). */
  len?: number;
  tips?: string;
  /**
   * A text the site can do without (licence numbers, links): it may stay empty, and an empty one
   * leaves its line or button out of the site rather than printing a placeholder.
   */
  optional?: boolean;
  /** The grey hint an empty field shows: an example of the format, never a value. */
  placeholder?: string;
  /**
   * A value any game's site keeps on purpose (a news tag, 立即下载, a footer link's label, the
   * 健康游戏忠告): not another game's content, so the check before generating never lists it.
   */
  generic?: boolean;
}

export interface ConfigGroup {
  name: string;
  children: ConfigField[];
}

/** POST /index/minisite/getTemplateConfig {templateId} */
export interface TemplateConfigRequest {
  templateId: number;
}
export interface TemplateConfigAnswer {
  config: ConfigGroup[];
  logoCreationDuration: number;
}

/** POST /index/minisite/getMusicList -> data.data (spec section 3, "Music item"). */
export interface MusicItem {
  id: number;
  name: string;
  /** Absolute-path URL to listen to it (under `/generated/catalog/music/`). */
  url: string;
  shortUrl: string;
  /** What a music field holds when this track is chosen. */
  value: string;
}

/** POST /index/minisite/upload (multipart, field `image`) */
export interface UploadAnswer {
  /** `/uploads/<server-made name>`: what an image field holds. */
  shortUrl: string;
  /** The same file as an absolute URL when the server knows its public origin, else shortUrl. */
  url: string;
}

/** POST /index/minisite/createSite (login required) */
export interface CreateSiteRequest {
  templateId: number;
  /** The logo style the logo was generated with. */
  logoId: number;
  /** A logo PNG this server generated (`/generated/...`). */
  logoUrl: string;
  bannerId: number;
  /** A banner MP4 this server generated (`/generated/...`). */
  bannerUrl: string;
  /** Field key -> value, for the template's fields (spec section 5, "Dynamic config fields"). */
  config: Record<string, string>;
}
export interface CreateSiteAnswer {
  /** `/sites/<webSiteDir>/index.html` */
  previewUrl: string;
  webSiteDir: string;
}

/** POST /index/minisite/getDownloadZipUrl (login required; only the creator's site) */
export interface SiteZipRequest {
  webSiteDir: string;
}

export const MiniSiteLimits = {
  templatePageSize: 12,
  textMax: 100,
  textareaMax: 500,
  /** The input length when a text field gives no `len` (spec section 5). */
  defaultTextLen: 255,
  uploadMaxBytes: 50 * 1024 * 1024,
  /** The most pixels of one picture, and of each frame of an animated one (DESIGN.md section 8). */
  uploadMaxPixels: 40_000_000,
  /**
   * The most pixels an animated picture (GIF, APNG, animated WebP) may make, summed over its frames:
   * what a viewer (a browser, or our decoder) must paint to play it once. Each frame counts as a
   * whole picture of the canvas it is shown on, or its own size when larger, so that many small
   * frames on a large canvas cost what they really cost. 200 megapixels are about 95 frames of
   * 1920x1080: a banner animation of some seconds passes, an animation made to stall a decoder does not.
   */
  uploadMaxAnimationPixels: 200_000_000,
  uploadMimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp'],
  uploadExtensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.bmp'],
  /** Spec section 9: the preview dialog's picture appears after this delay. */
  previewDialogDelayMs: 100,
  /** A webSiteDir is 32 lowercase hex characters, made by the server. */
  webSiteDirPattern: /^[0-9a-f]{32}$/,
} as const;

export const MiniSiteMessages = {
  noTemplates: '暂无模版数据',
  siteTemplateRequired: '请选择网站模版',
  siteTemplateMissing: '网站模版不存在，请重新选择',
  logoTemplateRequired: '请选择LOGO模版',
  bannerTemplateRequired: '请选择BANNER模版',
  logoFirst: '请先生成LOGO',
  bannerFirst: '请先生成整屏动画',
  imageRequired: '请上传图片',
  uploadTypeRefused: '只能上传 jpeg、png、gif、webp、bmp 格式的图片',
  uploadTooLarge: '图片大小不能超过50MB',
  uploadTooManyPixels: '图片像素不能超过4000万',
  uploadFrameTooManyPixels: '动图每一帧的像素不能超过4000万',
  uploadAnimationTooManyPixels: '动图所有帧的像素合计不能超过2亿，请减少帧数或尺寸',
  uploadUnreadable: '图片已损坏或无法识别，请换一张',
  uploadMissing: '请选择要上传的图片',
  uploadFailed: '图片上传失败',
  imageUnknown: '图片不存在，请重新上传',
  musicUnknown: '背景音乐不存在，请重新选择',
  videoLinkInvalid: '视频链接必须以 http:// 或 https:// 开头',
  resultUnknown: 'LOGO或整屏动画不存在，请重新生成',
  createSucceeded: '网站生成成功',
  createFailed: '网站生成失败，请稍后重试',
  /** A picture the site render must decode (a logo, the banner picture) is too large to decode. */
  pictureTooManyPixels: '网站使用的图片像素超过4000万，无法生成网站，请更换图片',
  /** ... or is not a picture the render can read. */
  pictureUnreadable: '网站使用的图片已损坏或无法识别，无法生成网站，请更换图片',
  siteUnknown: '网站不存在或不属于当前账号',
  configInvalid: '网站配置有误，请检查后重试',
  formInvalid: '表单验证失败, 请先检查表单',
} as const;

export function fieldRequiredMessage(field: Pick<ConfigField, 'name' | 'type'>): string {
  return field.type === 'image' ? MiniSiteMessages.imageRequired : `请输入${field.name}`;
}

/** The most characters a text or textarea field takes: its `len`, capped by the spec's limit. */
export function fieldMaxLength(field: Pick<ConfigField, 'type' | 'len'>): number {
  const cap = field.type === 'textarea' ? MiniSiteLimits.textareaMax : MiniSiteLimits.textMax;
  return Math.min(field.len ?? cap, cap);
}

/**
 * The problem with one field's value, or null (spec section 5: text required, max 100; textarea
 * required, max 500; image required). Music, banner, banner_logo and video are checked elsewhere:
 * music against the list, banner and banner_logo are the generated results, video is optional.
 */
export function configFieldProblem(field: ConfigField, value: string | undefined): string | null {
  const text = value ?? '';
  if (field.type === 'text' || field.type === 'textarea') {
    if (!text.trim()) return field.optional ? null : fieldRequiredMessage(field);
    const max = fieldMaxLength(field);
    return textLength(text) > max ? `${field.name}长度不能超过${max}个字符` : null;
  }
  if (field.type === 'image') return text ? null : MiniSiteMessages.imageRequired;
  if (field.type === 'video') return text === '' || /^https?:\/\/\S+$/i.test(text) ? null : MiniSiteMessages.videoLinkInvalid;
  return null;
}

/**
 * Where the templates' own pictures are served (the site templates' and the builder components'
 * defaults/): a picture field whose value is under one is still a sample, whichever template it
 * came from; the user's pictures are uploads, served elsewhere.
 */
export const SAMPLE_PICTURE_PREFIXES = ['/site-templates/defaults/', '/builder-assets/defaults/'] as const;

/** True when a picture field's value is one of the templates' own pictures, not the user's. */
export function isSamplePicture(url: string): boolean {
  let path = url;
  try {
    path = new URL(url, 'http://local').pathname;
  } catch {
    return false;
  }
  return SAMPLE_PICTURE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Every field of a config, in order. */
export function configFields(groups: readonly ConfigGroup[]): ConfigField[] {
  return groups.flatMap((group) => group.children);
}

/**
 * `text` with the sample games' names (the template's own, which its sample news and texts carry)
 * replaced by the user's game name; unchanged while the user has none.
 */
export function withOwnName(text: string, ownName: string, sampleNames: readonly string[]): string {
  if (!ownName) return text;
  // A sample inside the user's own name ('甜心消消' in '甜心消消乐') is left alone: replacing it would double the name.
  return sampleNames.reduce((result, sample) => (!sample || ownName.includes(sample) ? result : result.replaceAll(sample, ownName)), text);
}
