import type { Clock } from '../../clock';
import type { Db } from '../../db/database';

/** A row of the works list: a mini site (`kind` 'site') or a finished logo or banner job. */
export interface WorkRow {
  kind: 'site' | 'tl' | 'al' | 'fsa';
  /** The site's folder or the job's id. */
  ref: string;
  title: string;
  created_at: number;
  /** When housekeeping's clock starts: a site's creation, a result's last use. */
  kept_from: number;
}

/** Every work of one user, as one list: sites and finished jobs, the newest first. */
const ITEMS = `
  WITH items AS (
    SELECT 'site' AS kind, dir AS ref, name AS title, created_at, created_at AS kept_from
    FROM mini_sites WHERE user_id = @userId
    UNION ALL
    SELECT j.kind, w.job_id, w.title, w.created_at, j.touched_at
    FROM user_works w JOIN render_jobs j ON j.id = w.job_id
    WHERE w.user_id = @userId AND j.status = 'done' AND j.kind IN ('tl', 'al', 'fsa')
  )`;

/** user_works (and mini_sites, for the list): what a user generated outside the builder. */
export class WorksRepository {
  private readonly recordStmt;
  private readonly pageStmt;
  private readonly countStmt;

  constructor(
    db: Db,
    private readonly now: Clock,
  ) {
    this.recordStmt = db.prepare<{ userId: number; jobId: string; title: string; at: number }>(`
      INSERT INTO user_works (user_id, job_id, title, created_at) VALUES (@userId, @jobId, @title, @at)
      ON CONFLICT (user_id, job_id) DO UPDATE SET title = excluded.title, created_at = excluded.created_at`);
    this.pageStmt = db.prepare<{ userId: number; kind: string; limit: number; offset: number }, WorkRow>(`${ITEMS}
      SELECT * FROM items WHERE @kind = '' OR kind = @kind ORDER BY created_at DESC, ref LIMIT @limit OFFSET @offset`);
    this.countStmt = db.prepare<{ userId: number; kind: string }, { total: number }>(`${ITEMS}
      SELECT COUNT(*) AS total FROM items WHERE @kind = '' OR kind = @kind`);
  }

  /** Notes that `userId` asked for the job: it moves to the top of their list. */
  record(userId: number, jobId: string, title: string): void {
    this.recordStmt.run({ userId, jobId, title, at: this.now() });
  }

  /** One page of the user's works of `kind` ('' for every kind). */
  page(userId: number, kind: WorkRow['kind'] | '', page: number, pageSize: number): { rows: WorkRow[]; total: number } {
    const total = this.countStmt.get({ userId, kind })?.total ?? 0;
    const rows = this.pageStmt.all({ userId, kind, limit: pageSize, offset: (page - 1) * pageSize });
    return { rows, total };
  }
}
