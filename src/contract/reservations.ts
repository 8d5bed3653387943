/**
 * 预约 (pre-registration) of a launch page: the studio turns it on for one of its sites, players
 * leave a phone (proved by an SMS code), the page shows the real count and the milestone tiers, and
 * each player gets one 礼包码 (gift code).
 *
 * Who builds on this file:
 * - the page block (mini-site templates, the builder's 预约 component) calls the PUBLIC routes
 *   (ReserveRoutes) with the campaign's `campaignId`, which the renderer writes into the page. Those
 *   routes answer any origin (`Access-Control-Allow-Origin: *`, no credentials, preflight handled):
 *   published pages are sandboxed (their origin is "null") and a downloaded zip opens from disk. The
 *   page calls them at the product's absolute origin, with `fetch(url, { credentials: 'omit' })`.
 *   Sandboxed pages have no cookies and no localStorage: after a 预约 the page puts the answer's
 *   `ticket` in its URL fragment (`#reserve=<ticket>`), and on load asks ReserveRoutes.ticket for the
 *   success state again.
 * - the back office calls the OWNER routes (ReserveOwnerRoutes), logged in, for its own sites only:
 *   another user's site answers exactly like a missing one.
 *
 * A campaign belongs to one site: a builder site (`builderId`, builder_sites.id) or a mini site
 * (`miniSiteDir`, its webSiteDir). It lives as long as the site: deleting the site deletes the
 * campaign, its 预约 records and its gift codes (the records are personal information kept for the
 * site's launch, not beyond it).
 *
 * Every answer is the usual envelope {code,msg,data}; a refusal's `msg` is one of ReserveMessages
 * (or the shared Messages for captcha and SMS codes).
 */
import type { CaptchaAnswer } from './auth';

/** The platforms a studio may offer; the page shows only the ones it chose, in this order. */
export const RESERVE_PLATFORMS = ['ios', 'android', 'pc'] as const;
export type ReservePlatform = (typeof RESERVE_PLATFORMS)[number];
export const ReservePlatformLabels: Record<ReservePlatform, string> = { ios: 'iOS', android: '安卓', pc: 'PC' };

/** Names a site in the owner routes: exactly one of the two (query string or body). */
export interface ReserveSiteRef {
  /** builder_sites.id of one of the user's builder sites. */
  builderId?: number;
  /** The webSiteDir (32 hex characters) of one of the user's mini sites. */
  miniSiteDir?: string;
}

/** One milestone (里程碑): reached once `count` players have reserved. */
export interface MilestoneTier {
  count: number;
  /** What the players get, e.g. "限定头像框 + 500钻石". */
  reward: string;
}

/** What the studio sets (POST ReserveOwnerRoutes.settings). */
export interface ReserveSettings {
  enabled: boolean;
  /** At least one, no repeats; any order is stored in RESERVE_PLATFORMS order. */
  platforms: ReservePlatform[];
  /** Strictly ascending counts; at most ReserveLimits.tiersMax; may be empty. */
  tiers: MilestoneTier[];
  /**
   * The studio's privacy notice (隐私说明), shown beside the consent box: who collects the phone, for
   * what, how long it is kept. Required once `enabled` is true (a phone is personal information).
   */
  privacyNotice: string;
  /** Whether a downloaded zip carries a working form; otherwise the block is left out of the zip. */
  zipForm: boolean;
}

/** How many gift codes a campaign holds: `left` 0 means new players are told codes come later. */
export interface GiftCodeCounts {
  total: number;
  given: number;
  left: number;
}

/** GET ReserveOwnerRoutes.settings, and the answer of each owner change. */
export interface ReserveOwnerState {
  /**
   * The random public id the page carries (never the site's id, not guessable); null until the
   * settings are first saved. It stays the same for the site's life.
   */
  campaignId: string | null;
  settings: ReserveSettings;
  /** The real number of 预约 records (deleted ones no longer count). */
  count: number;
  codes: GiftCodeCounts;
}

/** The settings of a site that never saved any. */
export const DEFAULT_RESERVE_SETTINGS: ReserveSettings = { enabled: false, platforms: ['ios', 'android'], tiers: [], privacyNotice: '', zipForm: false };

/** A tier as the page shows it. */
export interface MilestoneProgress extends MilestoneTier {
  reached: boolean;
}

