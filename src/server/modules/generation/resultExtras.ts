import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { jobDir, jobFileUrl } from '../../queue/paths';
import type { FinishedJob, GalleryPriority, RenderQueue } from '../../queue/renderQueue';
import { JOB_FILES, type SideJobSpec, type UserJobKind } from '../../render/jobSpec';
import type { DataFiles } from '../../storage/dataFiles';
import { publishFolder } from '../miniSite/siteFolder';
import { within } from '../../within';

/** What a kind of finished job gets after its result, where it is kept beside the job's files, and its side render. */
interface ExtraKind {
  folder: string;
  files: readonly string[];
  specOf(job: FinishedJob): SideJobSpec | null;
}

const BRAND_KIT: ExtraKind = {
  folder: 'kit',
  files: Object.values(JOB_FILES['brand-kit']),
  specOf: ({ spec }) => (spec.kind === 'tl' || spec.kind === 'al' ? { kind: 'brand-kit', logoStyle: spec.logoStyle, texts: spec.texts } : null),
};

const BANNER_CUTS: ExtraKind = {
  folder: 'cuts',
  files: Object.values(JOB_FILES['banner-cuts']),
  specOf: ({ id, spec }) => (spec.kind === 'fsa' ? { kind: 'banner-cuts', jobId: id, banner: spec } : null),
};

/** A logo's brand kit; a banner's phone cut and WebM videos. */
const EXTRAS: Partial<Record<UserJobKind, ExtraKind>> = { tl: BRAND_KIT, al: BRAND_KIT, fsa: BANNER_CUTS };

/** Where a finished job's extras live: beside its files, so that they go when the files go. */
export const extrasDir = (dataDir: string, job: Pick<FinishedJob, 'id' | 'spec'>): string => path.join(jobDir(dataDir, job.id), EXTRAS[job.spec.kind]?.folder ?? 'extras');

/** The public URL of one of a finished job's extras (served with its results, under /generated/). */
export const extraFileUrl = (job: Pick<FinishedJob, 'id' | 'spec'>, file: string): string => jobFileUrl(job.id, `${EXTRAS[job.spec.kind]?.folder ?? 'extras'}/${file}`);

const extrasKey = (jobId: string): string => `extras-${jobId}`;

export interface ResultExtrasDeps {
  dataDir: string;
  files: DataFiles;
  queue: RenderQueue;
  log: FastifyBaseLogger;
}

/**
 * The extras of finished results: a logo's brand kit (tl, al), a banner's phone cut and WebM
 * videos (fsa). Rendered by the render workers after the result, in idle time as soon as a poll
 * sees it done, or at once when its zip or site is asked for first: the result the user waits for
 * is never behind its extras.
 */
export class ResultExtras {
  /** Extras being made in this process, by job id: a second asker waits for the same render. */
  private readonly making = new Map<string, { priority: GalleryPriority; done: Promise<string | null> }>();

  /** Work under way, which close() waits for: none of it may write into a DATA_DIR after its app closed. */
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly deps: ResultExtrasDeps) {}

  /** Starts the extras of finished job `id` of `kind` in idle time if it has any and they are missing; never throws. */
  prepare(id: string, kind: UserJobKind): void {
    // A kind without extras (the builder's banner): its poll reads nothing more.
    if (this.closed || !EXTRAS[kind]) return;
    this.track(
      (async () => {
        const job = await this.deps.queue.finishedJob(id);
        if (job && !this.closed) await this.folderOf(job, 'background');
      })().catch((error: unknown) => this.deps.log.warn({ err: error, jobId: id }, 'result extras not prepared')),
    );
  }

  /** Waits for the extras under way (after the queue closed, which ends their renders). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.pending]);
  }

  /**
   * The extras folder of `job` with every file, rendered first when missing; null for a kind
   * without extras. Rejects when the render fails.
   */
  folderOf(job: FinishedJob, priority: GalleryPriority): Promise<string | null> {
    const extra = EXTRAS[job.spec.kind];
    const spec = extra?.specOf(job);
    if (!extra || !spec) return Promise.resolve(null);
    const known = this.making.get(job.id);
    if (known) {
      if (priority === 'demand' && known.priority === 'background') {
        // Someone waits now (a zip, a site): the render moves ahead of idle work. Its end reaches the first asker.
        known.priority = 'demand';
        this.deps.queue.renderGallery(extrasKey(job.id), spec, 'demand').catch(() => undefined);
      }
      return known.done;
    }
    const done = this.make(job, extra, spec, priority).finally(() => this.making.delete(job.id));
    this.making.set(job.id, { priority, done });
    this.track(done);
    return done;
  }

  /**
   * The extras folder of `job` if it is there within `waitMs` (raised ahead of idle work), else
   * null: the caller goes on without them (a late render still lands for the next asker). Never throws.
   */
  async readyWithin(job: FinishedJob, waitMs: number): Promise<string | null> {
    try {
      const dir = await within(this.folderOf(job, 'demand'), waitMs, 'late' as const);
      if (dir !== 'late') return dir;
      this.deps.log.warn({ jobId: job.id }, 'result extras not ready in time; going on without them');
      return null;
    } catch (error) {
      this.deps.log.error({ err: error, jobId: job.id }, 'result extras failed; going on without them');
      return null;
    }
  }

  /**
   * The extras folder of `job` if every file is there now; otherwise null, and their render is
   * started (or raised) ahead of idle work: someone is looking for them. Never throws.
   */
  async readyNow(job: FinishedJob): Promise<string | null> {
    const extra = EXTRAS[job.spec.kind];
    if (!extra || this.closed) return null;
    const dir = extrasDir(this.deps.dataDir, job);
    if (!this.making.has(job.id) && (await this.isComplete(dir, extra))) return dir;
    this.folderOf(job, 'demand').catch((error: unknown) => this.deps.log.warn({ err: error, jobId: job.id }, 'result extras failed; the next ask tries again'));
    return null;
  }

  /** Whether `dir` holds every file of `extra`, here or (fetched) from the shared store. */
  private async isComplete(dir: string, extra: ExtraKind): Promise<boolean> {
    return (await this.deps.files.fetchFolder(dir)) && extra.files.every((name) => fs.existsSync(path.join(dir, name)));
  }

  private track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
  }

  private async make(job: FinishedJob, extra: ExtraKind, spec: SideJobSpec, priority: GalleryPriority): Promise<string> {
    const { dataDir, files, queue } = this.deps;
    const dir = extrasDir(dataDir, job);
    if (await this.isComplete(dir, extra)) return dir;
    const result = await queue.renderGallery(extrasKey(job.id), spec, priority);
    try {
      await publishFolder(jobDir(dataDir, job.id), dir, async (temp) => {
        for (const name of result.files) await fs.promises.copyFile(path.join(result.dir, name), path.join(temp, name));
      });
    } finally {
      await fs.promises.rm(result.dir, { recursive: true, force: true });
    }
    await files.publish(dir);
    return dir;
  }
}
