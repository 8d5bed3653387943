/**
 * Logo and full-screen banner generation (spec sections 3, 4, 5, 7, 9; DESIGN.md sections 5 and 6):
 * the template catalogues, the queue calls, the zip call, and the form rules both sides enforce.
 */
import { ART_PROMPT_MAX } from './artPrompt';
import type { Check } from './validation';

/** tl = transparent logo, al = animated logo, fsa = full-screen animation (banner). */
export const GENERATION_MODULES = ['tl', 'al', 'fsa'] as const;
export type GenerationModule = (typeof GENERATION_MODULES)[number];

export function isGenerationModule(value: unknown): value is GenerationModule {
  return typeof value === 'string' && (GENERATION_MODULES as readonly string[]).includes(value);
}

/** Logo and banner lists: 12 a page, 9 page buttons (spec section 9). */
export const TEMPLATE_PAGE_SIZE = 12;
export const TEMPLATE_PAGER_COUNT = 9;

/** POST /index/common/logo and /index/common/banner */
export interface TemplatePageRequest {
  per_page: number;
  page: number;
}
export interface TemplatePage<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
}

/** A logo style (spec section 3, "Logo template"). */
export interface LogoTemplate {
  id: number;
  name: string;
  /** Small picture for the style grid. */
  thumbnail: string;
  /** Larger picture shown on the config page and in the preview dialog. */
  preview_image1: string;
  /** The logo shown on a scene, as it would sit on a site. */
  preview_image: string;
}

/** A banner style (spec section 3, "Banner template"). */
export interface BannerTemplate {
  id: number;
  name: string;
  thumbnail: string;
  /** A short, small MP4 of the style with sample texts. */
  preview_video: string;
  /** The poster frame of the preview video. */
  preview_image: string;
}

/** The texts of the logo form (spec section 3, "Logo config"). */
export interface LogoTexts {
  logotext: string;
  rightsealtext: string;
  bottomsealtext: string;
  bottomtext: string;
}

/** The texts the banner form adds. */
export interface BannerTexts {
  bannertextup: string;
  bannertextdown: string;
}

/** POST /index/common/logoCreate. `banner` and the banner texts are used by module fsa only. */
export interface LogoCreateRequest extends LogoTexts, Partial<BannerTexts> {
  /** The chosen logo style id. */
  logobg: number;
  /** The chosen banner style id (module fsa). */
  banner?: number;
  /**
   * Module fsa: the studio's own key art, an uploaded picture's URL (/uploads/<name>, from the
   * mini site's upload call); the video is drawn over it instead of the style's scene. '' for none.
   */
  keyArt?: string;
  /**
   * Module fsa without `keyArt`: the picture description the configured AI service paints the key
   * art from (AI生成主视觉), within GenerationLimits.keyArtPromptMax. '' for none.
   */
  keyArtPrompt?: string;
  module: GenerationModule;
  isFirst: boolean;
}

/**
 * Who made the picture a banner is drawn over, as the UI names it honestly: an AI service (its
 * label), the studio's uploaded key art, or the style's scene drawn by our program. '' for a logo.
 */
export type ArtMaker = 'ai' | 'upload' | 'scene' | '';

/** Where a banner job is (GenerationStage): waiting its turn, the AI painting its key art, the video being made. */
export const GENERATION_STAGES = ['queued', 'painting', 'rendering'] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

/** What the progress dialog calls each stage. */
export const GENERATION_STAGE_LABELS: Readonly<Record<GenerationStage, string>> = {
  queued: '排队中',
  painting: 'AI绘制中',
  rendering: '视频合成中',
};

/** What a finished banner says of its picture: the maker, its label (an AI service's name) and the key art made or used. */
export interface BannerArtInfo {
  artMaker: ArtMaker;
  /** The AI service's own name (artMaker 'ai'); '' otherwise. */
  artMakerLabel: string;
  /** The key art the video was drawn over (an upload URL, the AI's picture kept as one); '' for the scene. */
  keyArtUrl: string;
}

