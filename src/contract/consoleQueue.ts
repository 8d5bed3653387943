/**
 * The operator console's 概览 and 任务队列 pages (src/contract/operators.ts has the console's other
 * calls): what the service is doing now, and the render jobs an operator may cancel or retry.
 * Operators only, under /api/admin/.
 */

/** Counts and medians of one kind of render. */
export interface KindFigures {
  kind: string;
  /** Renders finished today (China time), failed ones among them. */
  renders: number;
  failures: number;
  /** Median milliseconds of its recent renders; null before any. */
  medianMs: number | null;
}

/** One day (China time, 'YYYY-MM-DD') of the 14-day chart. */
export interface DayFigures {
  day: string;
  newUsers: number;
  renders: number;
  failures: number;
}

/** GET /api/admin/overview */
export interface ConsoleOverview {
  users: { today: number; lastSevenDays: number; total: number };
  kinds: KindFigures[];
  queue: { waiting: number; running: number };
  publishedSites: number;
  /** The disk under DATA_DIR, or the bucket's objects; measured at most once a minute; null when the store could not be read. */
  storage: { bytes: number | null; where: 'local' | 's3'; measuredAt: number };
  /** The last 14 days, oldest first, today last. */
  days: DayFigures[];
}

/** The three lists of 任务队列. */
export const CONSOLE_JOB_STATUSES = ['waiting', 'running', 'failed'] as const;
export type ConsoleJobStatus = (typeof CONSOLE_JOB_STATUSES)[number];

/** GET /api/admin/jobs?status&page */
export interface ConsoleJobListRequest {
  status?: ConsoleJobStatus;
  page?: number;
}

export interface ConsoleJob {
  id: string;
  kind: string;
  /** What its render time depends on besides the kind: a logo or banner style, an art service. */
  style: string;
  /** The game's name the job renders. */
  title: string;
  /** null for a job of no user. */
  user: { id: number; name: string; mobile: string } | null;
  queuedAt: number;
  /** When its render started; null while it waits. */
  startedAt: number | null;
  /** When it failed; null otherwise. */
  finishedAt: number | null;
  /** Waiting: the jobs ahead of it (running ones included), as its user's poll counts them. */
  ahead: number | null;
  /** Failed: what its user was told. */
  error: string;
}

export interface ConsoleJobList {
  list: ConsoleJob[];
  total: number;
  /** The server's time of the answer: ages are counted from it, not from the browser's clock. */
  now: number;
}

export const ConsoleQueueLimits = {
  pageSize: 20,
  /** How often the 任务队列 page reads the queue again while it is open. */
  refreshMs: 5_000,
} as const;

export const ConsoleQueueMessages = {
  /** What the cancelled job's user reads, in the generation page's and the builder's polls. */
  jobCancelled: '任务已被管理员取消',
  jobNotFound: '任务不存在',
  jobIdInvalid: '任务编号格式不正确',
  notCancellable: '任务已结束，无法取消',
  notRetryable: '只有失败的任务可以重试',
  stillStopping: '任务正在停止，请稍后再试',
  cancelled: '已取消',
  retried: '已重新排队',
} as const;
