/**
 * The embedded render queue (DESIGN.md sections 6 and 8), the default: jobs are rows of this
 * server's database; the Scheduler claims them in FIFO order and renders them on the runner (worker
 * threads) under a lease and a hard timeout. What submits and polls read is kept in memory
 * (ActiveJobs), rebuilt from the rows at start, so that polling never scans or writes the table;
 * what they are told to expect comes from Estimates. Beside users' jobs runs the gallery's lane
 * (GalleryLane): it takes a slot only when no user job is queued.
 */
import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import type { Clock } from '../../clock';
import type { DialectName, Sql } from '../../db/connection';
import { USER_JOB_KINDS, type SideJobSpec, type RenderKind, type UserJobKind, type UserJobSpec } from '../../render/jobSpec';
import { addressLimitKey } from '../../security/clientAddress';
import { generatedDir, renderTmpDir } from '../paths';
import { DurationRepository, RenderDurations, type RenderSeeds } from '../renderDurations';
import {
  RenderAborted,
  expectedAnswerSeconds,
  settingsOf,
  type FinishedJob,
  type GalleryPriority,
  type GalleryResult,
  type PollOutcome,
  type QueueSettings,
  type QueuedOutcome,
  type KindCount,
  type RenderObserver,
  type RenderQueue,
  type RetryOutcome,
  type SubmitOutcome,
  type SubmitRequest,
} from '../renderQueue';
import { RENDER_SEEDS } from '../renderSeeds';
import { DEFAULT_RENDER_SECONDS, JOB_ID_PATTERN, MAX_RENDER_INTERRUPTIONS, RENDER_TIMEOUT_MS, durationStyleOf, jobIdentity, jobScope, type RenderRunner } from '../jobRules';
import { FinishedResults } from '../finishedResults';
import { QuickWaits, SerialRuns } from '../waitingCallers';
import { JobRepository, filesOf, specOf } from '../repository';
import type { QueuePositions } from '../queuePositions';
import { ActiveJobs, type ActiveJob } from './activeJobs';
import { Estimates } from './estimates';
import { GalleryLane } from './galleryLane';
import { Scheduler } from './scheduler';
import { DataFiles } from '../../storage/dataFiles';
import { LocalFileStore } from '../../storage/localStore';

export interface EmbeddedQueueOptions extends QueueSettings {
  db: Sql;
  dialect: DialectName;
  now: Clock;
  log: FastifyBaseLogger;
  dataDir: string;
  /** DATA_DIR and the store behind it: results are published there once rendered. DATA_DIR alone when not given. */
  files?: DataFiles;
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
  /** Told of each user job's render as it ends (the server's metrics). */
  observer?: RenderObserver;
}

export class EmbeddedRenderQueue implements RenderQueue {
  private readonly repo: JobRepository;
  private readonly active = new ActiveJobs();
  private readonly gallery = new GalleryLane();
  private readonly scheduler: Scheduler;
  /** Expected render times per kind and style, from this server's renders (persisted) and the seeds. */
  private readonly durations: RenderDurations;
  private readonly estimates: Estimates;
  private readonly files: DataFiles;
  private readonly finished: FinishedResults;
  private readonly quickWaits: QuickWaits;
  private readonly maxAttempts: number;
  private readonly maxInterruptions: number;
  private readonly sweepIntervalMs: number;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly submits = new SerialRuns();
  private started = false;
  private closed = false;

