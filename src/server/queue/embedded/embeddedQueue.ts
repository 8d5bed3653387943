/**
 * The embedded render queue (DESIGN.md sections 6 and 8), the default: jobs are rows of this
 * server's database, claimed atomically in FIFO order, rendered by the runner (worker threads) under
 * a lease and a hard timeout. What polls read is kept in memory (ActiveJobs), rebuilt from the rows
 * at start, so that polling never scans or writes the table. Beside users' jobs runs the gallery's
 * lane (GalleryLane): it takes a slot only when no user job is queued.
 */
import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { GenerationMessages } from '../../../contract/generation';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { userFacingMessage, type CatalogJobSpec, type RenderKind, type RenderResult, type UserJobKind, type UserJobSpec } from '../../render/jobSpec';
import { addressLimitKey } from '../../security/clientAddress';
import { generatedDir, jobDir, renderTmpDir } from '../paths';
import { DurationRepository, RenderDurations, type RenderSeeds } from '../renderDurations';
import {
  KEEP_DONE_MS,
  KEEP_FAILED_MS,
  QUICK_ANSWER_MS,
  RenderAborted,
  answerSeconds,
  type FinishedJob,
  type GalleryPriority,
  type GalleryResult,
  type PollOutcome,
  type QueueSettings,
  type QueuedOutcome,
  type RenderQueue,
  type SubmitOutcome,
  type SubmitRequest,
} from '../renderQueue';
import { RENDER_SEEDS } from '../renderSeeds';
import { DEFAULT_RENDER_SECONDS, JOB_ID_PATTERN, RENDER_TIMEOUT_MS, durationStyleOf, jobIdentity, jobScope, type RenderRunner } from '../renderSpec';
import { JobRepository, filesOf, specOf, type JobRow } from '../repository';
import type { SequenceIndex } from '../sequenceIndex';
import { ActiveJobs, type ActiveJob } from './activeJobs';
import { Estimates, type RunningJob } from './estimates';
import { GalleryLane, type GalleryTask } from './galleryLane';
import { renderUnderTimeout } from './timedRender';

export interface EmbeddedQueueOptions extends QueueSettings {
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

interface RunningTask {
  key: string;
  controller: AbortController;
  gallery: GalleryTask | null;
  /** A user job's render, for the estimates: null for gallery pictures. */
  job: RunningJob | null;
  settled: Promise<void>;
}

export class EmbeddedRenderQueue implements RenderQueue {
  private readonly repo: JobRepository;
  private readonly active = new ActiveJobs();
  private readonly running = new Map<string, RunningTask>();
  private readonly gallery = new GalleryLane();
  /** Expected render times per kind and style, from this server's renders (persisted) and the seeds. */
  private readonly durations: RenderDurations;
  private readonly estimates: Estimates;
  /** The users whose create waits in waitForQuickJob now. */
  private readonly quickWaits = new Set<number>();
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

  constructor(private readonly options: EmbeddedQueueOptions) {
    this.repo = new JobRepository(options.db);
    this.timeouts = { ...RENDER_TIMEOUT_MS, ...options.timeoutsMs };
    this.leaseMs = options.leaseMs ?? 20_000;
    this.abortGraceMs = options.abortGraceMs ?? 5_000;
    this.maxAttempts = options.maxAttempts ?? 2;
    this.maxInterruptions = options.maxInterruptions ?? 3;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 5_000;
    this.quickWaitMs = options.quickWaitMs ?? QUICK_ANSWER_MS;
    this.durations = new RenderDurations(options.seeds ?? RENDER_SEEDS, DEFAULT_RENDER_SECONDS, new DurationRepository(options.db));
    this.estimates = new Estimates(this.durations, options.concurrency);
  }

  async start(): Promise<void> {
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
      const ownMs = this.estimates.ownMs(row.kind, style);
      const expectedDoneAt = at + workAheadMs / this.options.concurrency + ownMs;
      workAheadMs += ownMs;
      // A restart counts as a poll: the clients that were waiting get a full expiry period to come back.
      this.active.add({ id: row.id, seq: row.seq, kind: row.kind, style, expectedDoneAt, userId: row.user_id, ipKey: addressLimitKey(row.ip), status: row.status, touchedAt: Math.max(row.touched_at, at) });
    }
    const sweep = setInterval(() => this.sweepNow(), this.sweepIntervalMs);
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

