/**
 * What polls read, in memory: the jobs queued or running, the order-statistics index of their
 * sequence numbers (how many are ahead), the queued work per kind and style (the expected wait),
 * the active jobs of each user and address (their limits) and the creates waiting for a job to
 * end. Rebuilt from the rows at start, so that polling never scans or writes the table.
 */
import type { UserJobKind } from '../../render/jobSpec';
import type { ActiveLimit } from '../renderQueue';
import { workKeyOf } from '../jobRules';
import { QueuePositions } from '../queuePositions';
import { EndWaiters } from '../waitingCallers';

export interface ActiveJob {
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

/** Queued jobs of one kind and style. */
export interface QueuedWork {
  kind: UserJobKind;
  style: string;
  count: number;
}

/** Adds `change` to a count, dropping the entry at zero so that the map holds active keys only. */
function bump<K>(counts: Map<K, number>, key: K, change: number): void {
  const next = (counts.get(key) ?? 0) + change;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

export class ActiveJobs {
  private readonly jobs = new Map<string, ActiveJob>();
  private readonly index = new QueuePositions();
  private readonly queuedByStyle = new Map<string, QueuedWork>();
  private readonly byUser = new Map<number, number>();
  private readonly byIp = new Map<string, number>();
  private readonly endWaiters = new EndWaiters<boolean>();

  /** Jobs queued or running: what a new job would have ahead of it. */
  get size(): number {
    return this.index.size;
  }

  /** The wait-count structure, for tests and benchmarks that check it is not a scan. */
  get sequenceIndex(): QueuePositions {
    return this.index;
  }

  get(id: string): ActiveJob | undefined {
    return this.jobs.get(id);
  }

  values(): IterableIterator<ActiveJob> {
    return this.jobs.values();
  }

  queuedWork(): IterableIterator<QueuedWork> {
    return this.queuedByStyle.values();
  }

  add(job: ActiveJob): void {
    const existing = this.jobs.get(job.id);
    if (existing) {
      this.index.delete(existing.seq);
      this.count(existing, -1);
    }
    this.jobs.set(job.id, job);
    this.index.add(job.seq);
    this.count(job, 1);
  }

  /** Takes a job out (it ended) and answers the creates waiting for it. */
  remove(id: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    this.jobs.delete(id);
    this.index.delete(job.seq);
    this.count(job, -1);
    this.endWaiters.end(id, true);
  }

  /** Moves a job between queued and running, keeping the queued counts right. */
  setStatus(job: ActiveJob, status: ActiveJob['status']): void {
    if (job.status === status) return;
    if (job.status === 'queued') this.countQueued(job, -1);
    job.status = status;
    if (status === 'queued') this.countQueued(job, 1);
  }

  /** The jobs ahead of `job`: none once it runs. */
  waitCountOf(job: ActiveJob): number {
    return job.status === 'running' ? 0 : this.index.countBelow(job.seq);
  }

  /** The limit a new job of this user and address would pass, or null: two map reads, no rows. */
  limitReached(userId: number | null, ipKey: string | null, limits: { maxActivePerUser: number; maxActivePerIp: number }): ActiveLimit | null {
    const { maxActivePerUser, maxActivePerIp } = limits;
    if (userId !== null && (this.byUser.get(userId) ?? 0) >= maxActivePerUser) return { by: 'user', limit: maxActivePerUser };
    if (ipKey !== null && (this.byIp.get(ipKey) ?? 0) >= maxActivePerIp) return { by: 'ip', limit: maxActivePerIp };
    return null;
  }

  /** Resolves true when the job leaves (remove), false after `timeoutMs` or at `endAllWaits`. */
  whenEnded(id: string, timeoutMs: number): Promise<boolean> {
    if (!this.jobs.has(id)) return Promise.resolve(true);
    return this.endWaiters.wait(id, timeoutMs, false);
  }

  /** Shutdown: every waiting create hears that its job did not end. */
  endAllWaits(): void {
    this.endWaiters.endAll(false);
  }

  private count(job: ActiveJob, change: number): void {
    if (job.status === 'queued') this.countQueued(job, change);
    if (job.userId !== null) bump(this.byUser, job.userId, change);
    if (job.ipKey !== null) bump(this.byIp, job.ipKey, change);
  }

  private countQueued(job: ActiveJob, change: number): void {
    const key = workKeyOf(job.kind, job.style);
    const entry = this.queuedByStyle.get(key) ?? { kind: job.kind, style: job.style, count: 0 };
    entry.count += change;
    if (entry.count > 0) this.queuedByStyle.set(key, entry);
    else this.queuedByStyle.delete(key);
  }
}
