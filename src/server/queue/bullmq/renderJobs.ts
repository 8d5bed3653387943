/**
 * Render jobs on BullMQ (QUEUE_BACKEND=bullmq): the API servers add them, render worker processes
 * take them. BullMQ carries only the job's id; the database row stays the durable record of what
 * to render and what came of it. Every job has a priority so that order is BullMQ's documented
 * one (by priority, then first come first served): users' jobs before gallery pictures someone is
 * looking at, and those before the gallery's background work.
 */
import { DelayedError, Job, Queue, WaitingError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import crypto from 'node:crypto';
import type { Clock } from '../../clock';
import type { SideJobSpec } from '../../render/jobSpec';
import { BackgroundRenderHold } from '../backgroundRenderHold';
import type { GalleryPriority } from '../renderQueue';
import { MAX_RENDER_INTERRUPTIONS, goesFirstWhenAsked } from '../jobRules';
import type { RenderSlots } from './renderSlots';

export const QUEUE_NAME = 'renders';

/** BullMQ priorities, 1 first; `galleryFirst`: a demand that goes ahead of the others (jobRules.ts goesFirstWhenAsked). */
export const RENDER_PRIORITY = { user: 1, galleryFirst: 2, galleryDemand: 3, galleryBackground: 4 } as const;

/** The priority of a side render `spec` asked for with `priority`. */
export const galleryPriorityOf = (spec: SideJobSpec, priority: GalleryPriority): number =>
  priority === 'background' ? RENDER_PRIORITY.galleryBackground : goesFirstWhenAsked(spec) ? RENDER_PRIORITY.galleryFirst : RENDER_PRIORITY.galleryDemand;

/** A user job (its row's id) or a gallery picture's render (no row: the spec travels with it). */
export type RenderJobData = { id: string } | { gallery: string; spec: SideJobSpec };

/** What a gallery render hands back: its files in the store under `folder` (a path under DATA_DIR, '/'-separated). */
export interface GalleryOutput {
  folder: string;
  files: string[];
}

/** The BullMQ id of a gallery task: one job per task key however many servers ask ("gallery-" and a hash, since ids may not hold ':'). */
export const galleryJobId = (key: string): string => `gallery-${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

/** BullMQ's keys start with this, under the deployment's Redis prefix. */
export const bullPrefix = (redisKeyPrefix: string): string => `${redisKeyPrefix}bull`;

/** The API servers' side: adds jobs, withdraws jobs that nobody waits for any more. */
export class RenderJobs {
  private readonly queue: Queue<RenderJobData>;

  constructor(
    private readonly connection: Redis,
    redisKeyPrefix: string,
  ) {
    this.queue = new Queue<RenderJobData>(QUEUE_NAME, { connection, prefix: bullPrefix(redisKeyPrefix) });
    // The calls that fail say so; without a listener BullMQ prints every failed reconnection while Redis restarts.
    this.queue.on('error', () => undefined);
  }

  /** Adds the job of row `id` once: adding an id already in the queue changes nothing. */
  async add(id: string, priority: number): Promise<void> {
    await this.queue.add('render', { id }, { jobId: id, priority, removeOnComplete: true, removeOnFail: true });
  }

  /**
   * Adds a gallery task once (an id in the queue already is left as it is), or raises a waiting
   * background task to demand. Answers its job id.
   */
  async addGallery(key: string, spec: SideJobSpec, priority: number): Promise<string> {
    const jobId = galleryJobId(key);
    const known = await this.queue.getJob(jobId);
    if (!known) await this.queue.add('gallery', { gallery: key, spec }, { jobId, priority, removeOnComplete: true, removeOnFail: true });
    // Ended meanwhile: nothing to raise (a job's state may change between the two calls). A running
    // one is raised too: its worker releases it from a hold (RenderWorker.lookForDemand).
    else if (known.priority > priority) await known.changePriority({ priority }).catch(() => undefined);
    return jobId;
  }

  /** The share of its frames that gallery job `jobId` has drawn, as its worker last reported it: 0 while it waits, or when it is gone. */
  async progressOf(jobId: string): Promise<number> {
    const job = await this.queue.getJob(jobId);
    return typeof job?.progress === 'number' ? job.progress : 0;
  }

  /** The ids of `ids` that BullMQ does not hold (in any state), asked in one round trip. */
  async missing(ids: readonly string[]): Promise<string[]> {
    if (!ids.length) return [];
    const pipeline = this.connection.pipeline();
    for (const id of ids) pipeline.exists(this.queue.toKey(id));
    const answers = (await pipeline.exec()) ?? [];
    return ids.filter((_id, n) => {
      const [error, exists] = answers[n] ?? [null, 0];
      if (error) throw error;
      return exists === 0;
    });
  }

  /** Whether BullMQ still holds job `id` (waiting, or running on a worker). */
  async has(id: string): Promise<boolean> {
    return (await this.queue.getJob(id)) !== undefined;
  }

  /** Withdraws a job that has not started; false when it runs (or ran) already. */
  async withdraw(id: string): Promise<boolean> {
    const job = await this.queue.getJob(id);
    if (!job || (await job.isActive())) return false;
    await job.remove();
    return true;
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

/** Thrown by a render that was stopped because its worker is shutting down: the job goes back. */
export class RenderInterrupted extends Error {
  override name = 'RenderInterrupted';
}

/**
 * Thrown by a render handed a job that another worker still renders (its row's lease holds: that
 * worker lost BullMQ's lock while Redis was away, but not the job): the job comes back later, and
 * is rendered then only if that worker has died meanwhile.
 */
export class RenderHeldElsewhere extends Error {
  override name = 'RenderHeldElsewhere';
}

export interface RenderWorkerOptions {
  /** A connection of the worker's own (BullMQ blocks on it while it waits for jobs). */
  connection: Redis;
  redisKeyPrefix: string;
  concurrency: number;
  /** How long a job stays with a worker that stopped renewing it (a process killed): then another takes it. */
  lockMs: number;
  /**
   * Renders a job (a user job's row, or a gallery task); `signal` aborts when the worker shuts down.
   * A background gallery task gets a `hold`, held while this worker renders users' jobs; its
   * render reports the share of frames drawn to `onProgress`, which the job keeps for any server.
   */
  render(data: RenderJobData, signal: AbortSignal, hold?: BackgroundRenderHold, onProgress?: (share: number) => void): Promise<GalleryOutput | void>;
  /**
   * A job BullMQ gave up without our render ending it: one that stalled more often than BullMQ
   * allows, or whose render's bookkeeping threw. Its row must decide what comes of it, or it would
   * show as running for ever (jobProcessor.ts requeueGivenUp).
   */
  onGivenUp(data: RenderJobData, reason: string): void;
  /** Where the worker says it is alive and how many slots it has (the API servers' expected waits). */
  slots?: { registry: RenderSlots; now: Clock };
}

/** The least step of a render's progress written to its job: a 1080p video reports each of 150 frames. */
const PROGRESS_STEP = 0.05;

/** Writes a render's progress to its job in steps of PROGRESS_STEP, and its end; a lost write is made good by the next. */
function progressReporter(job: Job<RenderJobData>): (share: number) => void {
  let written = 0;
  return (share) => {
    if (share - written < PROGRESS_STEP && share < 1) return;
    written = share;
    job.updateProgress(share).catch(() => undefined);
  };
}

/** How often a worker with a held render reads whether someone now waits for it. */
const DEMAND_CHECK_MS = 500;

/** How often a worker says it is alive, as a share of its lock time (it drops out after a whole lock time). */
const ANNOUNCE_SHARE = 3;

/**
 * The render workers' side. A clean stop aborts the renders under way and puts their jobs back at
 * the front of their priority, in their order; a worker that dies (kill -9) stops renewing its
 * jobs' locks, and another worker takes them once the lock lapses.
 */
export class RenderWorker {
  private readonly worker: Worker<RenderJobData>;
  private readonly running = new Map<string, { controller: AbortController; user: boolean; hold: BackgroundRenderHold | null }>();
  private readonly workerId = crypto.randomUUID();
  private announceTimer: NodeJS.Timeout | null = null;
  private demandTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: RenderWorkerOptions) {
    const { connection, redisKeyPrefix, concurrency, lockMs, render, onGivenUp, slots } = options;
    if (slots) {
      const announce = (): void => {
        slots.registry.announce(this.workerId, concurrency, slots.now() + lockMs).catch(() => undefined);
      };
      announce();
      this.announceTimer = setInterval(announce, Math.max(100, Math.floor(lockMs / ANNOUNCE_SHARE)));
      this.announceTimer.unref();
    }
    this.worker = new Worker<RenderJobData, GalleryOutput | void>(
      QUEUE_NAME,
      async (job: Job<RenderJobData>, token?: string) => {
        const controller = new AbortController();
        const key = job.id ?? '';
        // Its priority now, not as it was added: an API server may have raised it to demand meanwhile.
        const hold = job.priority === RENDER_PRIORITY.galleryBackground ? new BackgroundRenderHold() : null;
        this.running.set(key, { controller, user: !('gallery' in job.data), hold });
        this.reviewHolds();
        try {
          return await render(job.data, controller.signal, hold ?? undefined, progressReporter(job));
        } catch (error) {
          if (error instanceof RenderHeldElsewhere && token) {
            // Looked at again once the other worker's lease would have lapsed, had it died.
            await job.moveToDelayed(Date.now() + lockMs, token);
            throw new DelayedError();
          }
          // However the render ended once it was told to stop, its job goes back to be rendered anew.
          if (!controller.signal.aborted || !token) throw error;
          await job.moveToWait(token);
          throw new WaitingError();
        } finally {
          this.running.delete(key);
          this.reviewHolds();
        }
      },
      // A stalled job is run again, as often as its row lets a render die with its worker
      // (jobProcessor.ts fails it after that); Redis away longer than a lock stalls it too.
      { connection, prefix: bullPrefix(redisKeyPrefix), concurrency, lockDuration: lockMs, stalledInterval: Math.max(500, Math.floor(lockMs / 2)), maxStalledCount: MAX_RENDER_INTERRUPTIONS, autorun: true },
    );
    // Logged where it is handled; an unhandled 'error' event would end the process.
    this.worker.on('error', () => {});
    // A user job's render records its own failure in the row and completes; one that fails here was
    // given up by BullMQ (or its bookkeeping failed). A gallery task's failure reaches its callers.
    this.worker.on('failed', (job, error) => {
      if (job) onGivenUp(job.data, error.message);
    });
  }

  /** Jobs being rendered now. */
  get active(): number {
    return this.running.size;
  }

  /**
   * Stops taking jobs, interrupts the renders under way (their jobs go back) and waits for them.
   * `force` (a second signal) does not wait: the jobs are left to lapse to another worker.
   */
  async close(force = false): Promise<void> {
    if (this.announceTimer) clearInterval(this.announceTimer);
    if (this.demandTimer) clearInterval(this.demandTimer);
    this.demandTimer = null;
    await this.options.slots?.registry.withdraw(this.workerId).catch(() => undefined);
    const closing = this.worker.close(force);
    for (const { controller } of this.running.values()) controller.abort(new RenderInterrupted('The render worker is stopping'));
    await closing;
  }

  /**
   * Holds this worker's background gallery renders while it renders users' jobs (backgroundRenderHold.ts), as
   * the embedded queue does, and looks out for a demand for a held one while any is held.
   */
  private reviewHolds(): void {
    const usersRendering = [...this.running.values()].some((render) => render.user);
    for (const render of this.running.values()) render.hold?.set(usersRendering);
    const anyHeld = [...this.running.values()].some((render) => render.hold?.held);
    if (anyHeld && !this.demandTimer) {
      this.demandTimer = setInterval(() => void this.lookForDemand(), DEMAND_CHECK_MS);
      this.demandTimer.unref();
    } else if (!anyHeld && this.demandTimer) {
      clearInterval(this.demandTimer);
      this.demandTimer = null;
    }
  }

  /**
   * Releases for good a held render that an API server raised to demand (someone waits for it: a
   * zip, a site): the raise reaches only the job's record, which is read here.
   */
  private async lookForDemand(): Promise<void> {
    for (const [key, render] of this.running) {
      if (!render.hold?.held) continue;
      const job = await Job.fromId(this.worker, key).catch(() => undefined);
      if (!job || job.priority >= RENDER_PRIORITY.galleryBackground) continue;
      render.hold.set(false);
      render.hold = null;
    }
    this.reviewHolds();
  }
}