/** GET ReserveRoutes.campaign(id): what the block shows before a 预约. */
export interface ReserveCampaignInfo {
  campaignId: string;
  /** The real count, never padded. */
  count: number;
  tiers: MilestoneProgress[];
  platforms: ReservePlatform[];
  privacyNotice: string;
  /** False once the codes are used up (or none were ever added): the block says codes come later. */
  codesLeft: boolean;
}

/** POST ReserveRoutes.verifyCaptcha */
export interface ReserveVerifyCaptchaRequest {
  captchaId: string;
  code: string;
}

/** POST ReserveRoutes.sendSms: needs a captcha passed through ReserveRoutes.verifyCaptcha. */
export interface ReserveSendSmsRequest {
  campaignId: string;
  phone: string;
  captchaId: string;
}

/** POST ReserveRoutes.submit */
export interface ReserveRequest {
  campaignId: string;
  phone: string;
  /** The SMS code sent by ReserveRoutes.sendSms for this phone and this campaign. */
  smsCode: string;
  platform: ReservePlatform;
  /**
   * Where the player came from: the page's `?from=` or `utm_source`. Kept as letters, digits, CJK,
   * `-`, `_` and `.` only, cut to ReserveLimits.channelMax characters; anything else is dropped.
   */
  channel?: string;
  /** The player ticked the consent line; anything but true is refused. */
  consent: boolean;
}

/** The success state (ReserveRoutes.submit and ReserveRoutes.ticket). */
export interface ReserveSuccess {
  /** The real count after this 预约. */
  count: number;
  tiers: MilestoneProgress[];
  /** The player's gift code; null when the codes ran out (the page says ReserveMessages.codesLater). */
  giftCode: string | null;
  /** 138****8000 */
  maskedPhone: string;
  platform: ReservePlatform;
  /** Signed: the page keeps it in its URL fragment to show this state again after a reload. */
  ticket: string;
  /** True when this phone had already reserved: the answer is its first 预约's (no new count). */
  again: boolean;
}

/** One row of the owner's list. */
export interface ReservationRecord {
  id: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
  maskedPhone: string;
  platform: ReservePlatform;
  /** '' when the page had no channel. */
  channel: string;
  giftCode: string | null;
}

/** GET ReserveOwnerRoutes.list?builderId|miniSiteDir&page&pageSize (page from 1). */
export interface ReservationListAnswer {
  total: number;
  page: number;
  pageSize: number;
  records: ReservationRecord[];
}

/** POST ReserveOwnerRoutes.remove: the record goes; its gift code is not given again. */
export interface ReservationDeleteRequest extends ReserveSiteRef {
  id: number;
}

/** POST ReserveOwnerRoutes.settings */
export interface ReserveSaveSettingsRequest extends ReserveSiteRef {
  settings: ReserveSettings;
}

/**
 * POST ReserveOwnerRoutes.settings: the state saved, and what became of the site's live page,
 * whose 预约 block follows the settings at once: `none` (not published), `updated`, or `failed`
 * (the settings hold; the page shows them at its next 更新发布).
 */
export interface ReserveSaveSettingsAnswer extends ReserveOwnerState {
  publishedPage: 'none' | 'updated' | 'failed';
}

/** POST ReserveOwnerRoutes.uploadCodes: the file's text (CSV: the first column; or one per line). */
export interface GiftCodeUploadRequest extends ReserveSiteRef {
  text: string;
}

/** POST ReserveOwnerRoutes.generateCodes */
export interface GiftCodeGenerateRequest extends ReserveSiteRef {
  count: number;
}

/** The answer of an upload or a generation. */
export interface GiftCodeAddAnswer {
  /** New codes stored. */
  added: number;
  /** Codes left out: repeated in the text or already in the campaign. */
  duplicates: number;
  codes: GiftCodeCounts;
}

