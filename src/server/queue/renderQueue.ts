import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { GenerationMessages } from '../../contract/generation';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { addressLimitKey } from '../security/clientAddress';
import { generatedDir, jobDir, renderTmpDir } from './paths';
import { DurationRepository, RenderDurations, type RenderSeeds } from './renderDurations';
import { RENDER_SEEDS } from './renderSeeds';
import { DEFAULT_RENDER_SECONDS, JOB_ID_PATTERN, RENDER_TIMEOUT_MS, durationStyleOf, jobIdentity, jobScope, type CacheScope, type RenderRunner } from './renderSpec';
import { userFacingMessage, type CatalogJobSpec, type RenderKind, type RenderResult, type RenderSpec, type UserJobKind, type UserJobSpec } from '../render/jobSpec';
import { JobRepository, filesOf, specOf, type JobRow } from './repository';
import { SequenceIndex } from './sequenceIndex';

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

export interface RenderQueueOptions extends QueueSettings {
  db: Db;
  now: Clock;
  log: FastifyBaseLogger;
  dataDir: string;
  runner: RenderRunner;
  /** The key of the job ids' HMAC (derived from the server secret): ids nobody can work out. */
  identityKey: Buffer;
  /** Per-kind hard timeouts; tests shorten them. */
  timeoutsMs?: Partial<Record<RenderKind, number>>;
  /** How long a claim holds without renewal; renewed every quarter of it. */
  leaseMs?: number;
  /** After an abort, how long a render may take to stop before its job is given up. */
  abortGraceMs?: number;
  /**
   * Claims of one job before a stall fails it (the first run plus one re-run): a lease that lapses
   * while this server runs, i.e. a job another process on the database claimed and gave up.
   */
  maxAttempts?: number;
  /** Restarts that found a job running (its render killed with the server) before the next fails it. */
  maxInterruptions?: number;
  /** How often unpolled jobs and lapsed leases are looked for. */
  sweepIntervalMs?: number;
  /** What a kind and style is expected to take before this server has measured it; tests choose their own. */
  seeds?: RenderSeeds;
  /** The longest a create waits for a short job (QUICK_ANSWER_MS); tests change it, not which jobs are short. */
  quickWaitMs?: number;
}

/** Whose limit of active jobs a refused submit hit, and what that limit is. */
export interface ActiveLimit {
  by: 'user' | 'ip';
  limit: number;
}

/** `remainingMs`: the queue's estimate of the time from now to the job's result. */
export type SubmitOutcome =
  | { type: 'refused'; limit: ActiveLimit }
  | { type: 'inquiry'; waitCount: number }
  | { type: 'exists'; id: string; kind: UserJobKind; files: string[] }
  | { type: 'queued'; id: string; waitCount: number; remainingMs: number };

export type PollOutcome =
  | { type: 'unknown' }
  | { type: 'waiting'; waitCount: number; running: boolean; remainingMs: number }
  | { type: 'done'; id: string; kind: UserJobKind; files: string[] }
  | { type: 'failed'; message: string }
  | { type: 'expired' };

export interface FinishedJob {
  id: string;
  spec: UserJobSpec;
  files: string[];
  finishedAt: number;
}

/** Why a render was aborted: each cause ends differently. */
export class RenderAborted extends Error {
  override name = 'RenderAborted';
  constructor(readonly why: 'timeout' | 'shutdown' | 'preempted') {
    super(`render aborted (${why})`);
  }
}

export type AsidePriority = 'demand' | 'background';

interface ActiveJob {
  id: string;
  seq: number;
  kind: UserJobKind;
  /** What its render time depends on besides the kind (durationStyleOf). */
  style: string;
  /** When it should be done, as estimated when it was queued (or the queue rebuilt); null when unknown. */
  expectedDoneAt: number | null;
  /** Who asked for it (the last to queue it anew); null for jobs of no user. */
  userId: number | null;
  /** The address it was asked from, as addressLimitKey counts it; null for none. */
  ipKey: string | null;
  status: 'queued' | 'running';
  /** Last create or poll, in memory only: polls must not write to the database. */
  touchedAt: number;
}

interface RunningTask {
  key: string;
  controller: AbortController;
  aside: AsideTask | null;
  /** A user job's render, for the estimates: null for gallery pictures. */
  job: RunningJob | null;
  settled: Promise<void>;
}

