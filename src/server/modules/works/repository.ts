import type { Clock } from '../../clock';
import { sql } from 'kysely';
import type { Sql } from '../../db/connection';

/** A row of the works list: a mini site (`kind` 'site') or a finished logo or banner job. */
export interface WorkRow {
  kind: 'site' | 'tl' | 'al' | 'fsa';
  /** The site's folder or the job's id. */
  ref: string;
  title: string;
  created_at: number;
  /** When housekeeping's clock starts: a site's creation, a result's last use. */
  kept_from: number;
  /** A job's spec (JSON, the queue's row input), for what the list says of it; null for a site. */
  input: string | null;
  /** A published site's link's slug (its 数据); null otherwise. */
  published_slug: string | null;
}

/** Every work of one user, as one list: sites and finished jobs, the newest first. */
function items(userId: number) {
  return sql`
    WITH items AS (
      SELECT 'site' AS kind, s.dir AS ref, s.name AS title, s.created_at, s.created_at AS kept_from, NULL AS input, p.slug AS published_slug
      FROM mini_sites s LEFT JOIN published_sites p ON p.mini_site_id = s.id WHERE s.user_id = ${userId}
      UNION ALL
      SELECT j.kind, w.job_id, w.title, w.created_at, j.touched_at, j.input, NULL
      FROM user_works w JOIN render_jobs j ON j.id = w.job_id
      WHERE w.user_id = ${userId} AND j.status = 'done' AND j.kind IN ('tl', 'al', 'fsa')
    )`;
}

/** user_works (and mini_sites, for the list): what a user generated outside the builder. */
export class WorksRepository {
  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
  ) {}

  /** Notes that `userId` asked for the job: it moves to the top of their list. */
  async record(userId: number, jobId: string, title: string): Promise<void> {
    await this.db
      .insertInto('user_works')
      .values({ user_id: userId, job_id: jobId, title, created_at: this.now() })
      .onConflict((conflict) => conflict.columns(['user_id', 'job_id']).doUpdateSet((eb) => ({ title: eb.ref('excluded.title'), created_at: eb.ref('excluded.created_at') })))
      .execute();
  }

  /** The newest finished logo (tl or al) `userId` generated with the name `title`, or null. */
  async latestLogo(userId: number, title: string): Promise<{ jobId: string; kind: 'tl' | 'al' } | null> {
    const row = await this.db
      .selectFrom('user_works as w')
      .innerJoin('render_jobs as j', 'j.id', 'w.job_id')
      .select(['w.job_id as jobId', 'j.kind as kind'])
      .where('w.user_id', '=', userId)
      .where('w.title', '=', title)
      .where('j.status', '=', 'done')
      .where('j.kind', 'in', ['tl', 'al'])
      .orderBy('w.created_at', 'desc')
      .orderBy('w.job_id')
      .limit(1)
      .executeTakeFirst();
    return row && (row.kind === 'tl' || row.kind === 'al') ? { jobId: row.jobId, kind: row.kind } : null;
  }

  /** One page of the user's works of `kind` ('' for every kind). */
  async page(userId: number, kind: WorkRow['kind'] | '', page: number, pageSize: number): Promise<{ rows: WorkRow[]; total: number }> {
    const ofKind = sql`(CAST(${kind} AS TEXT) = '' OR kind = ${kind})`;
    const count = await sql<{ total: number }>`${items(userId)} SELECT COUNT(*) AS total FROM items WHERE ${ofKind}`.execute(this.db);
    const { rows } = await sql<WorkRow>`${items(userId)}
      SELECT * FROM items WHERE ${ofKind} ORDER BY created_at DESC, ref LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(this.db);
    return { rows, total: Number(count.rows[0]?.total ?? 0) };
  }
}
