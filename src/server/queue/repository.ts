import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { DialectName, Sql } from '../db/connection';
import type { RenderJobsTable } from '../db/schema';
import type { UserJobKind, UserJobSpec } from '../render/jobSpec';

export type JobStatus = RenderJobsTable['status'];

/** A render_jobs row as read, its kind one of users' jobs. */
export type JobRow = Omit<Selectable<RenderJobsTable>, 'kind'> & { kind: UserJobKind };

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

/** The later of a column and a value: SQLite's MAX(a, b) is PostgreSQL's GREATEST(a, b); CASE is both. */
const later = (column: string, value: number): RawBuilder<number> => sql<number>`CASE WHEN ${sql.ref(column)} > ${value} THEN ${sql.ref(column)} ELSE ${value} END`;
/** One attempt fewer, never below none. */
const ATTEMPT_BACK = sql`CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END`;

const changedOne = (result: { numAffectedRows?: bigint }): boolean => result.numAffectedRows === 1n;

/**
 * render_jobs. Every state change is one statement guarded by the state it expects, so that a
 * second server on the same database (or a late callback after shutdown) cannot undo another's.
 */
export class JobRepository {
  /** The next place in the queue: larger than any before it. */
  private readonly nextSeq: RawBuilder<number>;
  /** How the oldest queued job is picked: on PostgreSQL, skipping one another claimer holds. */
  private readonly pickLock: RawBuilder<unknown>;

  constructor(
    private readonly db: Sql,
    dialect: DialectName,
  ) {
    // SQLite has one writer, so MAX(seq) + 1 cannot race; PostgreSQL's writers take a sequence.
    this.nextSeq = dialect === 'postgres' ? sql<number>`nextval('render_jobs_seq')` : sql<number>`(SELECT COALESCE(MAX(seq), 0) + 1 FROM render_jobs)`;
    this.pickLock = dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  }

  async byId(id: string): Promise<JobRow | null> {
    const { rows } = await sql<JobRow>`SELECT * FROM render_jobs WHERE id = ${id}`.execute(this.db);
    return rows[0] ?? null;
  }

  /**
   * Queues the job unless it is queued or running already (a new row, or a finished, failed or
   * expired one queued anew at the back of the queue); answers its new sequence number, or null.
   */
  async enqueue(id: string, spec: UserJobSpec, submitter: { userId: number | null; ip: string | null }, at: number): Promise<number | null> {
    const { userId, ip } = submitter;
    const { rows } = await sql<{ seq: number }>`
      INSERT INTO render_jobs (id, seq, kind, input, status, attempts, user_id, ip, queued_at, touched_at)
      VALUES (${id}, ${this.nextSeq}, ${spec.kind}, ${JSON.stringify(spec)}, 'queued', 0, ${userId}, ${ip}, ${at}, ${at})
      ON CONFLICT (id) DO UPDATE SET
        seq = excluded.seq, kind = excluded.kind, input = excluded.input, status = 'queued', attempts = 0, interruptions = 0,
        user_id = excluded.user_id, ip = excluded.ip, files = '[]', error = '', queued_at = excluded.queued_at, touched_at = excluded.touched_at,
        started_at = NULL, finished_at = NULL, lease_until = NULL, render_ms = NULL, wait_ms = NULL
      WHERE render_jobs.status IN ('done', 'failed', 'expired')
      RETURNING seq`.execute(this.db);
    return rows[0]?.seq ?? null;
  }

  /** The oldest queued job, claimed in one statement: two claimers can never get the same job. */
  async claim(at: number, leaseUntil: number): Promise<JobRow | null> {
    const { rows } = await sql<JobRow>`
      UPDATE render_jobs SET status = 'running', attempts = attempts + 1, started_at = ${at}, lease_until = ${leaseUntil}
      WHERE id = (SELECT id FROM render_jobs WHERE status = 'queued' ORDER BY seq LIMIT 1 ${this.pickLock}) AND status = 'queued'
      RETURNING *`.execute(this.db);
    return rows[0] ?? null;
  }