/** The public routes (CORS for any origin, no credentials). */
export const RESERVE_PREFIX = '/api/reserve/';
export const ReserveRoutes = {
  /** GET -> ReserveCampaignInfo */
  campaign: (campaignId: string) => `/api/reserve/campaign/${encodeURIComponent(campaignId)}`,
  campaignPattern: '/api/reserve/campaign/:campaignId',
  /** GET -> CaptchaAnswer (the same graphic captcha as login, single use). */
  captcha: '/api/reserve/captcha',
  /** POST ReserveVerifyCaptchaRequest -> null */
  verifyCaptcha: '/api/reserve/captcha/verify',
  /** POST ReserveSendSmsRequest -> null */
  sendSms: '/api/reserve/sms',
  /** POST ReserveRequest -> ReserveSuccess */
  submit: '/api/reserve/submit',
  /** GET -> ReserveSuccess (the success state again; 404 when the record was deleted). */
  ticket: (ticket: string) => `/api/reserve/ticket/${encodeURIComponent(ticket)}`,
  ticketPattern: '/api/reserve/ticket/:ticket',
} as const;

/** The owner's routes (logged in, `access: 'user'`, no CORS). */
export const ReserveOwnerRoutes = {
  /** GET ?builderId|miniSiteDir -> ReserveOwnerState; POST ReserveSaveSettingsRequest -> ReserveSaveSettingsAnswer */
  settings: '/api/siteReserve/settings',
  /** GET ?builderId|miniSiteDir&page&pageSize -> ReservationListAnswer */
  list: '/api/siteReserve/list',
  /** GET ?builderId|miniSiteDir -> text/csv (UTF-8 with BOM, full phones) as an attachment. */
  exportCsv: '/api/siteReserve/export',
  /** POST ReservationDeleteRequest -> ReserveOwnerState */
  remove: '/api/siteReserve/delete',
  /** POST GiftCodeUploadRequest -> GiftCodeAddAnswer */
  uploadCodes: '/api/siteReserve/codes/upload',
  /** POST GiftCodeGenerateRequest -> GiftCodeAddAnswer */
  generateCodes: '/api/siteReserve/codes/generate',
} as const;

export type { CaptchaAnswer };

export const ReserveLimits = {
  /** The public campaign id: 24 characters of [A-Za-z0-9_-] (144 random bits). */
  campaignIdPattern: /^[A-Za-z0-9_-]{24}$/,
  tiersMax: 6,
  tierCountMax: 100_000_000,
  rewardMax: 60,
  privacyNoticeMin: 10,
  privacyNoticeMax: 2000,
  /** The stored channel, in characters after cleaning. */
  channelMax: 32,
  /** A channel longer than this is refused outright (a page never sends one that long). */
  channelInputMax: 200,
  giftCodeMin: 4,
  giftCodeMax: 32,
  /** A gift code: letters, digits, `-` and `_`. */
  giftCodePattern: /^[A-Za-z0-9_-]{4,32}$/,
  /** Codes per upload or generation, and in a campaign at most. */
  giftCodesPerAdd: 5000,
  giftCodesPerCampaign: 100_000,
  /** The upload's text, in characters. */
  giftCodeTextMax: 200_000,
  /** Generated codes: this length, from an alphabet without look-alikes (no 0/O, 1/I/L). */
  generatedCodeLength: 12,
  generatedCodeAlphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
  listPageSizeMax: 100,
  listPageSizeDefault: 20,
  /** The signed ticket of a 预约, in characters at most. */
  ticketMax: 100,
  /** Public routes, per address: a page load, a captcha, an SMS send, a 预约. */
  campaignPerIpPerMinute: 120,
  captchaPerIpPerMinute: 30,
  smsPerIpPerMinute: 10,
  submitPerIpPer10Minutes: 30,
  /** 预约 tries per phone per hour (wrong codes count; the code itself dies after 5 wrong tries). */
  submitPerPhonePerHour: 10,
  ticketPerIpPerMinute: 60,
} as const;

/** Milestone display: 10000 -> 1万, 50000 -> 5万, 1500 -> 1500. */
export function milestoneLabel(count: number): string {
  if (count >= 10_000 && count % 1000 === 0) return `${count / 10_000}万`;
  return String(count);
}

