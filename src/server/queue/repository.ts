import type { Db } from '../db/database';
import type { UserJobKind, UserJobSpec } from '../render/jobSpec';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'expired';

export interface JobRow {
  id: string;
  seq: number;
  kind: UserJobKind;
  input: string;
  status: JobStatus;
  attempts: number;
  /** Times the job was found running at start-up (its render interrupted by a kill or a crash). */
  interruptions: number;
  user_id: number | null;
  /** The address the job was last queued from; null for jobs of no request and older rows. */
  ip: string | null;
  files: string;
  error: string;
  queued_at: number;
  touched_at: number;
  started_at: number | null;
  finished_at: number | null;
  lease_until: number | null;
  render_ms: number | null;
  wait_ms: number | null;
}

export interface ActiveRow {
  id: string;
  seq: number;
  kind: UserJobKind;
  input: string;
  user_id: number | null;
  ip: string | null;
  status: 'queued' | 'running';
  touched_at: number;
}

export const specOf = (row: Pick<JobRow, 'input'>): UserJobSpec => JSON.parse(row.input) as UserJobSpec;
export const filesOf = (row: Pick<JobRow, 'files'>): string[] => JSON.parse(row.files) as string[];

/**
 * render_jobs. Every state change is one statement guarded by the state it expects, so that a
 * second server on the same database (or a late callback after shutdown) cannot undo another's.
 */
export class JobRepository {
  private readonly byIdStmt;
  private readonly enqueueStmt;
  private readonly claimStmt;
  private readonly renewStmt;
  private readonly finishStmt;
  private readonly failStmt;
  private readonly releaseStmt;
  private readonly expireStmt;
  private readonly touchStmt;
  private readonly activeStmt;
  private readonly lapsedStmt;
  private readonly requeueLapsedStmt;
  private readonly orphansStmt;
  private readonly requeueOrphanStmt;
  private readonly failOrphanStmt;
  private readonly pruneStmt;

  constructor(private readonly db: Db) {
    this.byIdStmt = db.prepare<[string], JobRow>('SELECT * FROM render_jobs WHERE id = ?');
    // A new row, or a finished/failed/expired one queued anew at the back of the queue.
    this.enqueueStmt = db.prepare<[{ id: string; kind: string; input: string; userId: number | null; ip: string | null; at: number }], { seq: number }>(`
      INSERT INTO render_jobs (id, seq, kind, input, status, attempts, user_id, ip, queued_at, touched_at)
      VALUES (@id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM render_jobs), @kind, @input, 'queued', 0, @userId, @ip, @at, @at)
      ON CONFLICT (id) DO UPDATE SET
        seq = excluded.seq, kind = excluded.kind, input = excluded.input, status = 'queued', attempts = 0, interruptions = 0,
        user_id = excluded.user_id, ip = excluded.ip, files = '[]', error = '', queued_at = excluded.queued_at, touched_at = excluded.touched_at,
        started_at = NULL, finished_at = NULL, lease_until = NULL, render_ms = NULL, wait_ms = NULL
      WHERE render_jobs.status IN ('done', 'failed', 'expired')
      RETURNING seq`);
    // The oldest queued job, claimed in one statement: two claimers can never get the same job.
    this.claimStmt = db.prepare<[number, number], JobRow>(`
      UPDATE render_jobs SET status = 'running', attempts = attempts + 1, started_at = ?, lease_until = ?
      WHERE id = (SELECT id FROM render_jobs WHERE status = 'queued' ORDER BY seq LIMIT 1) AND status = 'queued'
      RETURNING *`);
    this.renewStmt = db.prepare<[number, string]>("UPDATE render_jobs SET lease_until = ? WHERE id = ? AND status = 'running'");
    this.finishStmt = db.prepare<[string, number, number, number, number, string, number]>(`
      UPDATE render_jobs SET status = 'done', files = ?, finished_at = ?, touched_at = MAX(touched_at, ?), render_ms = ?, wait_ms = ?, lease_until = NULL, error = ''
      WHERE id = ? AND status = 'running' AND started_at = ?`);
    this.failStmt = db.prepare<[string, number, number, string]>(`
      UPDATE render_jobs SET status = 'failed', error = ?, finished_at = ?, touched_at = MAX(touched_at, ?), lease_until = NULL
      WHERE id = ? AND status = 'running'`);
    // Shutdown: back to the queue in its old place, and the interrupted attempt does not count.
    this.releaseStmt = db.prepare<[string]>(`
      UPDATE render_jobs SET status = 'queued', attempts = MAX(attempts - 1, 0), started_at = NULL, lease_until = NULL
      WHERE id = ? AND status = 'running'`);
    this.expireStmt = db.prepare<[number, string]>(`
      UPDATE render_jobs SET status = 'expired', finished_at = ?, error = '' WHERE id = ? AND status = 'queued'`);
    this.touchStmt = db.prepare<[number, string]>('UPDATE render_jobs SET touched_at = MAX(touched_at, ?) WHERE id = ?');
    this.activeStmt = db.prepare<[], ActiveRow>(`SELECT id, seq, kind, input, user_id, ip, status, touched_at FROM render_jobs WHERE status IN ('queued', 'running') ORDER BY seq`);
    this.lapsedStmt = db.prepare<[number], JobRow>("SELECT * FROM render_jobs WHERE status = 'running' AND lease_until < ?");
    this.requeueLapsedStmt = db.prepare<[string, number]>(`
      UPDATE render_jobs SET status = 'queued', started_at = NULL, lease_until = NULL WHERE id = ? AND status = 'running' AND lease_until < ?`);
    this.orphansStmt = db.prepare<[], JobRow>("SELECT * FROM render_jobs WHERE status = 'running' ORDER BY seq");
    // Like a shutdown's release (the interrupted claim is not an attempt), but the interruption is counted.
    this.requeueOrphanStmt = db.prepare<[string]>(`
      UPDATE render_jobs SET status = 'queued', attempts = MAX(attempts - 1, 0), interruptions = interruptions + 1, started_at = NULL, lease_until = NULL
      WHERE id = ? AND status = 'running'`);
    this.failOrphanStmt = db.prepare<[string, number, number, string]>(`
      UPDATE render_jobs SET status = 'failed', error = ?, interruptions = interruptions + 1, finished_at = ?, touched_at = MAX(touched_at, ?), lease_until = NULL
      WHERE id = ? AND status = 'running'`);
    this.pruneStmt = db.prepare<[number, number], { id: string }>(`
      DELETE FROM render_jobs
      WHERE (status = 'done' AND touched_at < ?) OR (status IN ('failed', 'expired') AND touched_at < ?)
      RETURNING id`);
  }

