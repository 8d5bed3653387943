const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8, no daylight saving), as the site list and 我的作品 show times. */
export function chinaTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
