/**
 * The page builder, its result page and the back-office site list (spec screens 4, 5, 7, 8;
 * sections 3-5, 7 "Builder", 8, 9; DESIGN.md sections 5-8). Both sides import these shapes,
 * limits and messages.
 *
 * A builder site is a row owned by one user: which component template is chosen for each type,
 * and the values of every field of those templates (`formData`). Every change re-renders the
 * site's preview folder; `completeWeb` renders the final folder, zips it and marks it completed.
 */
import type { ConfigGroup } from './miniSite';

/** The component types (spec section 3, "Component selection per type"). */
export const COMPONENT_TYPES = ['main', 'head', 'banner', 'content', 'sidebar', 'footer', 'logo'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export function isComponentType(value: unknown): value is ComponentType {
  return typeof value === 'string' && (COMPONENT_TYPES as readonly string[]).includes(value);
}

/** The drawer's tabs, in order (spec screen 7). The logo is chosen and generated in the banner tab. */
export const BUILDER_TABS = ['main', 'head', 'banner', 'content', 'sidebar', 'footer'] as const;
export type BuilderTab = (typeof BUILDER_TABS)[number];

export const COMPONENT_TYPE_LABELS: Readonly<Record<ComponentType, string>> = {
  main: '整站配置',
  head: '导航栏',
  banner: 'BANNER',
  content: '内容区',
  sidebar: '侧边栏',
  footer: '页脚',
  logo: 'LOGO',
};

/**
 * The picker's list calls (spec section 7): POST /api/template/get<Type>List. `main` (complete site
 * configurations) is ours: the spec names no list call for it (DESIGN.md section 5).
 */
export const COMPONENT_LIST_PATHS: Readonly<Record<ComponentType, string>> = {
  main: '/api/template/getMainList',
  head: '/api/template/getHeadList',
  banner: '/api/template/getBannerList',
  content: '/api/template/getContentList',
  sidebar: '/api/template/getSidebarList',
  footer: '/api/template/getFooterList',
  logo: '/api/template/getLogoList',
};

/** Picker page size (spec section 9): 9, 10 for content and sidebar. */
export function componentPageSize(type: ComponentType): number {
  return type === 'content' || type === 'sidebar' ? 10 : 9;
}

/** One component template as a picker shows it and a site holds it (spec section 3). */
export interface ComponentTemplate {
  id: number;
  name: string;
  type: ComponentType;
  /** The picker card's picture of the rendered component (about 480 px wide). */
  url: string;
  /** A larger picture of the rendered component. */
  preview_image: string;
  /** The fields of this template, `value`s being the defaults. */
  config: ConfigGroup[];
}

/** POST /api/template/get<Type>List. `opt_ids`, when given, answers only those templates. */
export interface ComponentListRequest {
  page: number;
  opt_ids?: number[];
}
export interface ComponentListAnswer {
  data: ComponentTemplate[];
  current_page: number;
  per_page: number;
  total: number;
}

/** The chosen template id of every type. */
export type SelectedComponentIds = Record<ComponentType, number>;
/** The chosen template of every type, whole. */
export type SelectedComponents = Record<ComponentType, ComponentTemplate>;
/** Field key -> value, per type. Images, banners and logos hold URLs of this server's files. */
export type BuilderFormData = Record<ComponentType, Record<string, string>>;

export const SiteStatus = { editing: 1, completed: 2 } as const;
export type SiteStatusValue = (typeof SiteStatus)[keyof typeof SiteStatus];

/** Spec section 4: 1 editing, 2 completed, anything else unknown. */
export function siteStatusLabel(status: number): string {
  if (status === SiteStatus.editing) return '编辑中';
  if (status === SiteStatus.completed) return '已完成';
  return '未知';
}

/**
 * Everything the builder shows of a site: the answer of getWebUrl, getSelectConfig and of every
 * call that changes a site (saveConfig, setBannerPreview, setAllConfigLogo, setWebMusic).
 */
export interface BuilderSite {
  id: number;
  web_name: string;
  status: number;
  /** `/sites/<dir>/index.html?v=<revision>`: changes with every render, so a frame reloads. */
  previewUrl: string;
  /** The config of every chosen template (= selectedComponents[type].config). */
  configData: Record<ComponentType, ConfigGroup[]>;
  formData: BuilderFormData;
  selectedComponents: SelectedComponents;
  /** `/sites/<dir>/`: the preview folder. */
  templatePath: string;
  /**
   * How "generate banner" makes its picture, named honestly for the UI (DESIGN.md section 7): the
   * default provider's label says it draws generative art on our server, not AI.
   */
  bannerArtist: string;
  /**
   * The studio's own picture (an upload's URL) the banner picture is or was made from, '' for
   * none: the banner tab shows it as the 主视觉图 after 生成banner replaced the field's value.
   */
  bannerKeyArt: string;
  /**
   * The banner style (artPrompt.ts's ART_STYLES key) of the chosen banner template's scene, '' for
   * none: the 画面描述 the banner tab suggests paints in it.
   */
  bannerStyle: string;
}

/**
 * The game's identity as the builder receives it: what the studio typed once in any form, by the
 * site forms' keys (game_name, slogan, publisher, isbn, qr_url...). Fields still holding their
 * template's sample start from it: each key goes to the field of the same key in any tab, and
 * these two to the builder's own names for them.
 */
export type BuilderIdentity = Partial<Record<string, string>>;
export const IDENTITY_BUILDER_FIELDS: Readonly<Record<string, ReadonlyArray<readonly [ComponentType, string]>>> = {
  game_name: [['main', 'web_name']],
  slogan: [['banner', 'title']],
};

/**
 * POST /api/createWeb/getWebUrl. `id` is the site (0 makes a new one); `type` is the type whose
 * template changed: `main` applies a complete site configuration (every other type follows it),
 * any other type swaps that one component. The new templates bring their own pictures and sample
 * texts; what the user put in a field the new template shares (same key and type: a value other
 * than the old template's sample, typed, uploaded or generated) is kept.
 */
export interface GetWebUrlRequest {
  type: ComponentType;
  id: number;
  selectedComponents: Partial<SelectedComponentIds>;
  /** The game's identity: the new template's fields that would hold samples start from it. */
  identity?: BuilderIdentity;
}

/** POST /api/createWeb/getSelectConfig */
export interface SiteIdRequest {
  id: number;
}

/** POST /api/CreateWeb/saveConfig: the whole form; answers the site re-rendered. */
export interface SaveConfigRequest {
  id: number;
  previewUrl: string;
  formData: BuilderFormData;
  selectedComponents: Partial<SelectedComponentIds>;
}

/** POST /api/CreateWeb/completeWeb: validates every field, renders, zips, marks completed. */
export interface CompleteWebRequest {
  id: number;
  formData: BuilderFormData;
}
export interface ZipUrlAnswer {
  /** `/zips/.../<网站名>.zip` */
  url: string;
}

/**
 * POST /api/createWeb/generateBanner (60 s timeout): the banner tab's values (prompt, logo text)
 * and the chosen logo style make a banner picture and a logo through the queue.
 */
export interface GenerateBannerRequest {
  id: number;
  isFirst: boolean;
  formData: Record<string, string>;
}
export interface GenerateBannerAnswer {
  /** `/api/createWeb/bannerStatus?taskId=<id>`; '' with an inquiry. */
  callbackUrl: string;
  /**
   * Expected seconds from this answer to the result (the progress bar reaches 95 % at it), to a
   * tenth: a banner drawn here takes about half a second.
   */
  durationTime: number;
  isInquiry: boolean;
  waitCount: number;
  /** The banner is made already (an identical one, or this one within a second): the callback answers status 1 at once. */
  completed: boolean;
}

/** GET /api/createWeb/bannerStatus?taskId=: 0 waiting or rendering, 1 done. A failure is an error answer. */
export interface BannerStatusAnswer {
  status: 0 | 1;
  waitCount: number;
  msg: string;
  /** With status 1: what setBannerPreview takes, and the results. */
  bannerId: string;
  bannerUrl: string;
  logoUrl: string;
}

/** POST /api/createWeb/setBannerPreview: puts a generated banner into the site's banner field. */
export interface SetBannerPreviewRequest {
  id: number;
  bannerId: string;
}

/** POST /api/createWeb/setAllConfigLogo: the logo generated with the banner, into every logo field. */
export interface SetAllConfigLogoRequest {
  id: number;
  bannerLogo: { id: string; value: string };
}

/** POST /api/createWeb/setWebMusic: musicId 0 turns the music off. */
export interface SetWebMusicRequest {
  id: number;
  musicId: number;
  name: string;
}

/**
 * POST /api/Upload/siteFileUpload (multipart): field `image`, plus `id` (site), `type` (component
 * type) and `data` (the image field's key). Checks the site is the caller's and the field an image.
 */
export interface SiteFileUploadAnswer {
  /** `/uploads/<server-made name>` */
  url: string;
}

/** GET /api/webSiteLog/getSiteList?page&page_size&name */
export interface SiteListRequest {
  page: number;
  page_size: number;
  name?: string;
}
/** A site record (spec section 3); times are 'YYYY-MM-DD HH:mm:ss' in China time. */
export interface SiteRecord {
  id: number;
  web_name: string;
  status: number;
  create_time: string;
  update_time: string;
  /** Where the site is published (发布); '' when it is not. */
  published_url: string;
  /** Set while an operator has taken the published page down (内容审核): why, and whether review was asked. */
  takedown?: PublishedPageTakedown | null;
}

/** A published page an operator took down, as its owner's lists show it (申请复审 names the slug). */
export interface PublishedPageTakedown {
  slug: string;
  reason: string;
  reviewRequested: boolean;
}

/** POST /api/webSiteLog/publish: the site's stable link, and its QR code. */
export interface PublishAnswer {
  url: string;
  qrcode: string;
  /** The publish state only: set while an operator has taken the page down. */
  takedown?: PublishedPageTakedown | null;
}
export interface SiteListAnswer {
  list: SiteRecord[];
  total: number;
}

/**
 * Why a version of a site was kept: a 生成并下载, an hour of editing, or the draft a restore
 * replaced (so that a restore loses nothing).
 */
export const SITE_VERSION_REASONS = ['download', 'hourly', 'replaced'] as const;
export type SiteVersionReason = (typeof SITE_VERSION_REASONS)[number];

/** One kept version of a site, as 历史版本 lists it (newest first). */
export interface SiteVersion {
  id: number;
  reason: SiteVersionReason;
  /** The site's name in that version. */
  web_name: string;
  /** The version's first-screen picture (its banner, else its logo); '' when it has none. */
  picture: string;
  /** 'YYYY-MM-DD HH:mm:ss', China time, like the site list's times. */
  create_time: string;
}

/** GET /api/webSiteLog/getVersions?id= */
export interface SiteVersionsAnswer {
  list: SiteVersion[];
  /** The most versions a site keeps; the oldest go past it. */
  limit: number;
}

/** POST /api/webSiteLog/restoreVersion: version `versionId` of site `id` becomes its draft. */
export interface RestoreVersionRequest {
  id: number;
  versionId: number;
}

/** The versions after a restore; `restored` is false when the draft already was that version (nothing changed, nothing kept). */
export interface RestoreVersionAnswer extends SiteVersionsAnswer {
  restored: boolean;
}

/** POST /api/createWeb/phonePreview: a short-lived link to the site's preview, and its QR code. */
export interface PhonePreviewAnswer {
  url: string;
  /** The link as a QR code (a PNG data URL) for a phone's camera. */
  qrcode: string;
  /** When the link stops working (ms since 1970). */
  expiresAt: number;
}

/** Where a phone-preview link lives: /m/<token>/, the preview itself served under it. */
export const PHONE_PREVIEW_PATH = '/m/';

export const BuilderLimits = {
  /** How long a 手机预览 link works. */
  phonePreviewMinutes: 30,
  uploadMaxBytes: 2 * 1024 * 1024,
  uploadMimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  autoSaveDebounceMs: 1000,
  bannerPollMs: 2000,
  /** The progress bar's expected duration when the server gives none (spec section 9). */
  defaultBannerSeconds: 120,
  progressCap: 95,
  progressCloseDelayMs: 2000,
  siteListPageSizes: [10, 20, 50, 100],
  siteListDefaultPageSize: 10,
  webNameMax: 30,
  /** The banner tab's picture description (the provider's prompt). */
  promptMax: 200,
} as const;

export const BuilderMessages = {
  uploadFailed: '图片上传失败',
  imagesOnly: '只能上传图片',
  uploadTooLarge: '图片大小不能超过2MB',
  logoInBannerTab: 'LOGO需在banner菜单中一起生成',
  changeBannerFailed: '更换banner失败，请重试',
  configUpdateFailed: '配置更新失败',
  saveFailed: '保存失败',
  savedOffline: '网络已断开，修改已保留，恢复后将自动保存',
  siteUnknown: '网站不存在或不属于当前账号',
  templateUnknown: '组件模版不存在，请重新选择',
  templateRequired: '请选择模版',
  bannerFailed: '生成整屏动画失败',
  bannerUnknown: 'banner不存在或不属于当前账号',
  bannerNotReady: 'banner尚未生成完成',
  siteNotCompleted: '网站尚未生成完成，暂不能下载',
  completeSucceeded: '网站生成成功',
  completeFailed: '网站生成失败，请稍后重试',
  fieldUnknown: '配置项不存在',
  formInvalid: '表单验证失败, 请先检查表单',
  noSiteId: '网站ID不存在',
  versionUnknown: '该版本不存在或已被删除',
  versionsFailed: '获取历史版本失败',
  restoreSucceeded: '已恢复该版本，恢复前的内容已另存为一个版本',
  restoreUnneeded: '当前草稿与该版本相同，无需恢复',
  publishNeedsCompletion: '请先生成并下载网站，再发布',
  publishSucceeded: '发布成功',
  unpublishSucceeded: '网站已下线',
  notPublished: '该网站尚未发布',
  phonePreviewExpired: '预览链接已过期，请在电脑上重新生成“手机预览”的二维码',
  restoreFailed: '恢复版本失败，请重试',
} as const;

/** How 历史版本 names why a version was kept. */
export const SITE_VERSION_REASON_LABELS: Record<SiteVersionReason, string> = {
  download: '生成并下载',
  hourly: '编辑中自动保存',
  replaced: '恢复前的草稿',
};

/** Session storage keys (spec section 3: the site id and preview url live in session storage). */
export const BuilderSessionKeys = { siteId: 'builderSiteId', previewUrl: 'builderPreviewUrl' } as const;