export const ReserveMessages = {
  reserveDone: '预约成功',
  reserveAgain: '该手机号已预约',
  codesLater: '礼包码已发放完毕，后续将通过短信补发',
  giftCodeSmsSent: '礼包码已通过短信发送',
  campaignUnknown: '预约活动不存在或已结束',
  campaignClosed: '预约暂未开放',
  platformRequired: '请选择平台',
  platformUnknown: '请选择本活动提供的平台',
  consentRequired: '请先阅读并同意隐私说明',
  phoneRequired: '请输入手机号',
  smsCodeRequired: '请输入短信验证码',
  ticketUnknown: '预约记录不存在或已删除',
  siteRequired: '请指定站点',
  siteUnknown: '站点不存在',
  settingsSaved: '预约设置已保存',
  settingsSavedPageUpdated: '预约设置已保存，已发布的网站已同步更新',
  settingsSavedPageStale: '预约设置已保存，但已发布的网站未能同步更新，请重新发布',
  settingsMissing: '请填写预约设置',
  platformsRequired: '请至少选择一个平台',
  platformsRepeated: '平台不能重复',
  tiersTooMany: '里程碑最多6档',
  tierCountInvalid: '里程碑人数须为1到1亿之间的整数',
  tiersNotAscending: '里程碑人数须从小到大排列且不能重复',
  rewardRequired: '请填写里程碑奖励',
  rewardTooLong: '里程碑奖励最多60个字',
  privacyNoticeRequired: '开启预约前请填写隐私说明（收集手机号属于个人信息）',
  privacyNoticeTooShort: '隐私说明至少10个字',
  privacyNoticeTooLong: '隐私说明最多2000个字',
  recordDeleted: '预约记录已删除',
  recordUnknown: '预约记录不存在',
  codesAdded: '礼包码已添加',
  codesEmpty: '没有读到礼包码，请每行一个，或CSV的第一列',
  codeInvalid: (line: number) => `第${line}行的礼包码格式不正确：须为4到32位字母、数字、-或_`,
  codesTooManyPerAdd: '每次最多添加5000个礼包码',
  codesTooManyInCampaign: '每个活动最多100000个礼包码',
  codesTextTooLong: '文件过大，请分批上传',
  generateCountInvalid: '生成数量须为1到5000之间的整数',
  settingsFirst: '请先保存预约设置',
  /** The block in the studio's preview, whose buttons do nothing. */
  previewOnly: '预览中不能预约，发布后玩家可在此预约',
} as const;

/** The owner list's phone: 13800138000 -> 138****8000. */
export function maskReservePhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** Characters a channel keeps: letters, digits, CJK, `-`, `_`, `.`; the rest is dropped. */
const CHANNEL_DROPPED = /[^A-Za-z0-9_.\-\u4e00-\u9fff]/g;

/** The channel as stored and shown: cleaned, then cut to ReserveLimits.channelMax characters. */
export function cleanChannel(raw: string | undefined): string {
  return [...(raw ?? '').replace(CHANNEL_DROPPED, '')].slice(0, ReserveLimits.channelMax).join('');
}

/** The studio's settings checked (the form and the API): null when they may be saved, else the message. */
export function checkReserveSettings(settings: ReserveSettings): string | null {
  const { platforms, tiers, privacyNotice, enabled } = settings;
  if (!platforms.length) return ReserveMessages.platformsRequired;
  if (platforms.some((platform) => !RESERVE_PLATFORMS.includes(platform))) return ReserveMessages.platformUnknown;
  if (new Set(platforms).size !== platforms.length) return ReserveMessages.platformsRepeated;
  if (tiers.length > ReserveLimits.tiersMax) return ReserveMessages.tiersTooMany;
  for (const [index, tier] of tiers.entries()) {
    if (!Number.isInteger(tier.count) || tier.count < 1 || tier.count > ReserveLimits.tierCountMax) return ReserveMessages.tierCountInvalid;
    if (index > 0 && tier.count <= tiers[index - 1].count) return ReserveMessages.tiersNotAscending;
    if (!tier.reward.trim()) return ReserveMessages.rewardRequired;
    if ([...tier.reward.trim()].length > ReserveLimits.rewardMax) return ReserveMessages.rewardTooLong;
  }
  const notice = [...privacyNotice.trim()].length;
  if (notice > ReserveLimits.privacyNoticeMax) return ReserveMessages.privacyNoticeTooLong;
  if (enabled && notice === 0) return ReserveMessages.privacyNoticeRequired;
  if (notice > 0 && notice < ReserveLimits.privacyNoticeMin) return ReserveMessages.privacyNoticeTooShort;
  return null;
}
