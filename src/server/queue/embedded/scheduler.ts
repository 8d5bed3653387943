/**
 * The embedded queue's render slots: users' jobs claimed from the database in FIFO order under a
 * lease (renewed while they render, taken back when it lapses or the server restarts), gallery
 * tasks in the slots no user job wants, each render under its kind's timeout in a temporary folder
 * moved into place when it succeeds.
 */
import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { GenerationMessages } from '../../../contract/generation';
import type { Clock } from '../../clock';
import { userFacingMessage, type RenderKind, type RenderProgress, type RenderResult, type RenderSpec } from '../../render/jobSpec';
import { addressLimitKey } from '../../security/clientAddress';
import { jobDir, renderTmpDir } from '../paths';
import type { DataFiles } from '../../storage/dataFiles';
import { stageRenderInputs } from '../renderInputs';
import type { RenderDurations } from '../renderDurations';
import { BackgroundRenderHold } from '../backgroundRenderHold';
import { RenderAborted, type RenderObserver } from '../renderQueue';
import { durationStyleOf, renderTimeoutOf, type RenderRunner } from '../jobRules';
import { specOf, type JobRepository, type JobRow } from '../repository';
import type { ActiveJobs } from './activeJobs';
import type { RunningJob } from './estimates';
import type { GalleryLane, GalleryTask } from './galleryLane';
import { renderUnderTimeout } from './timedRender';

export interface SchedulerOptions {
  repo: JobRepository;
  active: ActiveJobs;
  gallery: GalleryLane;
  durations: RenderDurations;
  runner: RenderRunner;
  now: Clock;
  log: FastifyBaseLogger;
  dataDir: string;
  files: DataFiles;
  concurrency: number;
  timeoutsMs: Record<RenderKind, number>;
  /** How long a claim holds without renewal; renewed every quarter of it. */
  leaseMs: number;
  /** After an abort, how long a render may take to stop before its job is given up. */
  abortGraceMs: number;
  /** Called before free slots are filled: a job nobody polls any more must not take one. */
  beforeFill: (at: number) => Promise<void>;
  /** Told of each user job's render as it ends. */
  observer?: RenderObserver;
}

interface RunningTask {
  key: string;
  controller: AbortController;
  gallery: GalleryTask | null;
  /** A user job's render, for the estimates: null for gallery pictures. */
  job: RunningJob | null;
  /** A gallery render's hold: a background one stands still while users' jobs render. */
  hold: BackgroundRenderHold | null;
  /** The share of its frames a gallery render has drawn (a user job's is in `job`). */
  progress: number;
  settled: Promise<void>;
}

/** A gallery task's key among the running renders, apart from users' jobs (row ids). */
const galleryTaskKey = (key: string): string => `gallery:${key}`;

export class Scheduler {
  private readonly running = new Map<string, RunningTask>();
  private renewTimer: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;
  /** The fill under way; a fill asked for meanwhile makes it look once more before it ends. */
  private filling: Promise<void> | null = null;
  private lookAgain = false;

  constructor(private readonly options: SchedulerOptions) {}

  /** Starts renewing leases and fills the slots; resolves once the first renders have started. */
  start(): Promise<void> {
    if (this.started) return Promise.resolve();
    this.started = true;
    this.renewTimer = setInterval(() => this.renewLeases(), Math.max(50, Math.floor(this.options.leaseMs / 4)));
    // Never the reason the process stays alive.
    this.renewTimer.unref();
    return this.fill();
  }