/** How the UI names a banner's maker: never AI unless a service painted it. */
export function artMakerText(maker: ArtMaker, label: string): string {
  switch (maker) {
    case 'ai':
      return label ? `AI生成的主视觉（${label}）` : 'AI生成的主视觉';
    case 'upload':
      return '上传的主视觉';
    case 'scene':
      return '程序绘制的场景';
    default:
      return '';
  }
}

/** POST /index/common/getKeyArtProvider: whether AI生成主视觉 is offered, and by whom. */
export interface KeyArtProviderAnswer {
  /** True when an AI image service is configured (not the painter drawn here, which is no AI). */
  available: boolean;
  /** The service's name as the UI shows it; '' when none. */
  label: string;
}

export interface LogoCreateAnswer extends BannerArtInfo {
  /** The queue job to poll; '' when the answer is an inquiry. */
  uniqueId: string;
  /** More people are ahead than the server's threshold: ask the user before queueing. */
  isInquiry: boolean;
  /** The identical result exists already: the URLs are final. */
  exist: boolean;
  /** Jobs ahead of this one. */
  waitCount: number;
  logoUrl: string;
  bannerUrl: string;
  /**
   * The server's estimate of the seconds from this answer to the result (fractions included: a
   * logo takes a fraction of a second); 0 with `exist` and an inquiry. The progress bar aims at it.
   */
  expectedSeconds: number;
}

/** POST /index/common/logoPolling */
export interface LogoPollingRequest {
  uniqueId: string;
}
export interface LogoPollingAnswer extends BannerArtInfo {
  expired: boolean;
  /** Why the job failed or expired; '' otherwise. */
  errorMsg: string;
  waitCount: number;
  isCreate: boolean;
  logoUrl: string;
  bannerUrl: string;
  /**
   * While waiting: the seconds left by the server's estimate, which follows the render's own
   * progress (frames drawn) once it has some; 0 otherwise.
   */
  expectedSeconds: number;
  /** While waiting: where the job is; '' once it has ended. */
  stage: GenerationStage | '';
}

/**
 * POST /index/common/getLogoCreationDuration: the module, and the chosen styles when known (render
 * times differ by style: a light logo style takes a third of a heavy one).
 */
export interface LogoCreationDurationRequest {
  module: GenerationModule;
  logobg?: number;
  banner?: number;
}

/** POST /index/common/getLogoCreationDuration, and the value getTemplateConfig also carries. */
export interface LogoCreationDurationAnswer {
  /** Expected seconds from submit to result, to a tenth (a logo takes a fraction of a second). */
  logoCreationDuration: number;
}

/** POST /index/common/createZipUrlByFile */
export interface ZipByFileRequest {
  /** Names the zip after the game: '星河战纪-LOGO', '星河战纪-整屏动画' (contract/works resultZipName). */
  fileName: string;
  /** Result URLs this server generated. */
  fileList: string[];
  /**
   * Whether to wait (up to 15 s) for extras still being made (a logo's brand kit, a banner's cuts);
   * false packs those ready now and starts the others. Default true.
   */
  waitForExtras?: boolean;
}
export interface ZipAnswer {
  /** Ends in the zip's file name; the client names the download after it. */
  zipUrl: string;
}

/** POST /index/common/bannerCuts: a banner's phone cut and WebM videos, made after its MP4. */
export interface BannerCutsRequest {
  /** The banner's MP4, as its result named it. */
  bannerUrl: string;
}
export interface BannerCutsAnswer extends BannerArtInfo {
  /** False while any is being made (asking started them, ahead of idle work): ask again. */
  ready: boolean;
  /** How far the phone cut is, in whole percent of its frames: 0 while it waits for its turn, 100 once made. */
  portraitProgress: number;
  /**
   * The 1080x1920 phone cut and its poster (made first), its WebM and the landscape WebM (made
   * after it); each '' until made.
   */
  portraitUrl: string;
  portraitPosterUrl: string;
  portraitWebmUrl: string;
  webmUrl: string;
}