  constructor(private readonly options: EmbeddedQueueOptions) {
    this.repo = new JobRepository(options.db, options.dialect);
    this.files = options.files ?? new DataFiles(options.dataDir, new LocalFileStore(options.dataDir));
    this.finished = new FinishedResults(this.repo, this.files);
    this.maxAttempts = options.maxAttempts ?? 2;
    this.maxInterruptions = options.maxInterruptions ?? MAX_RENDER_INTERRUPTIONS;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 5_000;
    this.quickWaits = new QuickWaits(options.quickWaitMs);
    this.durations = new RenderDurations(options.seeds ?? RENDER_SEEDS, DEFAULT_RENDER_SECONDS, new DurationRepository(options.db));
    this.estimates = new Estimates(this.durations, options.concurrency);
    this.scheduler = new Scheduler({
      repo: this.repo,
      active: this.active,
      gallery: this.gallery,
      durations: this.durations,
      runner: options.runner,
      now: options.now,
      log: options.log,
      dataDir: options.dataDir,
      files: this.files,
      concurrency: options.concurrency,
      timeoutsMs: { ...RENDER_TIMEOUT_MS, ...options.timeoutsMs },
      leaseMs: options.leaseMs ?? 20_000,
      abortGraceMs: options.abortGraceMs ?? 5_000,
      beforeFill: (at) => this.expireUnpolled(at),
      observer: options.observer,
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const { dataDir, now } = this.options;
    fs.mkdirSync(generatedDir(dataDir), { recursive: true });
    // Half-written renders of a previous run: nothing refers to them.
    fs.rmSync(renderTmpDir(dataDir), { recursive: true, force: true });
    fs.mkdirSync(renderTmpDir(dataDir), { recursive: true });
    await this.durations.restore();
    const at = now();
    await this.scheduler.recoverOrphans(at, this.maxInterruptions);
    // Nothing runs yet: each job waits for the renders of those before it, shared among the slots.
    let workAheadMs = 0;
    for (const row of await this.repo.active()) {
      const style = durationStyleOf(specOf(row));
      const ownMs = this.estimates.ownMs(row.kind, style);
      const expectedDoneAt = at + workAheadMs / this.options.concurrency + ownMs;
      workAheadMs += ownMs;
      // A restart counts as a poll: the clients that were waiting get a full expiry period to come back.
      this.active.add({ id: row.id, seq: row.seq, kind: row.kind, style, expectedDoneAt, userId: row.user_id, ipKey: addressLimitKey(row.ip), status: row.status, touchedAt: Math.max(row.touched_at, at) });
    }
    this.sweepTimer = setInterval(() => {
      this.sweepNow().catch((error: unknown) => this.options.log.error({ err: error }, 'render queue sweep failed'));
    }, this.sweepIntervalMs);
    // Never the reason the process stays alive.
    this.sweepTimer.unref();
    this.options.runner.warm?.();
    await this.scheduler.start();
  }

  get settings(): QueueSettings {
    return settingsOf(this.options);
  }

  /** The wait-count structure, for tests and benchmarks that check it is not a scan. */
  get sequenceIndex(): QueuePositions {
    return this.active.sequenceIndex;
  }

  identityOf(spec: UserJobSpec, userId: number | null): string {
    return jobIdentity(spec, this.options.identityKey, jobScope(this.options.cacheScope, userId));
  }

  /**
   * One submit at a time: between the checks (the job known, the user's limits) and the row written
   * nothing else may queue, as when every statement was synchronous.
   */
  submit(spec: UserJobSpec, request: SubmitRequest): Promise<SubmitOutcome> {
    return this.submits.run(() => this.submitNow(spec, request));
  }

  private async submitNow(spec: UserJobSpec, request: SubmitRequest): Promise<SubmitOutcome> {
    this.assertOpen();
    const id = this.identityOf(spec, request.userId);
    const ipKey = addressLimitKey(request.ip);
    const at = this.options.now();
    const known = this.active.get(id);
    if (known) {
      known.touchedAt = Math.max(known.touchedAt, at);
      return { type: 'queued', id, waitCount: this.active.waitCountOf(known), remainingMs: this.remainingMs(known, at) };
    }
    const row = await this.repo.byId(id);
    if (row?.status === 'done' && (await this.finished.filesExist(id, filesOf(row)))) {
      await this.finished.markUsed(id, at);
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
    const seq = await this.repo.enqueue(id, spec, { userId: request.userId, ip: request.ip }, at);
    if (seq === null) {
      // Queued or running by another server on this database: follow it from its row.
      const current = await this.repo.byId(id);
      if (current && (current.status === 'queued' || current.status === 'running')) {
        this.active.add({ id, seq: current.seq, kind: current.kind, style, expectedDoneAt: null, userId: current.user_id, ipKey: addressLimitKey(current.ip), status: current.status, touchedAt: at });
      }
      return { type: 'queued', id, waitCount: 0, remainingMs: ownMs };
    }
    const job: ActiveJob = { id, seq, kind: spec.kind, style, expectedDoneAt, userId: request.userId, ipKey, status: 'queued', touchedAt: at };
    this.active.add(job);
    this.scheduler.preemptBackground();
    await this.scheduler.fill();
    return { type: 'queued', id, waitCount: this.active.waitCountOf(job), remainingMs: this.remainingMs(job, this.options.now()) };
  }

  waitForQuickJob(queued: QueuedOutcome, userId: number | null): Promise<boolean> {
    return this.quickWaits.wait(queued, userId, this.options.concurrency, (id, timeoutMs) => this.active.whenEnded(id, timeoutMs));
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
        await this.expireJob(job, at);
        return { type: 'expired' };
      }
      job.touchedAt = Math.max(job.touchedAt, at);
      const stage = job.status === 'running' ? this.scheduler.runningJob(job.id)?.stage : undefined;
      return { type: 'waiting', waitCount: this.active.waitCountOf(job), running: job.status === 'running', remainingMs: this.remainingMs(job, at), ...(stage ? { stage } : {}) };
    }
    const row = this.finished.recentlyDone(id) ?? (await this.repo.byId(id));
    if (!row || !this.mayPoll(row.user_id, userId)) return { type: 'unknown' };
    return (await this.finished.outcomeOf(row, at)) ?? { type: 'waiting', waitCount: 0, running: row.status === 'running', remainingMs: this.estimates.ownMs(row.kind, durationStyleOf(specOf(row))) };
  }

  finishedJob(id: string): Promise<FinishedJob | null> {
    return this.finished.finishedJob(id);
  }

  async touch(ids: readonly string[]): Promise<void> {
    const at = this.options.now();
    await this.repo.touch(ids, at);
  }

  async expectedMs(kind: UserJobKind, style = ''): Promise<number> {
    return this.waitAheadMs(this.options.now()) + this.estimates.ownMs(kind, style);
  }

  async expectedSeconds(kind: UserJobKind, style = ''): Promise<number> {
    return expectedAnswerSeconds(await this.expectedMs(kind, style));
  }

  renderGallery(key: string, spec: SideJobSpec, priority: GalleryPriority): Promise<GalleryResult> {
    if (this.closed || !this.started) return Promise.reject(new RenderAborted('shutdown'));
    const result = this.gallery.request(key, spec, priority);
    // A demand for a background render already under way releases it if it was held.
    this.scheduler.reviewHolds();
    void this.scheduler.fill();
    return result;
  }

  async galleryProgress(key: string): Promise<number> {
    return this.scheduler.galleryProgress(key);
  }

  async cancel(id: string, message: string): Promise<boolean> {
    if (!JOB_ID_PATTERN.test(id) || !(await this.repo.cancel(id, message, this.options.now()))) return false;
    // Out of the counts at once, so that the next poll reads the row; then the render stops.
    this.active.remove(id);
    this.scheduler.cancel(id);
    return true;
  }

  /** Queued as a submit is, and in turn with submits: no check may see the job half added. */
  retry(id: string): Promise<RetryOutcome> {
    return this.submits.run(async () => {
      this.assertOpen();
      if (this.scheduler.isRendering(id)) return (await this.repo.byId(id))?.status === 'failed' ? 'stopping' : 'notFailed';
      const at = this.options.now();
      const waitMs = this.waitAheadMs(at);
      const row = await this.repo.requeueFailed(id, at);
      if (!row) return 'notFailed';
      const style = durationStyleOf(specOf(row));
      const expectedDoneAt = at + waitMs + this.estimates.ownMs(row.kind, style);
      this.active.add({ id, seq: row.seq, kind: row.kind, style, expectedDoneAt, userId: row.user_id, ipKey: addressLimitKey(row.ip), status: 'queued', touchedAt: at });
      this.scheduler.preemptBackground();
      await this.scheduler.fill();
      return 'queued';
    });
  }

  async activeByKind(): Promise<KindCount[]> {
    const counts = new Map(USER_JOB_KINDS.map((kind): [UserJobKind, KindCount] => [kind, { kind, waiting: 0, running: 0 }]));
    for (const job of this.active.values()) {
      const count = counts.get(job.kind);
      if (count) count[job.status === 'running' ? 'running' : 'waiting'] += 1;
    }
    return [...counts.values()];
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('the render queue is closed');
    if (!this.started) throw new Error('the render queue has not started');
  }

  sweep(): Promise<void> {
    return this.sweepNow();
  }

  async prune(): Promise<number> {
    if (this.closed) return 0;
    return this.finished.prune(this.options.now());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    const settled = this.scheduler.stop();
    this.gallery.rejectWaiting(new RenderAborted('shutdown'));
    this.active.endAllWaits();
    await this.options.runner.close();
    await settled;
  }

  private async sweepNow(): Promise<void> {
    if (this.closed || !this.started) return;
    const at = this.options.now();
    await this.expireUnpolled(at);
    await this.scheduler.recoverLapsed(at, this.maxAttempts);
    await this.scheduler.fill();
  }

  private mayPoll(owner: number | null, userId: number | null): boolean {
    return this.options.cacheScope === 'shared' || owner === userId;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The render queue is closed');
    if (!this.started) throw new Error('The render queue has not been started');
  }

  private waitAheadMs(at: number): number {
    return this.estimates.waitAheadMs(this.active.queuedWork(), this.scheduler.runningJobs(), at);
  }

  private remainingMs(job: ActiveJob, at: number): number {
    const run = job.status === 'running' ? this.scheduler.runningJob(job.id) : null;
    return this.estimates.remainingMs(job, run, at);
  }

  private isUnpolled(job: ActiveJob, at: number): boolean {
    return job.status === 'queued' && at - job.touchedAt > this.options.unpolledExpiryMs;
  }

  private async expireJob(job: ActiveJob, at: number): Promise<void> {
    // Out of the counts at once; the row follows.
    this.active.remove(job.id);
    await this.repo.expire(job.id, at);
  }

  private async expireUnpolled(at: number): Promise<void> {
    for (const job of [...this.active.values()]) {
      if (this.isUnpolled(job, at)) await this.expireJob(job, at);
    }
  }
}
