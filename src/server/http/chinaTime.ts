export const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8, no daylight saving), as the site list and 我的作品 show times. */
export function chinaTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The China-time day of `ms`, counted in days from 1970-01-01 (China time): what figures per day group by. */
export const chinaDayOf = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);

/** When China-time day `day` (chinaDayOf) begins, in milliseconds since the epoch. */
export const chinaDayStart = (day: number): number => day * DAY_MS - CHINA_OFFSET_MS;

/** Day `day` (chinaDayOf) as 'YYYY-MM-DD'. */
export const chinaDate = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

