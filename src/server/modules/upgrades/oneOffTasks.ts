import type { FastifyBaseLogger } from 'fastify';
import type { TaskClaims } from './taskClaims';

/** What a one-off task is given: where an earlier attempt got to, and a way to keep where this one gets to. */
export interface TaskProgress {
  /** What the task last saved ('' the first time). */
  readonly from: string;
  /**
   * Keeps `progress` for an attempt after this one and renews the claim; throws TaskStopped when
   * the app is closing or another server took the task over, so the task ends there.
   */
  save(progress: string): Promise<void>;
}

export interface OneOffTask {
  name: string;
  /**
   * Does the work (from `progress.from`), saving progress as it goes; answers false when this
   * process cannot do it (a setting it needs is missing), leaving it for a server that can.
   */
  run(progress: TaskProgress): Promise<boolean>;
}

export class TaskStopped extends Error {
  override name = 'TaskStopped';
}

/**
 * Work an install needs once after an upgrade, run in the background so that a start waits for
 * none of it, in the order given: a task begins only once those before it are finished (the
 * storage count before the cleaning that shrinks what it counted). Each is claimed in the database,
 * so it runs on one server at a time; one that fails or is stopped halfway resumes from its saved
 * progress at the next attempt (the next start, or housekeeping's next round, on any server).
 */
export class OneOffTasks {
  private running: Promise<void> | null = null;
  private stopping = false;
  /** Tasks this process cannot do (its settings do not change while it runs): not asked again. */
  private readonly cannot = new Set<string>();

  constructor(
    private readonly deps: {
      claims: TaskClaims;
      log: FastifyBaseLogger;
      tasks: readonly OneOffTask[];
    },
  ) {}

  /** Starts what is not finished in the background, unless a run is already going; returns at once. */
  kick(): void {
    if (this.running || this.stopping) return;
    this.running = this.runAll().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once the run going now (if any) has ended. */
  async settled(): Promise<void> {
    await this.running;
  }

  /** The app is closing: the task running stops at its next save, unfinished. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  private async runAll(): Promise<void> {
    for (const task of this.deps.tasks) {
      if (this.cannot.has(task.name)) continue;
      const outcome = await this.runOne(task);
      if (outcome === 'cannot') this.cannot.add(task.name);
      else if (outcome !== 'done') return;
    }
  }

  private async runOne(task: OneOffTask): Promise<'done' | 'cannot' | 'elsewhere' | 'stopped'> {
    const { claims, log } = this.deps;
    try {
      if (await claims.isDone(task.name)) return 'done';
      const claim = await claims.claim(task.name);
      if (!claim) return 'elsewhere';
      const started = Date.now();
      log.info({ task: task.name, resumedFrom: claim.progress || undefined }, 'one-off task started');
      let ran: boolean;
      try {
        ran = await task.run({
          from: claim.progress,
          save: async (progress) => {
            if (this.stopping || !(await claims.save(task.name, progress))) throw new TaskStopped(task.name);
          },
        });
      } catch (error) {
        await claims.release(task.name).catch(() => undefined);
        throw error;
      }
      if (!ran) {
        await claims.release(task.name);
        return 'cannot';
      }
      await claims.finish(task.name);
      log.info({ task: task.name, ms: Date.now() - started }, 'one-off task finished');
      return 'done';
    } catch (error) {
      if (error instanceof TaskStopped) return 'stopped';
      log.error({ err: error, task: task.name }, 'one-off task failed; it resumes at the next attempt');
      return 'stopped';
    }
  }
}