  /** The wait-count structure, for tests and benchmarks that check it is not a scan. */
  get sequenceIndex(): SequenceIndex {
    return this.active.sequenceIndex;
  }

  identityOf(spec: UserJobSpec, userId: number | null): string {
    return jobIdentity(spec, this.options.identityKey, jobScope(this.options.cacheScope, userId));
  }

  async submit(spec: UserJobSpec, request: SubmitRequest): Promise<SubmitOutcome> {
    this.assertOpen();
    const id = this.identityOf(spec, request.userId);
    const ipKey = addressLimitKey(request.ip);
    const at = this.options.now();
    const known = this.active.get(id);
    if (known) {
      known.touchedAt = Math.max(known.touchedAt, at);
      return { type: 'queued', id, waitCount: this.active.waitCountOf(known), remainingMs: this.remainingMs(known, at) };
    }
    const row = this.repo.byId(id);
    if (row?.status === 'done' && this.filesExist(id, filesOf(row))) {
      this.repo.touch(id, at);
      return { type: 'exists', id, kind: row.kind, files: filesOf(row) };
    }
    // Before the inquiry: a user who may not queue is told so, not asked whether to queue.
    const limit = this.active.limitReached(request.userId, ipKey, this.options);
    if (limit) return { type: 'refused', limit };
    if (request.isFirst && this.active.size > this.options.inquiryThreshold) return { type: 'inquiry', waitCount: this.active.size };
    const style = durationStyleOf(spec);
    const ownMs = this.estimates.ownMs(spec.kind, style);
    // Before it joins the queue: afterwards it would count among the jobs ahead of itself.
    const expectedDoneAt = at + this.waitAheadMs(at) + ownMs;
    const seq = this.repo.enqueue(id, spec, { userId: request.userId, ip: request.ip }, at);
    if (seq === null) {
      // Queued or running by another server on this database: follow it from its row.
      const current = this.repo.byId(id);
      if (current && (current.status === 'queued' || current.status === 'running')) {
        this.active.add({ id, seq: current.seq, kind: current.kind, style, expectedDoneAt: null, userId: current.user_id, ipKey: addressLimitKey(current.ip), status: current.status, touchedAt: at });
      }
      return { type: 'queued', id, waitCount: 0, remainingMs: ownMs };
    }
    const job: ActiveJob = { id, seq, kind: spec.kind, style, expectedDoneAt, userId: request.userId, ipKey, status: 'queued', touchedAt: at };
    this.active.add(job);
    this.preemptBackground();
    this.pump();
    return { type: 'queued', id, waitCount: this.active.waitCountOf(job), remainingMs: this.remainingMs(job, this.options.now()) };
  }

  /**
   * One such wait per user and no more at once than there are render slots, so that waiting
   * creates can never hold many connections open (the callers' rate limits come first).
   */
  async waitForQuickJob(queued: QueuedOutcome, userId: number | null): Promise<boolean> {
    const quick = queued.waitCount === 0 && queued.remainingMs <= QUICK_ANSWER_MS;
    if (!quick || userId === null || this.quickWaits.has(userId) || this.quickWaits.size >= this.options.concurrency) return false;
    this.quickWaits.add(userId);
    try {
      return await this.active.whenEnded(queued.id, this.quickWaitMs);
    } finally {
      this.quickWaits.delete(userId);
    }
  }

  jobEnded(id: string, timeoutMs: number): Promise<boolean> {
    return this.active.whenEnded(id, timeoutMs);
  }

  async poll(id: string, userId: number | null): Promise<PollOutcome> {
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
      return { type: 'waiting', waitCount: this.active.waitCountOf(job), running: job.status === 'running', remainingMs: this.remainingMs(job, at) };
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
        return { type: 'waiting', waitCount: 0, running: row.status === 'running', remainingMs: this.estimates.ownMs(row.kind, durationStyleOf(specOf(row))) };
    }
  }

