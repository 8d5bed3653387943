/**
 * What both queues do with finished jobs: look whether a result's files are still there (in the
 * shared bucket a look is a request, so a job once seen there is taken as there until its row is
 * deleted) and note that a result was used (at most once a minute per job: results are kept a week
 * from their last use, and a poll of a finished job must not be a database write each time).
 */
import path from 'node:path';
import { GenerationMessages } from '../../contract/generation';
import type { DataFiles } from '../storage/dataFiles';
import { jobDir } from './paths';
import { JOB_ID_PATTERN } from './jobRules';
import { KEEP_DONE_MS, KEEP_FAILED_MS, type FinishedJob, type PollOutcome } from './renderQueue';
import { filesOf, specOf, type JobRepository, type JobRow } from './repository';

/** A finished job's use is written at most this often. */
const USE_MARK_MS = 60_000;
/** Use marks (and ids seen in the bucket) kept in memory before they are forgotten all at once (a few hundred kilobytes). */
const MARKS_KEPT = 10_000;
/**
 * How long files seen on this server's disk, and a done job's row, are taken as they were: a client
 * polls every 2 s, and reading the row and looking at each file of a result at each poll was most
 * of a poll's time. A done row changes only when prune() deletes it, which forgets it here at once
 * (on another server's prune, this one answers from memory for at most this long, while the files
 * it names were there a moment ago); only a hand deleting files is seen late.
 */
const LOCAL_SEEN_MS = 5_000;

export class FinishedResults {
  /** Finished jobs whose files were seen in the shared bucket. */
  private readonly stored = new Set<string>();
  /** When each finished job was last marked used. */
  private readonly usedAt = new Map<string, number>();
  /** When each finished job's files were last seen on this server's disk (performance.now()). */
  private readonly seenLocally = new Map<string, number>();
  /** Rows of done jobs whose files were there, with when they were read (performance.now()). */
  private readonly doneRows = new Map<string, { row: JobRow; readAt: number }>();

  constructor(
    private readonly repo: JobRepository,
    private readonly files: DataFiles,
  ) {}

  async filesExist(id: string, files: string[]): Promise<boolean> {
    if (this.stored.has(id)) return true;
    const seen = this.seenLocally.get(id);
    if (seen !== undefined && performance.now() - seen < LOCAL_SEEN_MS) return true;
    if (!files.length) return false;
    const dir = jobDir(this.files.dataDir, id);
    for (const file of files) if (!(await this.files.exists(path.join(dir, file)))) return false;
    if (this.files.shared) {
      if (this.stored.size >= MARKS_KEPT) this.stored.clear();
      this.stored.add(id);
    } else {
      if (this.seenLocally.size >= MARKS_KEPT) this.seenLocally.clear();
      this.seenLocally.set(id, performance.now());
    }
    return true;
  }

  /** The row of done job `id` if it was read, with its files there, in the last LOCAL_SEEN_MS: a poll need not read it again. */
  recentlyDone(id: string): JobRow | null {
    const known = this.doneRows.get(id);
    return known && performance.now() - known.readAt < LOCAL_SEEN_MS ? known.row : null;
  }

  /** Keeps a done row just read; the row recentlyDone() gave keeps its first reading time, so that it is read again in time. */
  private rememberDone(row: JobRow): void {
    if (this.doneRows.get(row.id)?.row === row) return;
    if (this.doneRows.size >= MARKS_KEPT) this.doneRows.clear();
    this.doneRows.set(row.id, { row, readAt: performance.now() });
  }

  async markUsed(id: string, at: number): Promise<void> {
    const last = this.usedAt.get(id);
    if (last !== undefined && at - last < USE_MARK_MS) return;
    if (this.usedAt.size >= MARKS_KEPT) this.usedAt.clear();
    this.usedAt.set(id, at);
    await this.repo.touch([id], at);
  }

  /** What a poll of a job that is no longer queued or running hears (its row's end), marking a result used; null for an active row. */
  async outcomeOf(row: JobRow, at: number): Promise<PollOutcome | null> {
    switch (row.status) {
      case 'done': {
        const files = filesOf(row);
        if (!(await this.filesExist(row.id, files))) return { type: 'expired' };
        this.rememberDone(row);
        await this.markUsed(row.id, at);
        return { type: 'done', id: row.id, kind: row.kind, files };
      }
      case 'failed':
        return { type: 'failed', message: row.error || GenerationMessages.renderFailed };
      case 'expired':
        return { type: 'expired' };
      default:
        return null;
    }
  }

  /** A finished job whose files all exist, or null (the zip service's check). */
  async finishedJob(id: string): Promise<FinishedJob | null> {
    if (!JOB_ID_PATTERN.test(id)) return null;
    const row = this.recentlyDone(id) ?? (await this.repo.byId(id));
    if (!row || row.status !== 'done' || row.finished_at === null) return null;
    const files = filesOf(row);
    if (!(await this.filesExist(id, files))) return null;
    this.rememberDone(row);
    return { id, spec: specOf(row), files, finishedAt: row.finished_at };
  }

  /** Deletes results unused for KEEP_DONE_MS before `at` and failures for KEEP_FAILED_MS, with their files; answers how many. */
  async prune(at: number): Promise<number> {
    const ids = await this.repo.prune(at - KEEP_DONE_MS, at - KEEP_FAILED_MS);
    for (const id of ids) {
      this.stored.delete(id);
      this.seenLocally.delete(id);
      this.doneRows.delete(id);
      this.usedAt.delete(id);
      await this.files.remove(jobDir(this.files.dataDir, id));
    }
    return ids.length;
  }
}