  /**
   * Claims the job `id` for a worker that was handed it (the distributed queue) until `leaseUntil`:
   * a queued job, or one still marked running whose lease lapsed (its worker died: an interruption,
   * taken over only while it has had fewer than `maxInterruptions`). Answers null when it ended
   * meanwhile (expired, done), while another worker's lease on it holds (BullMQ hands a job on
   * when its lock lapses, which a worker cut off from Redis for a while still renders, and the
   * row's lease keeps it from being rendered twice), or when it was interrupted too often.
   */
  async claimById(id: string, at: number, leaseUntil: number | null = null, maxInterruptions?: number): Promise<JobRow | null> {
    const bound = maxInterruptions === undefined ? sql`` : sql`AND interruptions < ${maxInterruptions}`;
    const { rows } = await sql<JobRow>`
      UPDATE render_jobs SET status = 'running', attempts = attempts + 1, started_at = ${at}, lease_until = ${leaseUntil},
        interruptions = interruptions + CASE WHEN status = 'running' THEN 1 ELSE 0 END
      WHERE id = ${id} AND (status = 'queued' OR (status = 'running' AND (lease_until IS NULL OR lease_until < ${at}) ${bound}))
      RETURNING *`.execute(this.db);
    return rows[0] ?? null;
  }

  /**
   * Fails with `message` a job whose render died with its worker once more after `maxInterruptions`
   * (running, its lease lapsed): the job that claimById no longer takes over. Answers its row as
   * it was, or null when it is not such a job (another worker's lease holds, or it ended).
   */
  async failInterrupted(id: string, at: number, maxInterruptions: number, message: string): Promise<JobRow | null> {
    const { rows } = await sql<JobRow>`
      UPDATE render_jobs SET status = 'failed', error = ${message}, finished_at = ${at}, touched_at = ${later('touched_at', at)}, lease_until = NULL
      WHERE id = ${id} AND status = 'running' AND (lease_until IS NULL OR lease_until < ${at}) AND interruptions >= ${maxInterruptions}
      RETURNING *`.execute(this.db);
    return rows[0] ?? null;
  }

