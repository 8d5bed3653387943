/**
 * What both queues need to make a caller wait: for a job to end (by id, with a time limit, all
 * answered at shutdown), one submit after another, and the create that waits for a short job.
 */
import { QUICK_ANSWER_MS, type QueuedOutcome } from './renderQueue';

/** Callers waiting for something keyed by id: each gets the value it ends with, or `timedOut` after its time. */
export class EndWaiters<T> {
  private readonly waiters = new Map<string, Set<(value: T) => void>>();

  wait(id: string, timeoutMs: number, timedOut: T): Promise<T> {
    return new Promise((resolve) => {
      const waiters = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, waiters);
      const end = (value: T): void => {
        clearTimeout(timer);
        waiters.delete(end);
        if (!waiters.size && this.waiters.get(id) === waiters) this.waiters.delete(id);
        resolve(value);
      };
      const timer = setTimeout(() => end(timedOut), timeoutMs);
      // A waiting request must never be what keeps the process alive.
      timer.unref();
      waiters.add(end);
    });
  }

  /** Answers everyone waiting for `id`. */
  end(id: string, value: T): void {
    for (const end of [...(this.waiters.get(id) ?? [])]) end(value);
  }

  /** Answers everyone (shutdown). */
  endAll(value: T): void {
    for (const waiters of [...this.waiters.values()]) for (const end of [...waiters]) end(value);
  }
}

/**
 * Runs one piece of work at a time, in order: between a submit's checks (the job known, the user's
 * limits) and its row written nothing else of this server may queue.
 */
export class SerialRuns {
  private last: Promise<void> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const outcome = this.last.then(work);
    this.last = outcome.then(
      () => undefined,
      () => undefined,
    );
    return outcome;
  }
}

/**
 * The creates waiting for their short job (RenderQueue.waitForQuickJob): one per user and no more
 * at once than there are render slots, so that waiting creates can never hold many connections
 * open (the callers' rate limits come first).
 */
export class QuickWaits {
  private readonly users = new Set<number>();

  constructor(private readonly waitMs = QUICK_ANSWER_MS) {}

  async wait(queued: QueuedOutcome, userId: number | null, slots: number, jobEnded: (id: string, timeoutMs: number) => Promise<boolean>): Promise<boolean> {
    const quick = queued.waitCount === 0 && queued.remainingMs <= QUICK_ANSWER_MS;
    if (!quick || userId === null || this.users.has(userId) || this.users.size >= slots) return false;
    this.users.add(userId);
    try {
      return await jobEnded(queued.id, this.waitMs);
    } finally {
      this.users.delete(userId);
    }
  }
}