  /** Aborts every render (users' jobs go back to the queue) and resolves once they have all settled. */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    const settled: Promise<void>[] = [];
    for (const task of this.running.values()) {
      if (!task.gallery) settled.push(this.options.repo.release(task.key));
      task.controller.abort(new RenderAborted('shutdown'));
      settled.push(task.settled);
    }
    if (this.filling) settled.push(this.filling);
    return Promise.allSettled(settled).then(() => undefined);
  }

  /** Users' jobs under way, for the estimates. */
  runningJobs(): RunningJob[] {
    return [...this.running.values()].flatMap((task) => (task.job ? [task.job] : []));
  }

  runningJob(id: string): RunningJob | null {
    return this.running.get(id)?.job ?? null;
  }

  /** Whether a render of user job `id` is under way here (a cancelled one until it has stopped). */
  isRendering(id: string): boolean {
    return this.running.has(id);
  }

  /** An operator cancelled user job `id` (its row says so already): its render stops, its slot frees. */
  cancel(id: string): void {
    this.running.get(id)?.controller.abort(new RenderAborted('cancelled'));
  }

  /** The share of its frames that gallery task `key` has drawn: 0 unless it renders. */
  galleryProgress(key: string): number {
    return this.running.get(galleryTaskKey(key))?.progress ?? 0;
  }

  /**
   * Holds the background gallery renders while a user's job renders and releases them when none
   * does (backgroundRenderHold.ts); a demanded one (someone waits for it) never stands still.
   */
  reviewHolds(): void {
    const usersRendering = [...this.running.values()].some((task) => !task.gallery);
    for (const task of this.running.values()) task.hold?.set(usersRendering && task.gallery?.priority === 'background');
  }

  /** A user job waits and every slot is busy: a background gallery render gives its slot up. */
  preemptBackground(): void {
    if (this.running.size < this.options.concurrency) return;
    for (const task of this.running.values()) {
      if (task.gallery?.priority === 'background' && !task.controller.signal.aborted) {
        task.controller.abort(new RenderAborted('preempted'));
        return;
      }
    }
  }

  /**
   * Fills free slots: users' jobs first (FIFO), then gallery tasks. Resolves once the renders have
   * started (never rejects: a database error is logged, and the next fill tries again).
   */
  fill(): Promise<void> {
    if (this.stopped || !this.started) return Promise.resolve();
    if (this.filling) {
      this.lookAgain = true;
      return this.filling;
    }
    this.filling = this.fillNow()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'render queue could not start jobs'))
      .finally(() => {
        this.filling = null;
      });
    return this.filling;
  }

  private async fillNow(): Promise<void> {
    const { concurrency, repo, gallery, now, leaseMs } = this.options;
    do {
      this.lookAgain = false;
      if (this.running.size < concurrency) await this.options.beforeFill(now());
      while (!this.stopped && this.running.size < concurrency) {
        const at = now();
        const row = await repo.claim(at, at + leaseMs);
        if (row && this.stopped) {
          // Shut down while claiming: the job goes back in its place, as the running ones do.
          await repo.release(row.id);
          return;
        }
        if (row) {
          this.startJob(row);
          continue;
        }
        const task = gallery.next();
        if (!task) break;
        this.startGallery(task);
      }
    } while (this.lookAgain && !this.stopped);
  }

  /**
   * The embedded queue is the only one on its DATA_DIR's database (DESIGN.md section 6; several
   * servers take the distributed adapter), so at start every job still marked running lost its
   * render with the previous process: it runs again at once, in its old place, rather than after
   * its lease. A kill is not the job's fault, so it does not use up an attempt; but a render that
   * crashes the server each time must not stop it forever, so the interruptions are counted.
   */
  async recoverOrphans(at: number, maxInterruptions: number): Promise<void> {
    const { requeued, failed } = await this.options.repo.recoverOrphans(at, maxInterruptions, GenerationMessages.renderInterrupted);
    for (const row of requeued) {
      this.options.log.warn({ jobId: row.id, kind: row.kind, interruptions: row.interruptions + 1 }, 'render job interrupted by a restart: queued again');
    }
    for (const row of failed) {
      this.options.log.error({ jobId: row.id, kind: row.kind, interruptions: row.interruptions + 1 }, 'render job interrupted by too many restarts: failed');
    }
  }

  /** Jobs whose lease lapsed while not rendering here go back to the queue, or fail after `maxAttempts` claims. */
  async recoverLapsed(at: number, maxAttempts: number): Promise<void> {
    const { repo, active, log } = this.options;
    const { requeued, failed } = await repo.recoverLapsed(at, maxAttempts, GenerationMessages.renderFailed, new Set(this.running.keys()));
    for (const row of requeued) {
      log.warn({ jobId: row.id, kind: row.kind, attempts: row.attempts }, 'render job stalled (lease lapsed): queued again');
      const job = active.get(row.id);
      if (job) active.setStatus(job, 'queued');
    }
    for (const row of failed) {
      log.error({ jobId: row.id, kind: row.kind, attempts: row.attempts }, 'render job stalled again: failed');
      active.remove(row.id);
    }
  }

  private renewLeases(): void {
    if (this.stopped) return;
    const ids = [...this.running.values()].filter((task) => !task.gallery).map((task) => task.key);
    if (!ids.length) return;
    this.options.repo.renewLeases(ids, this.options.now() + this.options.leaseMs).catch((error: unknown) => this.options.log.error({ err: error }, 'render leases could not be renewed'));
  }

  private newTmpDir(key: string): string {
    return fs.mkdtempSync(path.join(renderTmpDir(this.options.dataDir), `${key}-`));
  }

  private limitsOf(spec: RenderSpec): { timeoutMs: number; abortGraceMs: number } {
    return { timeoutMs: renderTimeoutOf(spec, this.options.timeoutsMs), abortGraceMs: this.options.abortGraceMs };
  }

  private startJob(row: JobRow): void {
    const { active, runner, now, log } = this.options;
    const controller = new AbortController();
    const spec = specOf(row);
    const style = durationStyleOf(spec);
    const known = active.get(row.id);
    if (known) active.setStatus(known, 'running');
    else active.add({ id: row.id, seq: row.seq, kind: row.kind, style, expectedDoneAt: null, userId: row.user_id, ipKey: addressLimitKey(row.ip), status: 'running', touchedAt: row.touched_at });
    const job: RunningJob = { kind: row.kind, style, startedAt: row.started_at ?? now(), progress: 0 };
    const task: RunningTask = { key: row.id, controller, gallery: null, job, hold: null, progress: 0, settled: Promise.resolve() };
    this.running.set(row.id, task);
    this.reviewHolds();
    const tmp = this.newTmpDir(row.id);
    // Never backwards, never past the end, whatever a renderer reports.
    const onProgress: RenderProgress = (share, stage) => {
      if (stage) job.stage = stage;
      if (Number.isFinite(share)) job.progress = Math.min(1, Math.max(job.progress, share));
    };
    task.settled = stageRenderInputs(this.options.files, spec, tmp)
      .then(() => renderUnderTimeout(runner, spec, tmp, controller, this.limitsOf(spec), onProgress))
      .then(
        (result) => this.jobSucceeded(row, tmp, result),
        (error: unknown) => this.jobFailed(row, error),
      )
      .catch((error: unknown) => log.error({ err: error, jobId: row.id }, 'render job bookkeeping failed'))
      .finally(() => {
        fs.rmSync(tmp, { recursive: true, force: true });
        this.running.delete(row.id);
        this.reviewHolds();
        void this.fill();
      });
  }

  private async jobSucceeded(row: JobRow, tmp: string, result: RenderResult): Promise<void> {
    if (this.stopped) return;
    const { dataDir, now, active, repo, durations } = this.options;
    const at = now();
    const startedAt = row.started_at ?? at;
    const touchedAt = active.get(row.id)?.touchedAt ?? at;
    try {
      const missing = result.files.filter((file) => !fs.existsSync(path.join(tmp, file)));
      if (!result.files.length || missing.length) throw new Error(`The renderer reported files it did not write: ${missing.join(', ') || '(none)'}`);
      const final = jobDir(dataDir, row.id);
      fs.rmSync(final, { recursive: true, force: true });
      fs.renameSync(tmp, final);
      // mkdtemp made it private; a web server in front of us may serve it straight from disk.
      fs.chmodSync(final, 0o755);
      // Before the row says done: whoever reads the row finds the files on any server.
      await this.options.files.publish(final);
    } catch (error) {
      await this.jobFailed(row, error);
      return;
    }
    try {
      if (await repo.finish(row.id, startedAt, result.files, at, at - startedAt, startedAt - row.queued_at, touchedAt)) {
        const style = durationStyleOf(specOf(row));
        this.options.observer?.renderFinished(row.kind, style, at - startedAt);
        await durations.record({ kind: row.kind, style, finishedAt: at, renderMs: at - startedAt });
      }
    } finally {
      // Whatever the database said: the polls read the row from now on.
      active.remove(row.id);
    }
  }

  private async jobFailed(row: JobRow, error: unknown): Promise<void> {
    if (this.stopped) return;
    // Cancelled by an operator: the row and the line said so already, and nothing else is to be done.
    if (error instanceof RenderAborted && error.why === 'cancelled') return;
    const { now, active, repo, log } = this.options;
    const at = now();
    const timedOut = error instanceof RenderAborted && error.why === 'timeout';
    // A renderer's message meant for the user (an image service's refusal, say) is shown as it is.
    const message = timedOut ? GenerationMessages.renderTimedOut : (userFacingMessage(error) ?? GenerationMessages.renderFailed);
    log.error({ err: error, jobId: row.id, kind: row.kind, timedOut }, 'render job failed');
    this.options.observer?.renderFailed(row.kind, timedOut ? 'timeout' : 'error');
    try {
      await repo.fail(row.id, message, at, active.get(row.id)?.touchedAt ?? at);
    } finally {
      active.remove(row.id);
    }
  }

  private startGallery(gallery: GalleryTask): void {
    const { runner, log } = this.options;
    const controller = new AbortController();
    const hold = new BackgroundRenderHold();
    const task: RunningTask = { key: galleryTaskKey(gallery.key), controller, gallery, job: null, hold, progress: 0, settled: Promise.resolve() };
    this.running.set(task.key, task);
    this.reviewHolds();
    const tmp = this.newTmpDir(gallery.key);
    task.settled = stageRenderInputs(this.options.files, gallery.spec, tmp)
      .then(() => renderUnderTimeout(runner, gallery.spec, tmp, controller, this.limitsOf(gallery.spec), (share) => (task.progress = share), hold))
      .then(
        (result) => {
          this.options.gallery.settled(gallery);
          gallery.resolve({ dir: tmp, files: result.files });
        },
        (error: unknown) => {
          fs.rmSync(tmp, { recursive: true, force: true });
          if (error instanceof RenderAborted && error.why === 'preempted' && !this.stopped) {
            // Back to the front of its lane: it runs again when a slot is free of users' jobs.
            this.options.gallery.putBack(gallery);
            return;
          }
          this.options.gallery.settled(gallery);
          if (!(error instanceof RenderAborted && error.why === 'shutdown')) {
            log.error({ err: error, task: gallery.key }, 'gallery render failed');
          }
          gallery.reject(error);
        },
      )
      .catch((error: unknown) => log.error({ err: error, task: gallery.key }, 'gallery render bookkeeping failed'))
      .finally(() => {
        this.running.delete(task.key);
        void this.fill();
      });
  }
}