  /** The jobs queued or running ahead of place `seq` (a poll's answer while the line in Redis cannot be read). */
  async activeBefore(seq: number): Promise<number> {
    const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM render_jobs WHERE status IN ('queued', 'running') AND seq < ${seq}`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  async renewLeases(ids: readonly string[], leaseUntil: number): Promise<void> {
    if (!ids.length) return;
    await sql`UPDATE render_jobs SET lease_until = ${leaseUntil} WHERE id IN (${sql.join(ids)}) AND status = 'running'`.execute(this.db);
  }

  /** Marks the claim that started at `startedAt` done; false when that claim is no longer current. */
  async finish(id: string, startedAt: number, files: string[], at: number, renderMs: number, waitMs: number, touchedAt: number): Promise<boolean> {
    return changedOne(
      await sql`
        UPDATE render_jobs SET status = 'done', files = ${JSON.stringify(files)}, finished_at = ${at}, touched_at = ${later('touched_at', touchedAt)},
          render_ms = ${renderMs}, wait_ms = ${waitMs}, lease_until = NULL, error = ''
        WHERE id = ${id} AND status = 'running' AND started_at = ${startedAt}`.execute(this.db),
    );
  }

  async fail(id: string, message: string, at: number, touchedAt: number): Promise<boolean> {
    return changedOne(
      await sql`
        UPDATE render_jobs SET status = 'failed', error = ${message}, finished_at = ${at}, touched_at = ${later('touched_at', touchedAt)}, lease_until = NULL
        WHERE id = ${id} AND status = 'running'`.execute(this.db),
    );
  }

  /** Shutdown: back to the queue in its old place, and the interrupted attempt does not count. */
  async release(id: string): Promise<void> {
    await sql`UPDATE render_jobs SET status = 'queued', attempts = ${ATTEMPT_BACK}, started_at = NULL, lease_until = NULL WHERE id = ${id} AND status = 'running'`.execute(this.db);
  }

  /** An operator's cancel: a queued or running job failed with `message`; false when it was neither. */
  async cancel(id: string, message: string, at: number): Promise<boolean> {
    return changedOne(
      await sql`
        UPDATE render_jobs SET status = 'failed', error = ${message}, finished_at = ${at}, touched_at = ${later('touched_at', at)}, lease_until = NULL
        WHERE id = ${id} AND status IN ('queued', 'running')`.execute(this.db),
    );
  }

  /**
   * An operator's retry: a failed job queued again at the back of the line, as a new submit of it
   * would be (attempts, files and timings reset), touched now so that its user has a full expiry
   * period to poll it; null when it is not failed.
   */
  async requeueFailed(id: string, at: number): Promise<JobRow | null> {
    const { rows } = await sql<JobRow>`
      UPDATE render_jobs SET seq = ${this.nextSeq}, status = 'queued', attempts = 0, interruptions = 0, files = '[]', error = '',
        queued_at = ${at}, touched_at = ${at}, started_at = NULL, finished_at = NULL, lease_until = NULL, render_ms = NULL, wait_ms = NULL
      WHERE id = ${id} AND status = 'failed'
      RETURNING *`.execute(this.db);
    return rows[0] ?? null;
  }

  async expire(id: string, at: number): Promise<boolean> {
    return changedOne(await sql`UPDATE render_jobs SET status = 'expired', finished_at = ${at}, error = '' WHERE id = ${id} AND status = 'queued'`.execute(this.db));
  }

  /** Marks jobs as used at `at` (never earlier than they were), in one statement. */
  async touch(ids: readonly string[], at: number): Promise<void> {
    if (!ids.length) return;
    await sql`UPDATE render_jobs SET touched_at = ${later('touched_at', at)} WHERE id IN (${sql.join(ids)})`.execute(this.db);
  }

  /** The jobs a worker may take at `at`: queued, or running with their lease lapsed (their worker died). */
  async takeable(at: number): Promise<JobRow[]> {
    const { rows } = await sql<JobRow>`
      SELECT * FROM render_jobs WHERE status = 'queued' OR (status = 'running' AND (lease_until IS NULL OR lease_until < ${at})) ORDER BY seq`.execute(this.db);
    return rows;
  }

  async active(): Promise<ActiveRow[]> {
    const { rows } = await sql<ActiveRow>`SELECT id, seq, kind, input, user_id, ip, status, touched_at FROM render_jobs WHERE status IN ('queued', 'running') ORDER BY seq`.execute(this.db);
    return rows;
  }

  /**
   * Running jobs whose lease lapsed before `at` and that nobody listed in `exclude` runs: queued
   * again while they have attempts left, failed with `message` after that. Each change is guarded
   * by the lapse it saw, so a job renewed or finished meanwhile is left alone.
   */
  async recoverLapsed(at: number, maxAttempts: number, message: string, exclude: ReadonlySet<string>): Promise<{ requeued: JobRow[]; failed: JobRow[] }> {
    const requeued: JobRow[] = [];
    const failed: JobRow[] = [];
    const { rows } = await sql<JobRow>`SELECT * FROM render_jobs WHERE status = 'running' AND lease_until < ${at}`.execute(this.db);
    for (const row of rows) {
      if (exclude.has(row.id)) continue;
      if (row.attempts < maxAttempts) {
        const result = await sql`UPDATE render_jobs SET status = 'queued', started_at = NULL, lease_until = NULL WHERE id = ${row.id} AND status = 'running' AND lease_until < ${at}`.execute(this.db);
        if (changedOne(result)) requeued.push(row);
      } else if (await this.fail(row.id, message, at, row.touched_at)) {
        failed.push(row);
      }
    }
    return { requeued, failed };
  }

  /**
   * Every job still marked running, at the start of the only server on this database: its render
   * died with the previous process. Queued again in its old place (the claim does not count as an
   * attempt, the interruption does) until it has been interrupted `maxInterruptions` times; failed
   * with `message` the next.
   */
  async recoverOrphans(at: number, maxInterruptions: number, message: string): Promise<{ requeued: JobRow[]; failed: JobRow[] }> {
    const requeued: JobRow[] = [];
    const failed: JobRow[] = [];
    const { rows } = await sql<JobRow>`SELECT * FROM render_jobs WHERE status = 'running' ORDER BY seq`.execute(this.db);
    for (const row of rows) {
      if (row.interruptions < maxInterruptions) {
        const result = await sql`
          UPDATE render_jobs SET status = 'queued', attempts = ${ATTEMPT_BACK}, interruptions = interruptions + 1, started_at = NULL, lease_until = NULL
          WHERE id = ${row.id} AND status = 'running'`.execute(this.db);
        if (changedOne(result)) requeued.push(row);
      } else {
        const result = await sql`
          UPDATE render_jobs SET status = 'failed', error = ${message}, interruptions = interruptions + 1, finished_at = ${at}, touched_at = ${later('touched_at', at)}, lease_until = NULL
          WHERE id = ${row.id} AND status = 'running'`.execute(this.db);
        if (changedOne(result)) failed.push(row);
      }
    }
    return { requeued, failed };
  }

  /** Deletes results untouched since `doneBefore` and failures since `failedBefore`; answers their ids. */
  async prune(doneBefore: number, failedBefore: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      DELETE FROM render_jobs
      WHERE (status = 'done' AND touched_at < ${doneBefore}) OR (status IN ('failed', 'expired') AND touched_at < ${failedBefore})
      RETURNING id`.execute(this.db);
    return rows.map((row) => row.id);
  }
}
