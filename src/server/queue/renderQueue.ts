import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { GenerationMessages } from '../../contract/generation';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { addressLimitKey } from '../security/clientAddress';
import { generatedDir, jobDir, renderTmpDir } from './paths';
import {
  DEFAULT_RENDER_SECONDS,
  JOB_ID_PATTERN,
  RENDER_TIMEOUT_MS,
  jobIdentity,
  jobScope,
  userFacingMessage,
  type CacheScope,
  type CatalogJobSpec,
  type RenderKind,
  type RenderResult,
  type RenderRunner,
  type RenderSpec,
  type UserJobKind,
  type UserJobSpec,
} from './renderSpec';
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
}

/** Whose limit of active jobs a refused submit hit, and what that limit is. */
export interface ActiveLimit {
  by: 'user' | 'ip';
  limit: number;
}

export type SubmitOutcome =
  | { type: 'refused'; limit: ActiveLimit }
  | { type: 'inquiry'; waitCount: number }
  | { type: 'exists'; id: string; kind: UserJobKind; files: string[] }
  | { type: 'queued'; id: string; waitCount: number };

export type PollOutcome =
  | { type: 'unknown' }
  | { type: 'waiting'; waitCount: number; running: boolean }
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
  settled: Promise<void>;
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
/** Renders the expected duration is measured over. */
export const DURATION_HISTORY = 20;

/** Adds `change` to a count, dropping the entry at zero so that the map holds active keys only. */
function bump<K>(counts: Map<K, number>, key: K, change: number): void {
  const next = (counts.get(key) ?? 0) + change;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
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
  /** Median render seconds of each kind's recent renders; dropped when one of the kind finishes. */
  private readonly renderMedians = new Map<UserJobKind, number>();
  /** Queued and running user jobs of each kind, for the expected wait. */
  private readonly activeByKind = new Map<UserJobKind, number>();
  /** Queued and running jobs of each user and each address, for their limits (no entry at zero). */
  private readonly activeByUser = new Map<number, number>();
  private readonly activeByIp = new Map<string, number>();
  private readonly timeouts: Record<RenderKind, number>;
  private readonly leaseMs: number;
  private readonly abortGraceMs: number;
  private readonly maxAttempts: number;
  private readonly maxInterruptions: number;
  private readonly sweepIntervalMs: number;
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
    for (const row of this.repo.active()) {
      // A restart counts as a poll: the clients that were waiting get a full expiry period to come back.
      this.addActive({ id: row.id, seq: row.seq, kind: row.kind, userId: row.user_id, ipKey: addressLimitKey(row.ip), status: row.status, touchedAt: Math.max(row.touched_at, at) });
    }
    const sweep = setInterval(() => this.sweep(), this.sweepIntervalMs);
    const renew = setInterval(() => this.renewLeases(), Math.max(50, Math.floor(this.leaseMs / 4)));
    // Never the reason the process stays alive.
    sweep.unref();
    renew.unref();
    this.timers = [sweep, renew];
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
      return { type: 'queued', id, waitCount: this.waitCountOf(known) };
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
    const seq = this.repo.enqueue(id, spec, { userId: request.userId, ip: request.ip }, at);
    if (seq === null) {
      // Queued or running by another server on this database: follow it from its row.
      const current = this.repo.byId(id);
      if (current && (current.status === 'queued' || current.status === 'running')) {
        this.addActive({ id, seq: current.seq, kind: current.kind, userId: current.user_id, ipKey: addressLimitKey(current.ip), status: current.status, touchedAt: at });
      }
      return { type: 'queued', id, waitCount: 0 };
    }
    const job: ActiveJob = { id, seq, kind: spec.kind, userId: request.userId, ipKey, status: 'queued', touchedAt: at };
    this.addActive(job);
    this.preemptBackground();
    this.pump();
    return { type: 'queued', id, waitCount: this.waitCountOf(job) };
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
      return { type: 'waiting', waitCount: this.waitCountOf(job), running: job.status === 'running' };
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
        return { type: 'waiting', waitCount: 0, running: row.status === 'running' };
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
   * Expected seconds from submit to result for a kind: its median render time, plus the work of
   * every job now queued or running (each at its own kind's median) shared among the render slots,
   * rounded up. Before any history a kind counts as the spec's default (180 s logo, 60 s banner,
   * 120 s builder banner).
   * Reads no rows: the counts are kept in memory and the medians cached.
   */
  expectedSeconds(kind: UserJobKind): number {
    let pending = 0;
    for (const [activeKind, count] of this.activeByKind) pending += count * this.renderSeconds(activeKind);
    return Math.max(1, Math.ceil(this.renderSeconds(kind) + pending / this.options.concurrency));
  }

  private renderSeconds(kind: UserJobKind): number {
    const cached = this.renderMedians.get(kind);
    if (cached !== undefined) return cached;
    const history = this.repo.history(kind, DURATION_HISTORY);
    const seconds = history.length ? median(history.map((h) => h.render_ms)) / 1000 : DEFAULT_RENDER_SECONDS[kind];
    this.renderMedians.set(kind, seconds);
    return seconds;
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
  }

  private countActive(job: ActiveJob, change: number): void {
    this.activeByKind.set(job.kind, (this.activeByKind.get(job.kind) ?? 0) + change);
    if (job.userId !== null) bump(this.activeByUser, job.userId, change);
    if (job.ipKey !== null) bump(this.activeByIp, job.ipKey, change);
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
      if (job) job.status = 'queued';
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
  private async render(spec: RenderSpec, outDir: string, controller: AbortController): Promise<RenderResult> {
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
      const result = await Promise.race([this.options.runner.run(spec, outDir, controller.signal), givenUp]);
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
    const known = this.active.get(row.id);
    if (known) known.status = 'running';
    else this.addActive({ id: row.id, seq: row.seq, kind: row.kind, userId: row.user_id, ipKey: addressLimitKey(row.ip), status: 'running', touchedAt: row.touched_at });
    const task: RunningTask = { key: row.id, controller, aside: null, settled: Promise.resolve() };
    this.running.set(row.id, task);
    const tmp = this.newTmpDir(row.id);
    task.settled = this.render(spec, tmp, controller)
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
    this.repo.finish(row.id, startedAt, result.files, at, at - startedAt, startedAt - row.queued_at, touchedAt);
    this.renderMedians.delete(row.kind);
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
    const task: RunningTask = { key: `aside:${aside.key}`, controller, aside, settled: Promise.resolve() };
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
