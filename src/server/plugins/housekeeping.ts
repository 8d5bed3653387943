import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SharedState } from '../sharedState/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where each area adds what it deletes once its time is past. */
    housekeeping: Housekeeping;
  }
}

type Task = () => Promise<unknown> | void;

const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
/** Shorter than the interval, so that the server that swept last can take the next period on time. */
const HOUSEKEEPING_CLAIM_MS = HOUSEKEEPING_INTERVAL_MS - 30 * 1000;

/**
 * Every 10 minutes, and once at start before the first request, each area deletes what has passed
 * its time (captchas, codes, rate events, results, zips, old gallery and music versions, sites and
 * uploads past 14 days). With several API servers one of them sweeps the shared data each period;
 * each forgets its own memory's counters and what it keeps of a shared file store.
 */
export class Housekeeping {
  private readonly local: Array<[string, Task]> = [];
  private readonly keepers: Array<[string, Task]> = [];
  private readonly sweeps: Array<[string, Task]> = [];

  constructor(
    private readonly state: SharedState,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Run by every server each period: what this process keeps in its memory and its DATA_DIR. */
  addLocalSweep(name: string, sweep: Task): void {
    this.local.push([name, sweep]);
  }

  /** Run first by the server that takes the period: marks what the sweeps must keep (a result still in use). */
  addKeeper(name: string, keep: Task): void {
    this.keepers.push([name, keep]);
  }

  /** Run by the server that takes the period, after every keeper. */
  addSweep(name: string, sweep: Task): void {
    this.sweeps.push([name, sweep]);
  }

  async run(): Promise<void> {
    this.state.prune();
    for (const [name, sweep] of this.local) await this.attempt(name, sweep);
    if (!(await this.state.claimPeriod('housekeeping', HOUSEKEEPING_CLAIM_MS))) return;
    // A keeper that failed leaves the sweeps nothing to go by: they wait for the next period.
    for (const [name, keep] of this.keepers) if (!(await this.attempt(name, keep))) return;
    for (const [name, sweep] of this.sweeps) await this.attempt(name, sweep);
  }

  private async attempt(name: string, task: Task): Promise<boolean> {
    try {
      await task();
      return true;
    } catch (error) {
      this.log.error({ err: error, sweep: name }, 'housekeeping failed');
      return false;
    }
  }
}

/**
 * The registry, swept once when the app is ready (what a start deletes is gone before the first
 * request) and then on a timer that stops when the app closes.
 */
export default fp(
  async (app: FastifyInstance) => {
    const housekeeping = new Housekeeping(app.sharedState, app.log);
    app.decorate('housekeeping', housekeeping);
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      await housekeeping.run();
      timer = setInterval(() => void housekeeping.run(), HOUSEKEEPING_INTERVAL_MS);
      // Never the reason the process stays alive.
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'housekeeping', dependencies: ['shared-state'] },
);
