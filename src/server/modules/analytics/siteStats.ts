import {
  AnalyticsLimits,
  AnalyticsMessages,
  ANALYTICS_RANGES,
  DEVICES,
  OTHERS,
  type AnalyticsRange,
  type ChannelFigures,
  type SiteStats,
} from '../../../contract/analytics';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import { BusinessError } from '../../http/envelope';
import { AnswerCode } from '../../../contract/envelope';
import { chinaDate, chinaDayOf, chinaDayStart } from '../../http/chinaTime';
import type { ReservationCounts } from './reservationCounts';
import type { SiteViews, StatsDimension } from './siteViews';
import { publishedUrl } from '../publishing/sitePublishing';

const SLUG = /^[0-9a-f]{32}$/;

export interface SiteStatsDeps {
  sql: Sql;
  now: Clock;
  views: SiteViews;
  reservations: ReservationCounts;
}

interface Row {
  day: string;
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}

/** The owner's 数据 of a published site over the last 7 or 30 China-time days. */
export class SiteStatsReader {
  constructor(private readonly deps: SiteStatsDeps) {}

  /** Another's page, or one not published, answers as a missing one does. */
  async of(userId: number, slug: string, days: number, origin: string): Promise<SiteStats> {
    if (!(ANALYTICS_RANGES as readonly number[]).includes(days)) throw new BusinessError(AnswerCode.invalid, AnalyticsMessages.badDays);
    const range = days as AnalyticsRange;
    const owned =
      SLUG.test(slug) &&
      (await this.deps.sql
        .selectFrom('published_sites')
        .leftJoin('builder_sites', 'builder_sites.id', 'published_sites.site_id')
        .leftJoin('mini_sites', 'mini_sites.id', 'published_sites.mini_site_id')
        .select(['builder_sites.web_name', 'mini_sites.name'])
        .where('published_sites.slug', '=', slug)
        .where('published_sites.user_id', '=', userId)
        .executeTakeFirst());
    if (!owned) throw new BusinessError(AnswerCode.notFound, AnalyticsMessages.siteNotFound);
    // This server's views not yet written: the owner sees the figures as of now.
    await this.deps.views.flush();
    const today = chinaDayOf(this.deps.now());
    const dates = Array.from({ length: range }, (_, n) => chinaDate(today - range + 1 + n));
    const rows: Row[] = (
      await this.deps.sql
        .selectFrom('site_stats')
        .select(['day', 'dimension', 'value', 'views', 'visitors'])
        .where('slug', '=', slug)
        .where('day', '>=', dates[0])
        .where('day', '<=', dates[dates.length - 1])
        .execute()
    ).map((row) => ({ ...row, views: Number(row.views), visitors: Number(row.visitors) }));
    const reservations = await this.deps.reservations.byChannel(slug, chinaDayStart(today - range + 1), chinaDayStart(today + 1));
    // The name and link a channel's QR code is made of and saved under.
    return { ...summarise(slug, range, dates, rows, reservations), name: owned.web_name ?? owned.name ?? '', url: publishedUrl(origin, slug) };
  }
}

function summed(rows: Row[], dimension: StatsDimension): Map<string, { views: number; visitors: number }> {
  const sums = new Map<string, { views: number; visitors: number }>();
  for (const row of rows) {
    if (row.dimension !== dimension) continue;
    const had = sums.get(row.value) ?? { views: 0, visitors: 0 };
    sums.set(row.value, { views: had.views + row.views, visitors: had.visitors + row.visitors });
  }
  return sums;
}

/** The first `shown` by views (then name), the rest added up under OTHERS. */
function topped<T extends { views: number }>(items: T[], shown: number, merge: (rest: T[]) => T): T[] {
  const sorted = [...items].sort((a, b) => b.views - a.views);
  return sorted.length > shown ? [...sorted.slice(0, shown), merge(sorted.slice(shown))] : sorted;
}

const total = (items: Array<{ views: number; visitors?: number }>, key: 'views' | 'visitors') => items.reduce((sum, item) => sum + (item[key] ?? 0), 0);

export function summarise(slug: string, days: AnalyticsRange, dates: string[], rows: Row[], reservations: Map<string, number> | null): Omit<SiteStats, 'name' | 'url'> {
  const byDay = new Map(rows.filter((row) => row.dimension === 'all').map((row) => [row.day, row]));
  const series = dates.map((day) => ({ day, views: byDay.get(day)?.views ?? 0, visitors: byDay.get(day)?.visitors ?? 0 }));
  const conversion = (booked: number | null, visitors: number) => (booked === null || !visitors ? null : booked / visitors);
  const channelRows: ChannelFigures[] = [...summed(rows, 'channel')].map(([channel, figures]) => {
    const booked = reservations ? (reservations.get(channel) ?? 0) : null;
    return { channel, ...figures, reservations: booked, conversion: conversion(booked, figures.visitors) };
  });
  // A channel with 预约 and no visit counted (a zip's form, a link from before counting) is listed too.
  for (const [channel, booked] of reservations ?? []) {
    if (!channelRows.some((row) => row.channel === channel)) channelRows.push({ channel, views: 0, visitors: 0, reservations: booked, conversion: null });
  }
  const channels = topped(channelRows, AnalyticsLimits.channelsShown, (rest) => {
    const booked = reservations ? rest.reduce((sum, row) => sum + (row.reservations ?? 0), 0) : null;
    const visitors = total(rest, 'visitors');
    return { channel: OTHERS, views: total(rest, 'views'), visitors, reservations: booked, conversion: conversion(booked, visitors) };
  });
  const referrers = topped(
    [...summed(rows, 'referrer')].map(([host, figures]) => ({ host, views: figures.views })),
    AnalyticsLimits.referrersShown,
    (rest) => ({ host: OTHERS, views: total(rest, 'views') }),
  );
  const devices = summed(rows, 'device');
  const wechat = summed(rows, 'wechat').get('1') ?? { views: 0, visitors: 0 };
  return {
    slug,
    days,
    series,
    totals: { views: total(series, 'views'), visitors: total(series, 'visitors'), reservations: reservations ? [...reservations.values()].reduce((a, b) => a + b, 0) : null },
    channels,
    referrers,
    devices: DEVICES.map((device) => ({ device, views: devices.get(device)?.views ?? 0, visitors: devices.get(device)?.visitors ?? 0 })),
    wechat,
    bots: summed(rows, 'bots').get('')?.views ?? 0,
  };
}
