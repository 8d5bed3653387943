import crypto from 'node:crypto';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';

/**
 * The rows of one_off_tasks (migration v20): which server holds a task, where it got to, whether
 * it is finished. A claim is one conditional UPDATE, which PostgreSQL and SQLite both apply to one
 * server at a time, so two servers starting together never run a task side by side.
 */
export class TaskClaims {
  /** This process's name in claimed_by. */
  private readonly holder = crypto.randomBytes(8).toString('hex');

  constructor(
    private readonly sql: Sql,
    private readonly now: Clock,
    /** A holder that stops renewing its claim loses it after this. */
    private readonly leaseMs: number,
  ) {}

  /** Whether `name` was finished, by any server. */
  async isDone(name: string): Promise<boolean> {
    const row = await this.sql.selectFrom('one_off_tasks').select('done_at').where('name', '=', name).executeTakeFirst();
    return row?.done_at != null;
  }

  /** Takes `name` unless it is finished or another server's claim is still running; answers where it got to, or null. */
  async claim(name: string): Promise<{ progress: string } | null> {
    const at = this.now();
    await this.sql.insertInto('one_off_tasks').values({ name }).onConflict((conflict) => conflict.column('name').doNothing()).execute();
    const taken = await this.sql
      .updateTable('one_off_tasks')
      .set({ claimed_by: this.holder, claimed_until: at + this.leaseMs })
      .where('name', '=', name)
      .where('done_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at), eb('claimed_by', '=', this.holder)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return null;
    const row = await this.sql.selectFrom('one_off_tasks').select('progress').where('name', '=', name).executeTakeFirstOrThrow();
    return { progress: row.progress };
  }

  /** Keeps where `name` got to and renews the claim; false when the claim was lost (another server took the task over). */
  async save(name: string, progress: string): Promise<boolean> {
    const updated = await this.held(name).set({ progress, claimed_until: this.now() + this.leaseMs }).executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** `name` is finished, for good. */
  async finish(name: string): Promise<void> {
    await this.held(name).set({ done_at: this.now(), claimed_by: null, claimed_until: null }).execute();
  }

  /** Lets go of `name` unfinished (a failure, a stop): the next attempt, on any server, resumes it. */
  async release(name: string): Promise<void> {
    await this.held(name).set({ claimed_by: null, claimed_until: null }).execute();
  }

  private held(name: string) {
    return this.sql.updateTable('one_off_tasks').where('name', '=', name).where('claimed_by', '=', this.holder).where('done_at', 'is', null);
  }
}
