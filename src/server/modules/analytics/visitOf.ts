import { AnalyticsLimits, countedChannel, DIRECT_CHANNEL, NO_REFERRER, type Device } from '../../../contract/analytics';
import { isBot } from './botAgents';

/** What a view of a published page is counted by; nothing in it tells who the visitor is. */
export interface VisitTraits {
  channel: string;
  referrer: string;
  device: Device;
  wechat: boolean;
  bot: boolean;
}

/**
 * The channel a page's URL names: `?from=`, else `utm_source`, cleaned as a 预约's channel is
 * (letters, digits, CJK, `-`, `_`, `.`; it is shown as is) and lowercased; '' = 直接访问.
 */
export function channelOf(url: string): string {
  const query = url.split('#', 1)[0].split('?')[1];
  if (!query) return DIRECT_CHANNEL;
  const params = new URLSearchParams(query);
  return countedChannel(params.get('from') || params.get('utm_source') || '');
}

/** The host of a Referer header (never its path or query, which may hold anything), lowercased; '' when none or not http(s). */
export function referrerHostOf(referer: string | undefined): string {
  if (!referer) return NO_REFERRER;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return NO_REFERRER;
    return url.hostname.toLowerCase().slice(0, AnalyticsLimits.referrerMaxLength);
  } catch {
    return NO_REFERRER;
  }
}

const PHONE = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS|Windows Phone|MicroMessenger/i;

export function deviceOf(userAgent: string): Device {
  return PHONE.test(userAgent) ? 'phone' : 'desktop';
}

/** WeChat's own browser, where most launch links are opened in China. */
export const isWechat = (userAgent: string): boolean => /MicroMessenger/i.test(userAgent);

export function visitTraits(url: string, userAgent: string, referer: string | undefined): VisitTraits {
  return { channel: channelOf(url), referrer: referrerHostOf(referer), device: deviceOf(userAgent), wechat: isWechat(userAgent), bot: isBot(userAgent) };
}