interface RunningJob {
  kind: UserJobKind;
  style: string;
  startedAt: number;
  /** The share of the render done, as the renderer reports it (frames drawn); 0 when it does not. */
  progress: number;
}

interface AsideTask {
  key: string;
  spec: CatalogJobSpec;
  priority: AsidePriority;
  promise: Promise<{ dir: string; files: string[] }>;
  resolve: (value: { dir: string; files: string[] }) => void;
  reject: (error: unknown) => void;
}

const DAY_MS = 24 * 3600 * 1000;
/** Finished results are kept this long after their last use, failures twice as long (DESIGN.md 8). */
export const KEEP_DONE_MS = 7 * DAY_MS;
export const KEEP_FAILED_MS = 14 * DAY_MS;
/** Below this share of its frames a render's own progress says too little to extrapolate from. */
const MIN_PROGRESS = 0.05;
/**
 * How long a create may wait for its job's result (waitForQuickJob), and only for a job that starts
 * at once and should end within it: a logo then comes with its create call (the spec's `exist`)
 * instead of with a poll later. Longer renders are answered at once and polled, as the spec says.
 */
export const QUICK_ANSWER_MS = 1_000;

/** Milliseconds as the API's answers carry them: seconds to a hundredth (a logo takes 0.06 s to 0.4 s), without a float's noise. */
export const answerSeconds = (ms: number): number => Math.round(ms / 10) / 100;