export const GenerationLimits = {
  logoTextMin: 1,
  logoTextMax: 6,
  sealTextMax: 4,
  bottomTextMax: 40,
  bannerTextMin: 15,
  bannerTextMax: 30,
  /** The inputs themselves accept up to this many characters; the rules above say what passes. */
  inputMaxLength: 100,
  /** Spec section 4: polls every 2000 ms; a job expected sooner is asked for sooner (pollDelayMs). */
  pollIntervalMs: 2_000,
  /** The soonest a poll follows the previous answer, however short the estimate. */
  pollMinIntervalMs: 250,
  /** Spec section 9: the logo default; the server's measured value overrides it. */
  defaultLogoSeconds: 180,
  defaultBannerSeconds: 60,
  navigateAfterSuccessMs: 1_500,
  zipFileNameMax: 40,
  /** AI生成主视觉's description: as long as the builder's 画面描述, well within 通义万相's 500. */
  keyArtPromptMax: ART_PROMPT_MAX,
  zipFileListMax: 10,
  /** The preview page asks for a banner's phone cut this often while it is made (its bar moves with it: about 5 s after the MP4)... */
  portraitPollMs: 1_000,
  /** ...then for its WebM videos this often (about 5 s more)... */
  cutsPollMs: 3_000,
  /** ...for at most this long in all: users' jobs rendering meanwhile make them late, not lost. */
  cutsWaitMaxMs: 180_000,
} as const;

export const GenerationMessages = {
  logoTextRequired: '请输入logo名称',
  logoTextLength: '长度在 1 到 6 个字符',
  sealTooLong: '长度必须小于 4 个字符',
  bottomTextTooLong: '长度必须小于 40 个字符',
  logoTemplateRequired: '请选择LOGO模版',
  bannerTemplateRequired: '请选择BANNER模版',
  bannerTextLength: '长度在 15 到 30 个字符',
  formInvalid: '表单验证失败, 请先检查表单',
  moduleInvalid: '请选择正确的生成类型',
  logoTemplateMissing: 'LOGO模版不存在，请重新选择',
  bannerTemplateMissing: 'BANNER模版不存在，请重新选择',
  keyArtGone: '主视觉图片不存在或已过期，请重新上传',
  keyArtBannerOnly: '只有整屏动画可以使用主视觉图片',
  keyArtPromptRequired: '请填写AI绘制主视觉的画面描述',
  keyArtPromptTooLong: `画面描述不能超过${GenerationLimits.keyArtPromptMax}个字符`,
  keyArtPromptInvalid: '画面描述不能包含控制字符或网页代码',
  keyArtAiUnavailable: 'AI生成主视觉暂未开启，请上传主视觉图片或使用动画风格的场景',
  keyArtBoth: '上传的主视觉与AI生成主视觉只能选择一种',

  logoSucceeded: 'LOGO生成成功',
  bannerSucceeded: '整屏动画生成成功',
  logoCreateFailed: '创建logo失败',
  bannerCreateFailed: '创建整屏动画失败',
  missingId: 'LOGO生成ID不存在',
  logoTimeout: 'LOGO生成超时',
  bannerTimeout: '整屏动画生成超时',
  pollFailed: '轮询失败',
  pollNetworkFailed: '轮询失败，请重试',
  bannerFailed: '生成整屏动画失败',
  queueTitle: '提示',
  generatingTitle: '正在生成中，请勿刷新页面',
  renderFailed: '生成失败，请稍后重试',
  /** The render was made but the file storage or the database stayed away for minutes: it could not be kept. */
  renderStoreUnavailable: '存储服务暂时不可用，生成失败，请稍后重试',
  renderTimedOut: '生成超时，请稍后重试',
  renderInterrupted: '生成多次中断，请重新提交',
  jobUnknown: '生成任务不存在或已过期，请重新生成',

  previewImageFailed: '预览图加载失败',
  previewImageDialog: '图片加载失败，请稍后重试',
  videoFailed: '视频加载失败，请检查网络或稍后重试',
  videoDialog: '视频加载失败，请稍后重试',
  /** A gallery picture still being rendered: the server's 503, and what a card shows while it asks again. */
  galleryPictureRendering: '图片生成中，请稍候',
  zipEmpty: '获取下载文件失败',
  downloadStarted: '文件开始下载',
  zipFileRefused: '只能打包本站生成的文件',
  cutsUnknown: '整屏动画不存在或已过期，请重新生成',
} as const;

