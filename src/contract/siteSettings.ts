/**
 * The console's 站点设置 page (/api/admin/settings): every public setting `npm run site-config`
 * sets, read and written as one flat map of key -> text, the same keys the command line takes.
 */
import { TUTORIAL_TYPES, type SiteConfig, type TutorialType } from './common';
import { safeLinkHref } from './links';

export type SiteSettingKey = keyof SiteConfig;
export type TutorialSettingKey = `tutorial${TutorialType}`;
export type SettingKey = SiteSettingKey | TutorialSettingKey;
export type SettingsValues = Record<SettingKey, string>;

export const tutorialKey = (type: TutorialType): TutorialSettingKey => `tutorial${type}`;

/** What each setting is, for messages and the console's form (the order is the form's). */
export const SettingLabels: Record<SettingKey, string> = {
  logoUrl: 'Logo 图片',
  copyright: '版权信息',
  qq1: '反馈群号',
  qq1_link: '反馈群加群链接',
  qq1_url: '反馈群二维码',
  qq3: '交流群号',
  qq3_link: '交流群加群链接',
  qq4: '技术群号',
  qq4_link: '技术群加群链接',
  ad1_url: '广告1 图片',
  ad1_link: '广告1 链接',
  ad2_url: '广告2 图片',
  ad2_link: '广告2 链接',
  ...(Object.fromEntries(TUTORIAL_TYPES.map(({ type, label }) => [tutorialKey(type), `${label}教程视频`])) as Record<TutorialSettingKey, string>),
};

export const SETTING_KEYS = Object.keys(SettingLabels) as SettingKey[];

/** How each setting is checked: a picture of ours, a link, a video address, or plain text. */
export const SettingKinds: Record<SettingKey, 'picture' | 'link' | 'video' | 'text'> = {
  logoUrl: 'picture',
  copyright: 'text',
  qq1: 'text',
  qq1_link: 'link',
  qq1_url: 'picture',
  qq3: 'text',
  qq3_link: 'link',
  qq4: 'text',
  qq4_link: 'link',
  ad1_url: 'picture',
  ad1_link: 'link',
  ad2_url: 'picture',
  ad2_link: 'link',
  ...(Object.fromEntries(TUTORIAL_TYPES.map(({ type }) => [tutorialKey(type), 'video'])) as Record<TutorialSettingKey, 'video'>),
};

export const SettingsLimits = {
  /** A link or an address. */
  urlMaxLength: 500,
  /** The copyright line. */
  copyrightMaxLength: 200,
  /** A QQ group's number or name. */
  groupMaxLength: 30,
  /** An uploaded picture (logo, QR, ad). */
  uploadMaxBytes: 5 * 1024 * 1024,
  /** An uploaded tutorial video (MP4): a few minutes of 720p. */
  videoMaxBytes: 100 * 1024 * 1024,
} as const;

/** Where the pictures of the settings are served: the shipped ones, the QR made from qq1_link, and uploads. */
export const BRAND_URL_PREFIX = '/static/brand/';
export const BRAND_UPLOAD_URL_PREFIX = `${BRAND_URL_PREFIX}uploads/`;

/** GET /api/admin/settings */
export interface ConsoleSettings {
  /** As stored: '' hides an item (a picture, a group); for a video, '' is the shipped one. */
  values: SettingsValues;
  /** What a fresh install has. */
  defaults: SettingsValues;
  /** The settings whose value is the default one. */
  atDefault: SettingKey[];
}

/** PUT /api/admin/settings: the settings to change, by key (others are kept). Answers ConsoleSettings. */
export type SettingsUpdate = Partial<SettingsValues>;

/** POST /api/admin/settings/upload (multipart, field `image`): a picture for a setting. */
export interface SettingsUploadAnswer {
  url: string;
  width: number;
  height: number;
}

/** POST /api/admin/settings/uploadVideo (multipart, field `video`): an MP4 for a tutorial setting. */
export interface SettingsVideoUploadAnswer {
  url: string;
}