  byId(id: string): JobRow | null {
    return this.byIdStmt.get(id) ?? null;
  }

  /** Queues the job unless it is queued or running already; answers its new sequence number, or null. */
  enqueue(id: string, spec: UserJobSpec, submitter: { userId: number | null; ip: string | null }, at: number): number | null {
    const { userId, ip } = submitter;
    return this.enqueueStmt.get({ id, kind: spec.kind, input: JSON.stringify(spec), userId, ip, at })?.seq ?? null;
  }

  claim(at: number, leaseUntil: number): JobRow | null {
    return this.claimStmt.get(at, leaseUntil) ?? null;
  }

  renewLeases(ids: Iterable<string>, leaseUntil: number): void {
    this.db.transaction(() => {
      for (const id of ids) this.renewStmt.run(leaseUntil, id);
    })();
  }

  /** Marks the claim that started at `startedAt` done; false when that claim is no longer current. */
  finish(id: string, startedAt: number, files: string[], at: number, renderMs: number, waitMs: number, touchedAt: number): boolean {
    return this.finishStmt.run(JSON.stringify(files), at, touchedAt, renderMs, waitMs, id, startedAt).changes === 1;
  }

  fail(id: string, message: string, at: number, touchedAt: number): boolean {
    return this.failStmt.run(message, at, touchedAt, id).changes === 1;
  }

  release(id: string): void {
    this.releaseStmt.run(id);
  }

  expire(id: string, at: number): boolean {
    return this.expireStmt.run(at, id).changes === 1;
  }

  touch(id: string, at: number): void {
    this.touchStmt.run(at, id);
  }

  active(): ActiveRow[] {
    return this.activeStmt.all();
  }

  /**
   * Running jobs whose lease lapsed before `at` and that nobody listed in `exclude` runs: queued
   * again while they have attempts left, failed with `message` after that.
   */
  recoverLapsed(at: number, maxAttempts: number, message: string, exclude: ReadonlySet<string>): { requeued: JobRow[]; failed: JobRow[] } {
    const requeued: JobRow[] = [];
    const failed: JobRow[] = [];
    this.db.transaction(() => {
      for (const row of this.lapsedStmt.all(at)) {
        if (exclude.has(row.id)) continue;
        if (row.attempts < maxAttempts) {
          if (this.requeueLapsedStmt.run(row.id, at).changes === 1) requeued.push(row);
        } else if (this.fail(row.id, message, at, row.touched_at)) {
          failed.push(row);
        }
      }
    })();
    return { requeued, failed };
  }

  /**
   * Every job still marked running, at the start of the only server on this database: its render
   * died with the previous process. Queued again in its old place (the claim does not count as an
   * attempt) until it has been interrupted `maxInterruptions` times; failed with `message` the next.
   */
  recoverOrphans(at: number, maxInterruptions: number, message: string): { requeued: JobRow[]; failed: JobRow[] } {
    const requeued: JobRow[] = [];
    const failed: JobRow[] = [];
    this.db.transaction(() => {
      for (const row of this.orphansStmt.all()) {
        if (row.interruptions < maxInterruptions) {
          if (this.requeueOrphanStmt.run(row.id).changes === 1) requeued.push(row);
        } else if (this.failOrphanStmt.run(message, at, at, row.id).changes === 1) {
          failed.push(row);
        }
      }
    })();
    return { requeued, failed };
  }

  /** Deletes results untouched since `doneBefore` and failures since `failedBefore`; answers their ids. */
  prune(doneBefore: number, failedBefore: number): string[] {
    return this.pruneStmt.all(doneBefore, failedBefore).map((row) => row.id);
  }
}