  async finishedJob(id: string): Promise<FinishedJob | null> {
    if (!JOB_ID_PATTERN.test(id)) return null;
    const row = this.repo.byId(id);
    if (!row || row.status !== 'done' || row.finished_at === null) return null;
    const files = filesOf(row);
    return this.filesExist(id, files) ? { id, spec: specOf(row), files, finishedAt: row.finished_at } : null;
  }

  async touch(ids: readonly string[]): Promise<void> {
    const at = this.options.now();
    for (const id of ids) this.repo.touch(id, at);
  }

  async expectedMs(kind: UserJobKind, style = ''): Promise<number> {
    return this.waitAheadMs(this.options.now()) + this.estimates.ownMs(kind, style);
  }

  async expectedSeconds(kind: UserJobKind, style = ''): Promise<number> {
    return Math.max(0.01, answerSeconds(await this.expectedMs(kind, style)));
  }

  renderGallery(key: string, spec: CatalogJobSpec, priority: GalleryPriority): Promise<GalleryResult> {
    if (this.closed || !this.started) return Promise.reject(new RenderAborted('shutdown'));
    const result = this.gallery.request(key, spec, priority);
    this.pump();
    return result;
  }

  async sweep(): Promise<void> {
    this.sweepNow();
  }

  async prune(): Promise<number> {
    if (this.closed) return 0;
    const at = this.options.now();
    const ids = this.repo.prune(at - KEEP_DONE_MS, at - KEEP_FAILED_MS);
    for (const id of ids) fs.rmSync(jobDir(this.options.dataDir, id), { recursive: true, force: true });
    return ids.length;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    const settled: Promise<void>[] = [];
    for (const task of this.running.values()) {
      if (!task.gallery) this.repo.release(task.key);
      task.controller.abort(new RenderAborted('shutdown'));
      settled.push(task.settled);
    }
    this.gallery.rejectWaiting(new RenderAborted('shutdown'));
    this.active.endAllWaits();
    await this.options.runner.close();
    await Promise.allSettled(settled);
  }

  private sweepNow(): void {
    if (this.closed || !this.started) return;
    const at = this.options.now();
    this.expireUnpolled(at);
    this.recoverLapsed(at);
    this.pump();
  }

  private mayPoll(owner: number | null, userId: number | null): boolean {
    return this.options.cacheScope === 'shared' || owner === userId;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The render queue is closed');
    if (!this.started) throw new Error('The render queue has not been started');
  }

  private runningJobs(): RunningJob[] {
    return [...this.running.values()].flatMap((task) => (task.job ? [task.job] : []));
  }

  private waitAheadMs(at: number): number {
    return this.estimates.waitAheadMs(this.active.queuedWork(), this.runningJobs(), at);
  }

  private remainingMs(job: ActiveJob, at: number): number {
    const run = job.status === 'running' ? this.running.get(job.id)?.job : null;
    return this.estimates.remainingMs(job, run, at);
  }

  private isUnpolled(job: ActiveJob, at: number): boolean {
    return job.status === 'queued' && at - job.touchedAt > this.options.unpolledExpiryMs;
  }

  private expireJob(job: ActiveJob, at: number): void {
    this.repo.expire(job.id, at);
    this.active.remove(job.id);
  }

  private expireUnpolled(at: number): void {
    for (const job of [...this.active.values()]) {
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
      if (job) this.active.setStatus(job, 'queued');
    }
    for (const row of failed) {
      this.options.log.error({ jobId: row.id, kind: row.kind, attempts: row.attempts }, 'render job stalled again: failed');
      this.active.remove(row.id);
    }
  }

  private renewLeases(): void {
    if (this.closed) return;
    const ids = [...this.running.values()].filter((task) => !task.gallery).map((task) => task.key);
    if (ids.length) this.repo.renewLeases(ids, this.options.now() + this.leaseMs);
  }

  private filesExist(id: string, files: string[]): boolean {
    const dir = jobDir(this.options.dataDir, id);
    return files.length > 0 && files.every((file) => fs.existsSync(path.join(dir, file)));
  }

