import type { OperatorActionEntry, OperatorActionList } from '../../../contract/operators';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';

/** Who acted: a logged-in operator, or the command line (npm run operator). */
export type Actor = { id: number; name: string } | 'command line';

export interface OperatorAction {
  /** A dotted name the SPA labels (OperatorActionLabels), e.g. 'user.disable'. */
  action: string;
  /** What it was on, e.g. 'user:12'. */
  target: string;
  before: unknown;
  after: unknown;
}

const COMMAND_LINE_NAME = '命令行';

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * 操作日志: every operator action, who, when, what, before and after. Written once in the same
 * transaction as the change it records (pass the transaction as `db`), so a change is never
 * without its line; there is no way to edit or delete a line, and housekeeping never prunes it.
 */
export class OperatorLog {
  constructor(
    private readonly sql: Sql,
    private readonly now: Clock,
  ) {}

  async record(actor: Actor, entry: OperatorAction, db: Sql = this.sql): Promise<void> {
    await db
      .insertInto('operator_actions')
      .values({
        operator_id: actor === 'command line' ? null : actor.id,
        operator_name: actor === 'command line' ? COMMAND_LINE_NAME : actor.name,
        action: entry.action,
        target: entry.target,
        before: JSON.stringify(entry.before ?? null),
        after: JSON.stringify(entry.after ?? null),
        created_at: this.now(),
      })
      .execute();
  }

  /** The before and after of every line of `action`, as written (JSON): what the log still names. */
  async recordedValues(action: string): Promise<string[]> {
    const rows = await this.sql.selectFrom('operator_actions').select(['before', 'after']).where('action', '=', action).execute();
    return rows.flatMap((row) => [row.before, row.after]);
  }

  async page(page: number, pageSize: number): Promise<OperatorActionList> {
    const total = await this.sql.selectFrom('operator_actions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await this.sql
      .selectFrom('operator_actions')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((Math.max(page, 1) - 1) * pageSize)
      .execute();
    const list: OperatorActionEntry[] = rows.map((row) => ({
      id: Number(row.id),
      operatorId: row.operator_id === null ? null : Number(row.operator_id),
      operatorName: row.operator_name,
      action: row.action,
      target: row.target,
      before: parsed(row.before),
      after: parsed(row.after),
      createdAt: Number(row.created_at),
    }));
    return { list, total: Number(total.n) };
  }
}
