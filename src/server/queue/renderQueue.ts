/**
 * The render queue as the modules use it (DESIGN.md section 6): one interface, two adapters. The
 * embedded one (embedded/embeddedQueue.ts) keeps jobs in this server's database and renders them
 * in its worker threads; a distributed one runs them on workers elsewhere. Every call is
 * asynchronous so that either can answer from wherever its state lives.
 */
import type { RenderStage, SideJobSpec, UserJobKind, UserJobSpec } from '../render/jobSpec';
import type { CacheScope } from './jobRules';

/** The settings an operator chooses (config.ts reads them from the environment). */
export interface QueueSettings {
  /** Renders at once (worker threads). */
  concurrency: number;
  /** A first request with more jobs ahead than this asks the user before queueing. */
  inquiryThreshold: number;
  /** A queued job nobody polled for this long is dropped. */
  unpolledExpiryMs: number;
  /** Who shares finished results: each user their own (and polls only their own jobs), or everyone. */
  cacheScope: CacheScope;
  /** Jobs one user may have queued or running at once; the next is refused until one ends. */
  maxActivePerUser: number;
  /** The same for one address (an IPv6 /64): several accounts on one machine cannot fill the queue either. */
  maxActivePerIp: number;
}

/** The settings part of an adapter's options. */
export function settingsOf(options: QueueSettings): QueueSettings {
  const { concurrency, inquiryThreshold, unpolledExpiryMs, cacheScope, maxActivePerUser, maxActivePerIp } = options;
  return { concurrency, inquiryThreshold, unpolledExpiryMs, cacheScope, maxActivePerUser, maxActivePerIp };
}

/** Whose limit of active jobs a refused submit hit, and what that limit is. */
export interface ActiveLimit {
  by: 'user' | 'ip';
  limit: number;
}

/** Who asks: the user (null for none) and the address the request came from. */
export interface SubmitRequest {
  isFirst: boolean;
  userId: number | null;
  ip: string | null;
}

/** `remainingMs`: the queue's estimate of the time from now to the job's result. */
export type SubmitOutcome =
  | { type: 'refused'; limit: ActiveLimit }
  | { type: 'inquiry'; waitCount: number }
  | { type: 'exists'; id: string; kind: UserJobKind; files: string[] }
  | { type: 'queued'; id: string; waitCount: number; remainingMs: number };

export type QueuedOutcome = Extract<SubmitOutcome, { type: 'queued' }>;

export type PollOutcome =
  | { type: 'unknown' }
  /** `stage`: where a running render says it is, when it says (a banner painting its key art first). */
  | { type: 'waiting'; waitCount: number; running: boolean; remainingMs: number; stage?: RenderStage }
  | { type: 'done'; id: string; kind: UserJobKind; files: string[] }
  | { type: 'failed'; message: string }
  | { type: 'expired' };

export interface FinishedJob {
  id: string;
  spec: UserJobSpec;
  files: string[];
  finishedAt: number;
}

/** A gallery render's priority: someone waits for it now, or it fills idle time. */
export type GalleryPriority = 'demand' | 'background';

/** A finished gallery render: its files in a temporary folder the caller moves them out of, then deletes. */
export interface GalleryResult {
  dir: string;
  files: string[];
}

/** Why a user job's render failed: past its kind's time limit, or anything else. */
export type RenderFailure = 'timeout' | 'error';

/** Told of every user job's render as it ends, on the process that rendered it (the server's metrics). */
export interface RenderObserver {
  renderFinished(kind: UserJobKind, style: string, ms: number): void;
  renderFailed(kind: UserJobKind, reason: RenderFailure): void;
}

/** Users' jobs of one kind in the queue now. */
export interface KindCount {
  kind: UserJobKind;
  waiting: number;
  running: number;
}

/** Why a render was aborted: each cause ends differently. */
export class RenderAborted extends Error {
  override name = 'RenderAborted';
  constructor(readonly why: 'timeout' | 'shutdown' | 'preempted' | 'cancelled') {
    super(`render aborted (${why})`);
  }
}

const DAY_MS = 24 * 3600 * 1000;
/** Finished results are kept this long after their last use, failures twice as long (DESIGN.md 8). */
export const KEEP_DONE_MS = 7 * DAY_MS;
export const KEEP_FAILED_MS = 14 * DAY_MS;
/**
 * How long a create may wait for its job's result (waitForQuickJob), and only for a job that starts
 * at once and should end within it: a logo then comes with its create call (the spec's `exist`)
 * instead of with a poll later. Longer renders are answered at once and polled, as the spec says.
 */
export const QUICK_ANSWER_MS = 1_000;

/** Jobs in line now: queued (waiting) and rendering (running). */
export interface LineSize {
  waiting: number;
  running: number;
}