  /** A user job waits and every slot is busy: a background gallery render gives its slot up. */
  private preemptBackground(): void {
    if (this.running.size < this.options.concurrency) return;
    for (const task of this.running.values()) {
      if (task.gallery?.priority === 'background' && !task.controller.signal.aborted) {
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
        const task = this.gallery.next();
        if (!task) break;
        this.startGallery(task);
      }
    } finally {
      this.pumping = false;
    }
  }

  private newTmpDir(key: string): string {
    return fs.mkdtempSync(path.join(renderTmpDir(this.options.dataDir), `${key}-`));
  }

  private limitsOf(kind: RenderKind): { timeoutMs: number; abortGraceMs: number } {
    return { timeoutMs: this.timeouts[kind], abortGraceMs: this.abortGraceMs };
  }

  private startJob(row: JobRow): void {
    const controller = new AbortController();
    const spec = specOf(row);
    const style = durationStyleOf(spec);
    const known = this.active.get(row.id);
    if (known) this.active.setStatus(known, 'running');
    else this.active.add({ id: row.id, seq: row.seq, kind: row.kind, style, expectedDoneAt: null, userId: row.user_id, ipKey: addressLimitKey(row.ip), status: 'running', touchedAt: row.touched_at });
    const job: RunningJob = { kind: row.kind, style, startedAt: row.started_at ?? this.options.now(), progress: 0 };
    const task: RunningTask = { key: row.id, controller, gallery: null, job, settled: Promise.resolve() };
    this.running.set(row.id, task);
    const tmp = this.newTmpDir(row.id);
    // Never backwards, never past the end, whatever a renderer reports.
    const onProgress = (share: number): void => {
      if (Number.isFinite(share)) job.progress = Math.min(1, Math.max(job.progress, share));
    };
    task.settled = renderUnderTimeout(this.options.runner, spec, tmp, controller, this.limitsOf(spec.kind), onProgress)
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
    this.active.remove(row.id);
  }

  private jobFailed(row: JobRow, error: unknown): void {
    if (this.closed) return;
    const at = this.options.now();
    const timedOut = error instanceof RenderAborted && error.why === 'timeout';
    // A renderer's message meant for the user (an image service's refusal, say) is shown as it is.
    const message = timedOut ? GenerationMessages.renderTimedOut : (userFacingMessage(error) ?? GenerationMessages.renderFailed);
    this.options.log.error({ err: error, jobId: row.id, kind: row.kind, timedOut }, 'render job failed');
    this.repo.fail(row.id, message, at, this.active.get(row.id)?.touchedAt ?? at);
    this.active.remove(row.id);
  }

  private startGallery(gallery: GalleryTask): void {
    const controller = new AbortController();
    const task: RunningTask = { key: `gallery:${gallery.key}`, controller, gallery, job: null, settled: Promise.resolve() };
    this.running.set(task.key, task);
    const tmp = this.newTmpDir(gallery.key);
    task.settled = renderUnderTimeout(this.options.runner, gallery.spec, tmp, controller, this.limitsOf(gallery.spec.kind))
      .then(
        (result) => {
          this.gallery.settled(gallery);
          gallery.resolve({ dir: tmp, files: result.files });
        },
        (error: unknown) => {
          fs.rmSync(tmp, { recursive: true, force: true });
          if (error instanceof RenderAborted && error.why === 'preempted' && !this.closed) {
            // Back to the front of its lane: it runs again when a slot is free of users' jobs.
            this.gallery.putBack(gallery);
            return;
          }
          this.gallery.settled(gallery);
          if (!(error instanceof RenderAborted && error.why === 'shutdown')) {
            this.options.log.error({ err: error, task: gallery.key }, 'gallery render failed');
          }
          gallery.reject(error);
        },
      )
      .catch((error: unknown) => this.options.log.error({ err: error, task: gallery.key }, 'gallery render bookkeeping failed'))
      .finally(() => {
        this.running.delete(task.key);
        this.pump();
      });
  }
}
