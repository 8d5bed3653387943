/** What a user keeps on the server against USER_STORAGE_QUOTA_MB (个人中心's 存储空间). */
export interface StorageUsage {
  usedBytes: number;
  /** 0: no quota. */
  quotaBytes: number;
}

const MEGABYTE = 1024 * 1024;

/** Bytes as the UI says them: megabytes, with one decimal below 10 MB so a small figure is not "0". */
export function megabytes(bytes: number): string {
  const value = bytes / MEGABYTE;
  if (value >= 10) return String(Math.round(value));
  return String(Math.round(value * 10) / 10);
}

export const StorageQuotaMessages = {
  /** A write past the quota: the figures, and what frees space. */
  full: (usage: StorageUsage): string => `存储空间不足：已用 ${megabytes(usage.usedBytes)} MB，共 ${megabytes(usage.quotaBytes)} MB。请下线不用的已发布网站，或删除不用的网站后重试`,
  /** 个人中心. */
  label: (usage: StorageUsage): string => (usage.quotaBytes ? `存储空间 ${megabytes(usage.usedBytes)} MB / ${megabytes(usage.quotaBytes)} MB` : `存储空间 已用 ${megabytes(usage.usedBytes)} MB`),
} as const;