/** Adds `change` to a count, dropping the entry at zero so that the map holds active keys only. */
function bump<K>(counts: Map<K, number>, key: K, change: number): void {
  const next = (counts.get(key) ?? 0) + change;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

/**
 * The render queue (DESIGN.md sections 6 and 8): jobs are rows, claimed atomically in FIFO order,
 * rendered by the runner (worker threads in production) under a lease and a hard timeout. What
 * polls read (who is waiting, how many are ahead) is kept in memory, rebuilt from the rows at
 * start, so that polling never scans or writes the table.
 *
 * Beside users' jobs runs a lane of "aside" tasks (the gallery pictures): they take a render slot
 * only when no user job is queued, and a background one gives its slot up when a user job arrives.
 */
export class RenderQueue {
  private readonly repo: JobRepository;
  private readonly active = new Map<string, ActiveJob>();
  private readonly index = new SequenceIndex();
  private readonly running = new Map<string, RunningTask>();
  private readonly asideQueue: AsideTask[] = [];
  private readonly asideByKey = new Map<string, AsideTask>();
  /** Expected render times per kind and style, from this server's renders (persisted) and the seeds. */
  private readonly durations: RenderDurations;
  /** Queued user jobs of each kind and style, for the expected wait: no scan of the queue. */
  private readonly queuedByStyle = new Map<string, { kind: UserJobKind; style: string; count: number }>();
  /** Creates waiting for their job to end (the quick answer of a short render), by job id. */
  private readonly endWaiters = new Map<string, Set<(ended: boolean) => void>>();
  /** The users whose create waits in waitForQuickJob now. */
  private readonly quickWaits = new Set<number>();
  /** Queued and running jobs of each user and each address, for their limits (no entry at zero). */
  private readonly activeByUser = new Map<number, number>();
  private readonly activeByIp = new Map<string, number>();
  private readonly timeouts: Record<RenderKind, number>;
  private readonly leaseMs: number;
  private readonly abortGraceMs: number;
  private readonly maxAttempts: number;
  private readonly maxInterruptions: number;
  private readonly sweepIntervalMs: number;
  private readonly quickWaitMs: number;
  private timers: NodeJS.Timeout[] = [];
  private started = false;
  private closed = false;
  private pumping = false;

  constructor(private readonly options: RenderQueueOptions) {
    this.repo = new JobRepository(options.db);
    this.timeouts = { ...RENDER_TIMEOUT_MS, ...options.timeoutsMs };
    this.leaseMs = options.leaseMs ?? 20_000;
    this.abortGraceMs = options.abortGraceMs ?? 5_000;
    this.maxAttempts = options.maxAttempts ?? 2;
    this.maxInterruptions = options.maxInterruptions ?? 3;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 5_000;
    this.quickWaitMs = options.quickWaitMs ?? QUICK_ANSWER_MS;
    this.durations = new RenderDurations(options.seeds ?? RENDER_SEEDS, DEFAULT_RENDER_SECONDS, new DurationRepository(options.db));
  }

  /** Recovers what a previous run left, rebuilds the in-memory view, and starts rendering. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const { dataDir, now } = this.options;
    fs.mkdirSync(generatedDir(dataDir), { recursive: true });
    // Half-written renders of a previous run: nothing refers to them.
    fs.rmSync(renderTmpDir(dataDir), { recursive: true, force: true });
    fs.mkdirSync(renderTmpDir(dataDir), { recursive: true });
    const at = now();
    this.recoverOrphans(at);
    // Nothing runs yet: each job waits for the renders of those before it, shared among the slots.
    let workAheadMs = 0;
    for (const row of this.repo.active()) {
      const style = durationStyleOf(specOf(row));
      const ownMs = this.durations.estimateMs(row.kind, style);
      const expectedDoneAt = at + workAheadMs / this.options.concurrency + ownMs;
      workAheadMs += ownMs;
      // A restart counts as a poll: the clients that were waiting get a full expiry period to come back.
      this.addActive({ id: row.id, seq: row.seq, kind: row.kind, style, expectedDoneAt, userId: row.user_id, ipKey: addressLimitKey(row.ip), status: row.status, touchedAt: Math.max(row.touched_at, at) });
    }
    const sweep = setInterval(() => this.sweep(), this.sweepIntervalMs);
    const renew = setInterval(() => this.renewLeases(), Math.max(50, Math.floor(this.leaseMs / 4)));
    // Never the reason the process stays alive.
    sweep.unref();
    renew.unref();
    this.timers = [sweep, renew];
    this.options.runner.warm?.();
    this.pump();
  }

  get settings(): QueueSettings {
    const { concurrency, inquiryThreshold, unpolledExpiryMs, cacheScope, maxActivePerUser, maxActivePerIp } = this.options;
    return { concurrency, inquiryThreshold, unpolledExpiryMs, cacheScope, maxActivePerUser, maxActivePerIp };
  }

  /** Jobs queued or running: what a new job would have ahead of it. */
  get activeCount(): number {
    return this.index.size;
  }

  /** The wait-count structure, for tests and benchmarks that check it is not a scan. */
  get sequenceIndex(): SequenceIndex {
    return this.index;
  }

  /** The id a request of `userId` for `spec` has: the same for equal requests within the cache's scope. */
  identityOf(spec: UserJobSpec, userId: number | null): string {
    return jobIdentity(spec, this.options.identityKey, jobScope(this.options.cacheScope, userId));
  }

  /**
   * Queues a job, or answers the identical one in the cache's scope: finished (its files), queued
   * or running (its id), neither counting as a new job. A new job past its user's or address's
   * limit of active jobs is refused; a first request finding more than the threshold ahead gets an
   * inquiry. Both queue nothing.
   */
  submit(spec: UserJobSpec, request: { isFirst: boolean; userId: number | null; ip: string | null }): SubmitOutcome {
    this.assertOpen();
    const id = this.identityOf(spec, request.userId);
    const ipKey = addressLimitKey(request.ip);
    const at = this.options.now();
    const known = this.active.get(id);
    if (known) {
      known.touchedAt = Math.max(known.touchedAt, at);
      return { type: 'queued', id, waitCount: this.waitCountOf(known), remainingMs: this.remainingMs(known, at) };
    }
    const row = this.repo.byId(id);
    if (row?.status === 'done' && this.filesExist(id, filesOf(row))) {
      this.repo.touch(id, at);
      return { type: 'exists', id, kind: row.kind, files: filesOf(row) };
    }
    // Before the inquiry: a user who may not queue is told so, not asked whether to queue.
    const limit = this.activeLimitReached(request.userId, ipKey);
    if (limit) return { type: 'refused', limit };
    if (request.isFirst && this.index.size > this.options.inquiryThreshold) return { type: 'inquiry', waitCount: this.index.size };
    const style = durationStyleOf(spec);
    const ownMs = this.durations.estimateMs(spec.kind, style);
    // Before it joins the queue: afterwards it would count among the jobs ahead of itself.
    const expectedDoneAt = at + this.waitAheadMs(at) + ownMs;
    const seq = this.repo.enqueue(id, spec, { userId: request.userId, ip: request.ip }, at);
    if (seq === null) {
      // Queued or running by another server on this database: follow it from its row.
      const current = this.repo.byId(id);
      if (current && (current.status === 'queued' || current.status === 'running')) {
        this.addActive({ id, seq: current.seq, kind: current.kind, style, expectedDoneAt: null, userId: current.user_id, ipKey: addressLimitKey(current.ip), status: current.status, touchedAt: at });
      }
      return { type: 'queued', id, waitCount: 0, remainingMs: ownMs };
    }
    const job: ActiveJob = { id, seq, kind: spec.kind, style, expectedDoneAt, userId: request.userId, ipKey, status: 'queued', touchedAt: at };
    this.addActive(job);
    this.preemptBackground();
    this.pump();
    return { type: 'queued', id, waitCount: this.waitCountOf(job), remainingMs: this.remainingMs(job, this.options.now()) };
  }

  /**
   * Lets a create answer with the result of a short job: waits, up to QUICK_ANSWER_MS, for a job
   * just submitted that has nothing ahead of it and should end within that time. One such wait per
   * user and no more at once than there are render slots, so that waiting creates can never hold
   * many connections open (the callers' rate limits come first). Answers whether the job ended;
   * false at once for any other job, which is polled as usual.
   */
  async waitForQuickJob(queued: { id: string; waitCount: number; remainingMs: number }, userId: number | null): Promise<boolean> {
    const quick = queued.waitCount === 0 && queued.remainingMs <= QUICK_ANSWER_MS;
    if (!quick || userId === null || this.quickWaits.has(userId) || this.quickWaits.size >= this.options.concurrency) return false;
    this.quickWaits.add(userId);
    try {
      return await this.jobEnded(queued.id, this.quickWaitMs);
    } finally {
      this.quickWaits.delete(userId);
    }
  }

  /**
   * Resolves true when the job is no longer queued or running (done, failed, expired), false after
   * `timeoutMs` or on shutdown.
   */
  jobEnded(id: string, timeoutMs: number): Promise<boolean> {
    if (!this.active.has(id)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiters = this.endWaiters.get(id) ?? new Set();
      this.endWaiters.set(id, waiters);
      const end = (ended: boolean): void => {
        clearTimeout(timer);
        waiters.delete(end);
        if (!waiters.size && this.endWaiters.get(id) === waiters) this.endWaiters.delete(id);
        resolve(ended);
      };
      const timer = setTimeout(() => end(false), timeoutMs);
      // A waiting request must never be what keeps the process alive.
      timer.unref();
      waiters.add(end);
    });
  }

  /**
   * What `userId` polling `id` should hear; refreshes the job's last-polled time. In user scope a
   * job is its submitter's alone: anyone else hears what an unknown id answers.
   */
  poll(id: string, userId: number | null): PollOutcome {
    if (!JOB_ID_PATTERN.test(id)) return { type: 'unknown' };
    const at = this.options.now();
    const job = this.active.get(id);
    if (job && !this.mayPoll(job.userId, userId)) return { type: 'unknown' };
    if (job) {
      if (this.isUnpolled(job, at)) {
        this.expireJob(job, at);
        return { type: 'expired' };
      }
      job.touchedAt = Math.max(job.touchedAt, at);
      return { type: 'waiting', waitCount: this.waitCountOf(job), running: job.status === 'running', remainingMs: this.remainingMs(job, at) };
    }
    const row = this.repo.byId(id);
    if (!row || !this.mayPoll(row.user_id, userId)) return { type: 'unknown' };
    switch (row.status) {
      case 'done': {
        const files = filesOf(row);
        if (!this.filesExist(id, files)) return { type: 'expired' };
        this.repo.touch(id, at);
        return { type: 'done', id, kind: row.kind, files };
      }
      case 'failed':
        return { type: 'failed', message: row.error || GenerationMessages.renderFailed };
      case 'expired':
        return { type: 'expired' };
      default:
        return { type: 'waiting', waitCount: 0, running: row.status === 'running', remainingMs: this.durations.estimateMs(row.kind, durationStyleOf(specOf(row))) };
    }
  }

  /** A finished job whose files are all on disk, or null (the zip service's check). */
  finishedJob(id: string): FinishedJob | null {
    if (!JOB_ID_PATTERN.test(id)) return null;
    const row = this.repo.byId(id);
    if (!row || row.status !== 'done' || row.finished_at === null) return null;
    const files = filesOf(row);
    return this.filesExist(id, files) ? { id, spec: specOf(row), files, finishedAt: row.finished_at } : null;
  }

  /** Marks results as used (a zip was made of them) so that they are kept another week. */
  touch(ids: readonly string[]): void {
    const at = this.options.now();
    for (const id of ids) this.repo.touch(id, at);
  }

  /**
   * Milliseconds from now to the result of a job of `kind` in `style` queued now: the wait for the
   * work ahead of it, then its own render (the median of that style's recent renders, RenderDurations).
   * Without a style, the kind's usual figure. Reads no rows: counts and medians are in memory.
   */
  expectedMs(kind: UserJobKind, style = ''): number {
    return this.waitAheadMs(this.options.now()) + this.durations.estimateMs(kind, style);
  }

  /** expectedMs as the answers carry it (answerSeconds), never 0: a logo takes a fraction of a second. */
  expectedSeconds(kind: UserJobKind, style = ''): number {
    return Math.max(0.01, answerSeconds(this.expectedMs(kind, style)));
  }

  /**
   * How long a job queued now waits to start: nothing while a slot is free and no job waits;
   * otherwise the queued work plus what the running renders have left, shared among the slots
   * (with nothing queued, until the first running render ends).
   */
  private waitAheadMs(at: number): number {
    let queued = 0;
    for (const { kind, style, count } of this.queuedByStyle.values()) queued += count * this.durations.estimateMs(kind, style);
    const running: number[] = [];
    for (const task of this.running.values()) if (task.job) running.push(this.runningRemainingMs(task.job, at));
    if (queued === 0) return running.length < this.options.concurrency ? 0 : Math.min(...running);
    return (queued + running.reduce((sum, ms) => sum + ms, 0)) / this.options.concurrency;
  }

  /** The time a queued or running job has left, by the estimates and, once it renders, its progress. */
  private remainingMs(job: ActiveJob, at: number): number {
    const run = job.status === 'running' ? this.running.get(job.id)?.job : undefined;
    if (run) return this.runningRemainingMs(run, at);
    const ownMs = this.durations.estimateMs(job.kind, job.style);
    return job.expectedDoneAt === null ? ownMs : Math.max(job.expectedDoneAt - at, ownMs);
  }

  /**
   * What a render has left: its estimate less the time it has run; once the renderer reports
   * progress (frames drawn), blended with the time the rest of its frames will take at the pace
   * so far, trusting the pace more the further it is.
   */
  private runningRemainingMs(run: RunningJob, at: number): number {
    const elapsed = Math.max(0, at - run.startedAt);
    const byEstimate = Math.max(0, this.durations.estimateMs(run.kind, run.style) - elapsed);
    const share = run.progress;
    if (share < MIN_PROGRESS) return byEstimate;
    const byPace = (elapsed * (1 - share)) / share;
    return share * byPace + (1 - share) * byEstimate;
  }

  /**
   * Renders a side task (a gallery picture) when no user job waits. Tasks with the same key share
   * one render. Resolves with a temporary folder holding the files: the caller moves them and
   * deletes the folder.
   */
  runAside(key: string, spec: CatalogJobSpec, priority: AsidePriority): Promise<{ dir: string; files: string[] }> {
    if (this.closed || !this.started) return Promise.reject(new RenderAborted('shutdown'));
    const known = this.asideByKey.get(key);
    if (known) {
      if (priority === 'demand' && known.priority === 'background') {
        known.priority = 'demand';
        const at = this.asideQueue.indexOf(known);
        if (at >= 0) {
          this.asideQueue.splice(at, 1);
          this.enqueueAside(known);
        }
      }
      return known.promise;
    }
    let resolve!: AsideTask['resolve'];
    let reject!: AsideTask['reject'];
    const promise = new Promise<{ dir: string; files: string[] }>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    const task: AsideTask = { key, spec, priority, promise, resolve, reject };
    this.asideByKey.set(key, task);
    this.enqueueAside(task);
    this.pump();
    return promise;
  }

  /** Expires unpolled jobs and re-queues (or fails) stalled ones; runs on a timer. */
  sweep(): void {
    if (this.closed || !this.started) return;
    const at = this.options.now();
    this.expireUnpolled(at);
    this.recoverLapsed(at);
    this.pump();
  }

  /** Deletes old results and failures with their files (services.ts's housekeeping). */
  prune(): number {
    if (this.closed) return 0;
    const at = this.options.now();
    const ids = this.repo.prune(at - KEEP_DONE_MS, at - KEEP_FAILED_MS);
    for (const id of ids) fs.rmSync(jobDir(this.options.dataDir, id), { recursive: true, force: true });
    return ids.length;
  }

  /**
   * Shutdown: stop claiming, put running jobs back in the queue in their place (the interrupted
   * attempt does not count), abort their renders and wait for the renderers to stop.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    const settled: Promise<void>[] = [];
    for (const task of this.running.values()) {
      if (!task.aside) this.repo.release(task.key);
      task.controller.abort(new RenderAborted('shutdown'));
      settled.push(task.settled);
    }
    for (const task of this.asideQueue.splice(0)) task.reject(new RenderAborted('shutdown'));
    for (const waiters of [...this.endWaiters.values()]) for (const end of [...waiters]) end(false);
    await this.options.runner.close();
    await Promise.allSettled(settled);
  }

  private mayPoll(owner: number | null, userId: number | null): boolean {
    return this.options.cacheScope === 'shared' || owner === userId;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The render queue is closed');
    if (!this.started) throw new Error('The render queue has not been started');
  }

  private addActive(job: ActiveJob): void {
    const existing = this.active.get(job.id);
    if (existing) {
      this.index.delete(existing.seq);
      this.countActive(existing, -1);
    }
    this.active.set(job.id, job);
    this.index.add(job.seq);
    this.countActive(job, 1);
  }

  private removeActive(id: string): void {
    const job = this.active.get(id);
    if (!job) return;
    this.active.delete(id);
    this.index.delete(job.seq);
    this.countActive(job, -1);
    for (const end of [...(this.endWaiters.get(id) ?? [])]) end(true);
  }

  private countActive(job: ActiveJob, change: number): void {
    if (job.status === 'queued') this.countQueued(job, change);
    if (job.userId !== null) bump(this.activeByUser, job.userId, change);
    if (job.ipKey !== null) bump(this.activeByIp, job.ipKey, change);
  }

  private countQueued(job: ActiveJob, change: number): void {
    const key = `${job.kind}\u0000${job.style}`;
    const entry = this.queuedByStyle.get(key) ?? { kind: job.kind, style: job.style, count: 0 };
    entry.count += change;
    if (entry.count > 0) this.queuedByStyle.set(key, entry);
    else this.queuedByStyle.delete(key);
  }

  /** Moves a job between queued and running, keeping the queued counts right. */
  private setStatus(job: ActiveJob, status: ActiveJob['status']): void {
    if (job.status === status) return;
    if (job.status === 'queued') this.countQueued(job, -1);
    job.status = status;
    if (status === 'queued') this.countQueued(job, 1);
  }

  /** The limit a new job of this user and address would pass, or null: two map reads, no rows. */
  private activeLimitReached(userId: number | null, ipKey: string | null): ActiveLimit | null {
    const { maxActivePerUser, maxActivePerIp } = this.options;
    if (userId !== null && (this.activeByUser.get(userId) ?? 0) >= maxActivePerUser) return { by: 'user', limit: maxActivePerUser };
    if (ipKey !== null && (this.activeByIp.get(ipKey) ?? 0) >= maxActivePerIp) return { by: 'ip', limit: maxActivePerIp };
    return null;
  }

  private waitCountOf(job: ActiveJob): number {
    return job.status === 'running' ? 0 : this.index.countBelow(job.seq);
  }

  private isUnpolled(job: ActiveJob, at: number): boolean {
    return job.status === 'queued' && at - job.touchedAt > this.options.unpolledExpiryMs;
  }

  private expireJob(job: ActiveJob, at: number): void {
    this.repo.expire(job.id, at);
    this.removeActive(job.id);
  }

  private expireUnpolled(at: number): void {
    for (const job of this.active.values()) {
      if (this.isUnpolled(job, at)) this.expireJob(job, at);
    }
  }

  /**
   * The embedded queue is the only one on its DATA_DIR's database (DESIGN.md section 6; several
   * servers take the distributed adapter), so at start every job still marked running lost its
   * render with the previous process: it runs again at once, in its old place, rather than after
   * its lease. A kill is not the job's fault, so it does not use up an attempt; but a render that
   * crashes the server each time must not stop it forever, so the interruptions are counted.
   */
  private recoverOrphans(at: number): void {
    const { requeued, failed } = this.repo.recoverOrphans(at, this.maxInterruptions, GenerationMessages.renderInterrupted);
    for (const row of requeued) {
      this.options.log.warn({ jobId: row.id, kind: row.kind, interruptions: row.interruptions + 1 }, 'render job interrupted by a restart: queued again');
    }
    for (const row of failed) {
      this.options.log.error({ jobId: row.id, kind: row.kind, interruptions: row.interruptions + 1 }, 'render job interrupted by too many restarts: failed');
    }
  }

  private recoverLapsed(at: number): void {
    const mine = new Set(this.running.keys());
    const { requeued, failed } = this.repo.recoverLapsed(at, this.maxAttempts, GenerationMessages.renderFailed, mine);
    for (const row of requeued) {
      this.options.log.warn({ jobId: row.id, kind: row.kind, attempts: row.attempts }, 'render job stalled (lease lapsed): queued again');
      const job = this.active.get(row.id);
      if (job) this.setStatus(job, 'queued');
    }
    for (const row of failed) {
      this.options.log.error({ jobId: row.id, kind: row.kind, attempts: row.attempts }, 'render job stalled again: failed');
      this.removeActive(row.id);
    }
  }

  private renewLeases(): void {
    if (this.closed) return;
    const ids = [...this.running.values()].filter((task) => !task.aside).map((task) => task.key);
    if (ids.length) this.repo.renewLeases(ids, this.options.now() + this.leaseMs);
  }

  private filesExist(id: string, files: string[]): boolean {
    const dir = jobDir(this.options.dataDir, id);
    return files.length > 0 && files.every((file) => fs.existsSync(path.join(dir, file)));
  }

  private enqueueAside(task: AsideTask): void {
    if (task.priority === 'demand') {
      const firstBackground = this.asideQueue.findIndex((queued) => queued.priority === 'background');
      this.asideQueue.splice(firstBackground < 0 ? this.asideQueue.length : firstBackground, 0, task);
    } else {
      this.asideQueue.push(task);
    }
  }

  /** A user job waits and every slot is busy: a background gallery render gives its slot up. */
  private preemptBackground(): void {
    if (this.running.size < this.options.concurrency) return;
    for (const task of this.running.values()) {
      if (task.aside?.priority === 'background' && !task.controller.signal.aborted) {
        task.controller.abort(new RenderAborted('preempted'));
        return;
      }
    }
  }

  /** Fills free slots: users' jobs first (FIFO), then gallery tasks. */
  private pump(): void {
    if (this.closed || !this.started || this.pumping) return;
    this.pumping = true;
    try {
      if (this.running.size < this.options.concurrency) this.expireUnpolled(this.options.now());
      while (this.running.size < this.options.concurrency) {
        const at = this.options.now();
        const row = this.repo.claim(at, at + this.leaseMs);
        if (row) {
          this.startJob(row);
          continue;
        }
        const aside = this.asideQueue.shift();
        if (!aside) break;
        this.startAside(aside);
      }
    } finally {
      this.pumping = false;
    }
  }

  private newTmpDir(key: string): string {
    return fs.mkdtempSync(path.join(renderTmpDir(this.options.dataDir), `${key}-`));
  }

  /** Runs the renderer under the kind's timeout; after an abort, gives it a grace period to stop. */
  private async render(spec: RenderSpec, outDir: string, controller: AbortController, onProgress?: (share: number) => void): Promise<RenderResult> {
    let grace: NodeJS.Timeout | undefined;
    const timeout = setTimeout(() => controller.abort(new RenderAborted('timeout')), this.timeouts[spec.kind]);
    const givenUp = new Promise<never>((_resolve, reject) => {
      const onAbort = (): void => {
        grace = setTimeout(() => reject(controller.signal.reason), this.abortGraceMs);
      };
      if (controller.signal.aborted) onAbort();
      else controller.signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const result = await Promise.race([this.options.runner.run(spec, outDir, controller.signal, onProgress), givenUp]);
      // A render that ignored its abort and finished anyway still timed out or was interrupted.
      if (controller.signal.aborted) throw controller.signal.reason;
      return result;
    } catch (error) {
      // However the renderer reports an abort, the reason we aborted for decides what happens next.
      throw controller.signal.aborted ? controller.signal.reason : error;
    } finally {
      clearTimeout(timeout);
      clearTimeout(grace);
    }
  }

  private startJob(row: JobRow): void {
    const controller = new AbortController();
    const spec = specOf(row);
    const style = durationStyleOf(spec);
    const known = this.active.get(row.id);
    if (known) this.setStatus(known, 'running');
    else this.addActive({ id: row.id, seq: row.seq, kind: row.kind, style, expectedDoneAt: null, userId: row.user_id, ipKey: addressLimitKey(row.ip), status: 'running', touchedAt: row.touched_at });
    const job: RunningJob = { kind: row.kind, style, startedAt: row.started_at ?? this.options.now(), progress: 0 };
    const task: RunningTask = { key: row.id, controller, aside: null, job, settled: Promise.resolve() };
    this.running.set(row.id, task);
    const tmp = this.newTmpDir(row.id);
    // Never backwards, never past the end, whatever a renderer reports.
    const onProgress = (share: number): void => {
      if (Number.isFinite(share)) job.progress = Math.min(1, Math.max(job.progress, share));
    };
    task.settled = this.render(spec, tmp, controller, onProgress)
      .then(
        (result) => this.jobSucceeded(row, tmp, result),
        (error: unknown) => this.jobFailed(row, error),
      )
      .catch((error: unknown) => this.options.log.error({ err: error, jobId: row.id }, 'render job bookkeeping failed'))
      .finally(() => {
        fs.rmSync(tmp, { recursive: true, force: true });
        this.running.delete(row.id);
        this.pump();
      });
  }

  private jobSucceeded(row: JobRow, tmp: string, result: RenderResult): void {
    if (this.closed) return;
    const { dataDir, now } = this.options;
    const at = now();
    const startedAt = row.started_at ?? at;
    const touchedAt = this.active.get(row.id)?.touchedAt ?? at;
    try {
      const missing = result.files.filter((file) => !fs.existsSync(path.join(tmp, file)));
      if (!result.files.length || missing.length) throw new Error(`The renderer reported files it did not write: ${missing.join(', ') || '(none)'}`);
      const final = jobDir(dataDir, row.id);
      fs.rmSync(final, { recursive: true, force: true });
      fs.renameSync(tmp, final);
      // mkdtemp made it private; a web server in front of us may serve it straight from disk.
      fs.chmodSync(final, 0o755);
    } catch (error) {
      this.jobFailed(row, error);
      return;
    }
    if (this.repo.finish(row.id, startedAt, result.files, at, at - startedAt, startedAt - row.queued_at, touchedAt)) {
      this.durations.record({ kind: row.kind, style: durationStyleOf(specOf(row)), finishedAt: at, renderMs: at - startedAt });
    }
    this.removeActive(row.id);
  }

  private jobFailed(row: JobRow, error: unknown): void {
    if (this.closed) return;
    const at = this.options.now();
    const timedOut = error instanceof RenderAborted && error.why === 'timeout';
    // A renderer's message meant for the user (an image service's refusal, say) is shown as it is.
    const message = timedOut ? GenerationMessages.renderTimedOut : (userFacingMessage(error) ?? GenerationMessages.renderFailed);
    this.options.log.error({ err: error, jobId: row.id, kind: row.kind, timedOut }, 'render job failed');
    this.repo.fail(row.id, message, at, this.active.get(row.id)?.touchedAt ?? at);
    this.removeActive(row.id);
  }

  private startAside(aside: AsideTask): void {
    const controller = new AbortController();
    const task: RunningTask = { key: `aside:${aside.key}`, controller, aside, job: null, settled: Promise.resolve() };
    this.running.set(task.key, task);
    const tmp = this.newTmpDir(aside.key);
    task.settled = this.render(aside.spec, tmp, controller)
      .then(
        (result) => {
          this.asideByKey.delete(aside.key);
          aside.resolve({ dir: tmp, files: result.files });
        },
        (error: unknown) => {
          fs.rmSync(tmp, { recursive: true, force: true });
          if (error instanceof RenderAborted && error.why === 'preempted' && !this.closed) {
            // Back to the front of its lane: it runs again when a slot is free of users' jobs.
            const firstBackground = this.asideQueue.findIndex((queued) => queued.priority === 'background');
            this.asideQueue.splice(firstBackground < 0 ? this.asideQueue.length : firstBackground, 0, aside);
            return;
          }
          this.asideByKey.delete(aside.key);
          if (!(error instanceof RenderAborted && error.why === 'shutdown')) {
            this.options.log.error({ err: error, task: aside.key }, 'gallery render failed');
          }
          aside.reject(error);
        },
      )
      .catch((error: unknown) => this.options.log.error({ err: error, task: aside.key }, 'gallery render bookkeeping failed'))
      .finally(() => {
        this.running.delete(task.key);
        this.pump();
      });
  }
}
