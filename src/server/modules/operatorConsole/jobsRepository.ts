import type { ConsoleJob, ConsoleJobStatus } from '../../../contract/consoleQueue';
import type { Sql } from '../../db/connection';
import { durationStyleOf } from '../../queue/jobRules';
import { specOf, type JobStatus } from '../../queue/repository';

/** The row status each list of 任务队列 shows, and the order it shows them in. */
const LISTS = {
  waiting: { status: 'queued', order: 'j.seq', direction: 'asc' },
  running: { status: 'running', order: 'j.started_at', direction: 'asc' },
  failed: { status: 'failed', order: 'j.finished_at', direction: 'desc' },
} as const satisfies Record<ConsoleJobStatus, { status: JobStatus; order: string; direction: 'asc' | 'desc' }>;

/** The game's name a job renders. */
function titleOf(input: string): { title: string; style: string } {
  const spec = specOf({ input });
  return { title: spec.kind === 'ab' ? spec.logotext : spec.texts.logotext, style: durationStyleOf(spec) };
}

/**
 * The rows of 任务队列, read from render_jobs: the durable record of both queues, so the same list
 * whichever one runs. A waiting job's place is its user's count of jobs ahead: every running job,
 * and the queued ones before it.
 */
export class ConsoleJobsRepository {
  constructor(private readonly db: Sql) {}

  async status(id: string): Promise<{ status: JobStatus; kind: string; userId: number | null; error: string } | null> {
    const row = await this.db.selectFrom('render_jobs').select(['status', 'kind', 'user_id', 'error']).where('id', '=', id).executeTakeFirst();
    return row ? { status: row.status, kind: row.kind, userId: row.user_id === null ? null : Number(row.user_id), error: row.error } : null;
  }

  async page(list: ConsoleJobStatus, page: number, pageSize: number): Promise<{ list: ConsoleJob[]; total: number }> {
    const { status, order, direction } = LISTS[list];
    const [total, running] = await Promise.all([this.count(status), list === 'waiting' ? this.count('running') : 0]);
    const offset = (page - 1) * pageSize;
    const rows = await this.db
      .selectFrom('render_jobs as j')
      .leftJoin('users as u', 'u.id', 'j.user_id')
      .select(['j.id', 'j.kind', 'j.input', 'j.user_id', 'u.name', 'u.mobile', 'j.queued_at', 'j.started_at', 'j.finished_at', 'j.error'])
      .where('j.status', '=', status)
      .orderBy(order, direction)
      .orderBy('j.seq')
      .limit(pageSize)
      .offset(offset)
      .execute();
    return {
      total,
      list: rows.map((row, n) => ({
        id: row.id,
        kind: row.kind,
        ...titleOf(row.input),
        user: row.user_id === null ? null : { id: Number(row.user_id), name: row.name ?? '', mobile: row.mobile ?? '' },
        queuedAt: Number(row.queued_at),
        startedAt: list === 'waiting' || row.started_at === null ? null : Number(row.started_at),
        finishedAt: list === 'failed' && row.finished_at !== null ? Number(row.finished_at) : null,
        ahead: list === 'waiting' ? running + offset + n : null,
        error: list === 'failed' ? row.error : '',
      })),
    };
  }

  private async count(status: JobStatus): Promise<number> {
    const row = await this.db.selectFrom('render_jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', status).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