/** The queue confirm text of spec section 8, with the number of people ahead. */
export function queueQuestion(waitCount: number): string {
  return `生成人数过多, 目前正在排队, 前面还有${waitCount}个人, 是否排队？`;
}

/**
 * Why a new generation is refused while earlier ones are queued or rendering: by the user's own
 * limit, or by the limit of the network (address) the request came from.
 */
export function activeJobsRefusal(by: 'user' | 'ip', limit: number): string {
  return by === 'user' ? `您已有${limit}个生成任务在进行中，请等当前任务完成后再试` : `当前网络已有${limit}个生成任务在进行中，请等当前任务完成后再试`;
}

/** The loading dialog's title while others are ahead (spec screen 20). */
export function waitingTitle(waitCount: number): string {
  return `前面还有${waitCount}人，请耐心等待`;
}

/** The sample texts a new form starts with (spec section 3, "Default sample texts exist"). */
export const DEFAULT_LOGO_TEXTS: LogoTexts = {
  logotext: '龙腾天下',
  rightsealtext: '官方',
  bottomsealtext: '正版',
  bottomtext: '热血征途 再创辉煌',
};

export const DEFAULT_BANNER_TEXTS: BannerTexts = {
  bannertextup: '全新资料片震撼来袭，开启你的英雄传奇之旅',
  bannertextdown: '#热血国战# #兄弟同心# #万人同屏#',
};

/** Characters as a person counts them: one per code point, so '龍' and '😀' are one each. */
export function textLength(value: string | undefined | null): number {
  return value ? Array.from(value).length : 0;
}

export const checkLogoText: Check = (value) => {
  if (!value || !value.trim()) return GenerationMessages.logoTextRequired;
  const length = textLength(value);
  return length < GenerationLimits.logoTextMin || length > GenerationLimits.logoTextMax ? GenerationMessages.logoTextLength : null;
};

export const checkSealText: Check = (value) => (textLength(value) > GenerationLimits.sealTextMax ? GenerationMessages.sealTooLong : null);

export const checkBottomText: Check = (value) => (textLength(value) > GenerationLimits.bottomTextMax ? GenerationMessages.bottomTextTooLong : null);

/** Optional; when given, 15 to 30 characters. */
export const checkBannerText: Check = (value) => {
  const length = textLength(value);
  if (length === 0) return null;
  return length < GenerationLimits.bannerTextMin || length > GenerationLimits.bannerTextMax ? GenerationMessages.bannerTextLength : null;
};

/** The first problem of a logo form, or null (spec section 5; the logo-only form uses it too). */
export function logoFormProblem(form: Partial<LogoTexts> & { logobg?: number | null }): string | null {
  return (
    checkLogoText(form.logotext) ??
    checkSealText(form.rightsealtext) ??
    checkSealText(form.bottomsealtext) ??
    checkBottomText(form.bottomtext) ??
    (form.logobg ? null : GenerationMessages.logoTemplateRequired)
  );
}

/** The first problem of a banner form (the logo rules, then the banner's own), or null. */
export function bannerFormProblem(form: Partial<LogoTexts & BannerTexts> & { logobg?: number | null; banner?: number | null }): string | null {
  return (
    logoFormProblem(form) ??
    (form.banner ? null : GenerationMessages.bannerTemplateRequired) ??
    checkBannerText(form.bannertextup) ??
    checkBannerText(form.bannertextdown)
  );
}

/**
 * AI生成主视觉's description (required when chosen): at most keyArtPromptMax characters, no control
 * characters but line breaks, and no angle brackets (markup is never a picture description).
 */
export const checkKeyArtPrompt: Check = (value) => {
  if (!value || !value.trim()) return GenerationMessages.keyArtPromptRequired;
  if (textLength(value) > GenerationLimits.keyArtPromptMax) return GenerationMessages.keyArtPromptTooLong;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  return /[\u0000-\u0009\u000b-\u001f\u007f<>]/.test(value) ? GenerationMessages.keyArtPromptInvalid : null;
};