/** The whole line, from the counts of each kind (the console's 概览 and the metrics read the same counts). */
export function lineSizeOf(kinds: readonly KindCount[]): LineSize {
  return kinds.reduce((line, kind) => ({ waiting: line.waiting + kind.waiting, running: line.running + kind.running }), { waiting: 0, running: 0 });
}

/**
 * What an operator's retry came to: queued again; not a failed job; or its cancelled render has
 * not stopped yet (it would take the job's place), so it must be tried again in a moment.
 */
export type RetryOutcome = 'queued' | 'notFailed' | 'stopping';

/** Milliseconds as the API's answers carry them: seconds to a hundredth (a logo takes 0.06 s to 0.4 s), without a float's noise. */
export const answerSeconds = (ms: number): number => Math.round(ms / 10) / 100;

/** An expected time as the answers carry it (RenderQueue.expectedSeconds): never 0, a logo takes a fraction of a second. */
export const expectedAnswerSeconds = (ms: number): number => Math.max(0.01, answerSeconds(ms));

export interface RenderQueue {
  readonly settings: QueueSettings;

  /** Recovers what a previous run left and starts rendering. */
  start(): Promise<void>;

  /** The id a request of `userId` for `spec` has: the same for equal requests within the cache's scope. */
  identityOf(spec: UserJobSpec, userId: number | null): string;

  /**
   * Queues a job, or answers the identical one in the cache's scope: finished (its files), queued
   * or running (its id), neither counting as a new job. A new job past its user's or address's
   * limit of active jobs is refused; a first request finding more than the threshold ahead gets an
   * inquiry. Both queue nothing.
   */
  submit(spec: UserJobSpec, request: SubmitRequest): Promise<SubmitOutcome>;

  /**
   * Lets a create answer with the result of a short job: waits, up to QUICK_ANSWER_MS, for a job
   * just submitted that has nothing ahead of it and should end within that time. Answers whether
   * the job ended; false at once for any other job, which is polled as usual.
   */
  waitForQuickJob(queued: QueuedOutcome, userId: number | null): Promise<boolean>;

  /** True when the job is no longer queued or running, false after `timeoutMs` or on shutdown. */
  jobEnded(id: string, timeoutMs: number): Promise<boolean>;

  /**
   * What `userId` polling `id` should hear; refreshes the job's last-polled time. In user scope a
   * job is its submitter's alone: anyone else hears what an unknown id answers.
   */
  poll(id: string, userId: number | null): Promise<PollOutcome>;

  /** A finished job whose files all exist, or null (the zip service's check). */
  finishedJob(id: string): Promise<FinishedJob | null>;

  /** Marks results as used (a zip was made of them) so that they are kept another week. */
  touch(ids: readonly string[]): Promise<void>;

  /**
   * Milliseconds from now to the result of a job of `kind` in `style` queued now: the wait for the
   * work ahead, then its own render (the median of that style's recent renders). Reads no rows.
   */
  expectedMs(kind: UserJobKind, style?: string): Promise<number>;

  /** expectedMs as the answers carry it (answerSeconds), never 0: a logo takes a fraction of a second. */
  expectedSeconds(kind: UserJobKind, style?: string): Promise<number>;

  /**
   * Renders a gallery picture's task when no user job waits; tasks with the same key share one
   * render, and a background one gives its slot up to a user job.
   */
  renderGallery(key: string, spec: SideJobSpec, priority: GalleryPriority): Promise<GalleryResult>;

  /** The share (0-1) of its frames that the gallery task `key` has rendered: 0 while it waits, or when none is under way. */
  galleryProgress(key: string): Promise<number>;

  /**
   * An operator ends a queued or running job: its row fails with `message`, which its polls then
   * answer, it leaves the line, and a render under way is stopped (its result, if any, discarded).
   * False when the job was neither queued nor running.
   */
  cancel(id: string, message: string): Promise<boolean>;

  /** An operator queues a failed job again, at the back of the line, for its user to poll anew. */
  retry(id: string): Promise<RetryOutcome>;

  /** Users' jobs waiting and running now, for every kind (zero included): the server's metrics read it at each scrape, the console's 概览 adds them up (lineSizeOf). */
  activeByKind(): Promise<KindCount[]>;

  /** Resolves when the queue can take and hand out jobs (readiness); rejects saying why not. */
  ping(): Promise<void>;

  /** Expires unpolled jobs and re-queues (or fails) stalled ones; runs on a timer too. */
  sweep(): Promise<void>;

  /** Deletes old results and failures with their files (housekeeping); answers how many. */
  prune(): Promise<number>;

  /**
   * Shutdown: stop claiming, put running jobs back in the queue in their place (the interrupted
   * attempt does not count), abort their renders and wait for the renderers to stop.
   */
  close(): Promise<void>;
}
