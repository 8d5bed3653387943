/**
 * Launch analytics of published sites (数据), counted without cookies: views of a page, unique
 * visitors by a hash of the day's salt, the page, the address and the browser (the salt lives one
 * China-time day; neither the address nor the browser is kept), by channel, referrer host, device
 * and WeChat's browser. Bots, known by their user agent, are left out and counted apart.
 */
import { cleanChannel } from './reservations';

/** The ranges the 数据 page offers: the last 7 or 30 China-time days, today included. */
export const ANALYTICS_RANGES = [7, 30] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

export const AnalyticsLimits = {
  /** A channel (`?from=` or `utm_source`) is kept lowercased, letters, digits, `_`, `-` and `.` only, this long at most. */
  channelMaxLength: 32,
  /** A referrer is its host only, this long at most. */
  referrerMaxLength: 100,
  /** Referrer hosts listed, most views first; the rest are added up under 其他. */
  referrersShown: 20,
  /** Channels listed, most views first; the rest are added up under 其他. */
  channelsShown: 30,
} as const;

/** The channel of a visit that named none: 直接访问. */
export const DIRECT_CHANNEL = '';
/** The referrer host of a visit with no Referer header (typed, a bookmark, an app's webview). */
export const NO_REFERRER = '';
/** What the lists add the rows past their length up under. */
export const OTHERS = '*';

export const DEVICES = ['phone', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];
export const DeviceLabels: Record<Device, string> = { phone: '手机', desktop: '电脑' };

/** GET /api/siteStats?slug&days: a published site's figures, for its owner only. */
export interface SiteStatsRequest {
  slug: string;
  days: AnalyticsRange;
}

/** One China-time day of a site: views of its page, and its unique visitors that day. */
export interface StatsDay {
  /** 'YYYY-MM-DD', China time. */
  day: string;
  views: number;
  visitors: number;
}

export interface ChannelFigures {
  /** DIRECT_CHANNEL for 直接访问; OTHERS for the channels past the list's length. */
  channel: string;
  views: number;
  /** Visitors of the channel, added up day by day (one visitor on two days counts twice). */
  visitors: number;
  /** 预约 made through the channel over the range; null while the site takes no 预约 (no campaign). */
  reservations: number | null;
  /** reservations / visitors, 0..1; null when either is unknown or there were no visitors. */
  conversion: number | null;
}

export interface ReferrerFigures {
  /** NO_REFERRER when the visit named none; OTHERS for the hosts past the list's length. */
  host: string;
  views: number;
}

export interface DeviceFigures {
  device: Device;
  views: number;
  visitors: number;
}

export interface SiteStats {
  slug: string;
  /** The site's name as its owner gave it. */
  name: string;
  /** The published page's link (on PUBLISH_ORIGIN when set), without a channel. */
  url: string;
  days: AnalyticsRange;
  /** One row per day of the range, oldest first, days without a visit included as zeros. */
  series: StatsDay[];
  /** Over the range; visitors are added up day by day. */
  totals: { views: number; visitors: number; reservations: number | null };
  channels: ChannelFigures[];
  referrers: ReferrerFigures[];
  devices: DeviceFigures[];
  /** Views and visitors in WeChat's browser (MicroMessenger), part of the totals. */
  wechat: { views: number; visitors: number };
  /** Views by bots (known by their user agent) over the range: left out of every figure above. */
  bots: number;
}

export const AnalyticsMessages = {
  siteNotFound: '网站不存在或未发布',
  badDays: '只能查看近7天或近30天的数据',
  channelRequired: '请输入渠道名',
  channelTooLong: `渠道名最多${AnalyticsLimits.channelMaxLength}个字符`,
  channelBadCharacters: '渠道名只能包含字母、数字、汉字、-、_ 和 .',
} as const;

/** The channel a link's `?from=` is counted under: cleaned as a 预约's channel is, then lowercased. */
export function countedChannel(raw: string): string {
  return cleanChannel(raw).toLowerCase();
}

/** A channel the studio types for a QR code: null when a visit by its link is counted under exactly that name, else why not. */
export function channelProblem(raw: string): string | null {
  if (!raw) return AnalyticsMessages.channelRequired;
  if ([...raw].length > AnalyticsLimits.channelMaxLength) return AnalyticsMessages.channelTooLong;
  return cleanChannel(raw) === raw ? null : AnalyticsMessages.channelBadCharacters;
}

/** The channels offered for posters and shares, with the names they are counted under. */
export const PRESET_CHANNELS = [
  { channel: 'wechat', label: '微信' },
  { channel: 'qq', label: 'QQ' },
  { channel: 'weibo', label: '微博' },
  { channel: 'douyin', label: '抖音' },
  { channel: 'bilibili', label: 'B站' },
  { channel: 'poster', label: '海报' },
] as const;

/** A published page's link that counts its visits under `channel` (a counted name: see countedChannel). */
export function channelLink(pageUrl: string, channel: string): string {
  const link = new URL(pageUrl);
  link.searchParams.delete('utm_source');
  link.searchParams.set('from', channel);
  return link.toString();
}

/** A channel as the page shows it. */
export function channelLabel(channel: string): string {
  if (channel === DIRECT_CHANNEL) return '直接访问';
  return channel === OTHERS ? '其他' : channel;
}

/** A referrer host as the page shows it. */
export function referrerLabel(host: string): string {
  if (host === NO_REFERRER) return '无来源（直接打开）';
  return host === OTHERS ? '其他' : host;
}

/** The slug of a published page's link (`…/pub/<slug>/`); '' when it is not one. */
export function publishedSlugOf(url: string): string {
  return /\/pub\/([0-9a-f]{32})\/?(?:[?#]|$)/.exec(url)?.[1] ?? '';
}

/** The back office's 数据 page of a published site. */
export const siteStatsPath = (slug: string): string => `/backend/siteStats/${slug}`;
