/**
 * Render jobs on BullMQ (QUEUE_BACKEND=bullmq): the API servers add them, render worker processes
 * take them. BullMQ carries only the job's id; the database row stays the durable record of what
 * to render and what came of it. Every job has a priority so that order is BullMQ's documented
 * one (by priority, then first come first served): users' jobs before gallery pictures someone is
 * looking at, and those before the gallery's background work.
 */
import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';

export const QUEUE_NAME = 'renders';

export const RENDER_PRIORITY = { user: 1, galleryDemand: 2, galleryBackground: 3 } as const;

export interface RenderJobData {
  id: string;
}

/** BullMQ's keys start with this, under the deployment's Redis prefix. */
export const bullPrefix = (redisKeyPrefix: string): string => `${redisKeyPrefix}bull`;

/** The API servers' side: adds jobs, withdraws jobs that nobody waits for any more. */
export class RenderJobs {
  private readonly queue: Queue<RenderJobData>;

  constructor(connection: Redis, redisKeyPrefix: string) {
    this.queue = new Queue<RenderJobData>(QUEUE_NAME, { connection, prefix: bullPrefix(redisKeyPrefix) });
  }

  /** Adds the job of row `id` once: adding an id already in the queue changes nothing. */
  async add(id: string, priority: number): Promise<void> {
    await this.queue.add('render', { id }, { jobId: id, priority, removeOnComplete: true, removeOnFail: true });
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

export interface RenderWorkerOptions {
  /** A connection of the worker's own (BullMQ blocks on it while it waits for jobs). */
  connection: Redis;
  redisKeyPrefix: string;
  concurrency: number;
  /** How long a job stays with a worker that stopped renewing it (a process killed): then another takes it. */
  lockMs: number;
  /** Renders the job of row `id`; `signal` aborts when the worker shuts down. */
  render(id: string, signal: AbortSignal): Promise<void>;
}

/**
 * The render workers' side. A clean stop aborts the renders under way and puts their jobs back at
 * the front of their priority, in their order; a worker that dies (kill -9) stops renewing its
 * jobs' locks, and another worker takes them once the lock lapses.
 */
export class RenderWorker {
  private readonly worker: Worker<RenderJobData>;
  private readonly running = new Map<string, AbortController>();

  constructor(options: RenderWorkerOptions) {
    const { connection, redisKeyPrefix, concurrency, lockMs, render } = options;
    this.worker = new Worker<RenderJobData>(
      QUEUE_NAME,
      async (job: Job<RenderJobData>, token?: string) => {
        const controller = new AbortController();
        this.running.set(job.data.id, controller);
        try {
          await render(job.data.id, controller.signal);
        } catch (error) {
          // However the render ended once it was told to stop, its job goes back to be rendered anew.
          if (!controller.signal.aborted || !token) throw error;
          await job.moveToWait(token);
          throw new WaitingError();
        } finally {
          this.running.delete(job.data.id);
        }
      },
      // A stalled job is run again once; a second stall fails it (a render that kills its worker).
      { connection, prefix: bullPrefix(redisKeyPrefix), concurrency, lockDuration: lockMs, stalledInterval: Math.max(500, Math.floor(lockMs / 2)), maxStalledCount: 1, autorun: true },
    );
    // Logged where it is handled; an unhandled 'error' event would end the process.
    this.worker.on('error', () => {});
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
    const closing = this.worker.close(force);
    for (const controller of this.running.values()) controller.abort(new RenderInterrupted('The render worker is stopping'));
    await closing;
  }
}