export const SettingsMessages = {
  saved: '站点设置已保存，所有页面立即生效',
  unchanged: '没有改动',
  pictureRefused: '图片须是上传到本站的图片（请用上传按钮）',
  fileMissing: '文件不存在，请重新上传',
  uploadTypeRefused: '只能上传 JPG、PNG、GIF 或 WebP 格式的图片',
  uploadTooLarge: `图片大小不能超过${SettingsLimits.uploadMaxBytes / 1024 / 1024}MB`,
  uploadFailed: '图片上传失败，请重试',
  uploadUnreadable: '图片已损坏或无法识别，请换一张',
  videoMissing: '请选择要上传的视频',
  videoTypeRefused: '只能上传 MP4 格式的视频',
  videoTooLarge: `视频大小不能超过${SettingsLimits.videoMaxBytes / 1024 / 1024}MB`,
  videoUnreadable: '视频已损坏或无法识别，请换一个（须含视频画面）',
  videoFailed: '视频上传失败，请重试',
} as const;

const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SettingLabels, key);

/** Our own pictures: a shipped or made one, or an upload (a server-made name). */
const OWN_PICTURE = /^\/static\/brand\/(?:uploads\/)?[A-Za-z0-9][A-Za-z0-9_-]*\.(?:svg|png|jpg|gif|webp)$/;
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f]/;
const HTTP_OR_PATH = /^(?:https?:\/\/[^\s/]+|\/(?!\/))/i;

/**
 * What is wrong with `value` for setting `key`, in Chinese, or null: the one check of the console's
 * form, its PUT and the command line. Links and videos are http(s) or a path of this site (never
 * javascript: or data:), pictures ours only: the pages' Content-Security-Policy shows no other.
 */
export function settingProblem(key: string, value: unknown): string | null {
  if (!isSettingKey(key)) return `不认识的设置：${key.slice(0, 40)}`;
  const label = SettingLabels[key];
  if (typeof value !== 'string') return `${label}必须是文字`;
  const kind = SettingKinds[key];
  const max = kind === 'text' ? (key === 'copyright' ? SettingsLimits.copyrightMaxLength : SettingsLimits.groupMaxLength) : SettingsLimits.urlMaxLength;
  if (value.length > max) return `${label}不能超过 ${max} 个字符`;
  if (CONTROL.test(value)) return `${label}不能包含换行或控制字符`;
  if (!value) return null;
  if (kind === 'picture') return OWN_PICTURE.test(value) ? null : `${label}：${SettingsMessages.pictureRefused}`;
  if (kind === 'link' || kind === 'video') return HTTP_OR_PATH.test(value) && safeLinkHref(value) ? null : `${label}必须是 http(s) 链接或本站路径（以 / 开头）`;
  return null;
}

/** The picture types the upload takes, as a browser names them. */
export const SETTINGS_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Why a picked video will not be sent (its type or size), or null: the server checks the bytes again. */
export function videoUploadProblem(file: { type: string; size: number; name: string }): string | null {
  if (file.type.toLowerCase() !== 'video/mp4' && !file.name.toLowerCase().endsWith('.mp4')) return SettingsMessages.videoTypeRefused;
  if (file.size > SettingsLimits.videoMaxBytes) return SettingsMessages.videoTooLarge;
  return null;
}

/** Why a picked file will not be sent (its type or size), or null: the server checks the bytes again. */
export function uploadProblem(file: { type: string; size: number }): string | null {
  if (!(SETTINGS_UPLOAD_TYPES as readonly string[]).includes(file.type.toLowerCase())) return SettingsMessages.uploadTypeRefused;
  if (file.size > SettingsLimits.uploadMaxBytes) return SettingsMessages.uploadTooLarge;
  return null;
}

/** The first problem of an update (an unknown key, a bad value), or null. */
export function updateProblem(update: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(update)) {
    const problem = settingProblem(key, value);
    if (problem) return problem;
  }
  return null;
}
