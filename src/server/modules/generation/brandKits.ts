import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { jobDir } from '../../queue/paths';
import type { FinishedJob, GalleryPriority, RenderQueue } from '../../queue/renderQueue';
import { JOB_FILES, type BrandKitJobSpec, type UserJobKind } from '../../render/jobSpec';
import type { DataFiles } from '../../storage/dataFiles';
import { publishFolder } from '../miniSite/siteFolder';

const KIT_FILES: readonly string[] = Object.values(JOB_FILES['brand-kit']);

/** Where a finished logo's kit lives: beside its files, so that it goes when they go. */
export const brandKitDir = (dataDir: string, jobId: string): string => path.join(jobDir(dataDir, jobId), 'kit');

const kitKey = (jobId: string): string => `brand-kit-${jobId}`;

const hasKit = (kind: UserJobKind): kind is 'tl' | 'al' => kind === 'tl' || kind === 'al';

const kitSpecOf = ({ spec }: FinishedJob): BrandKitJobSpec | null =>
  spec.kind === 'tl' || spec.kind === 'al' ? { kind: 'brand-kit', logoStyle: spec.logoStyle, texts: spec.texts } : null;

export interface BrandKitsDeps {
  dataDir: string;
  files: DataFiles;
  queue: RenderQueue;
  log: FastifyBaseLogger;
}

/**
 * The brand kits of finished logos (tl and al): rendered by the render workers after the logo, in
 * idle time as soon as a poll sees the logo done, or at once when its zip is asked for first. The
 * logo the user waits for is never behind its kit.
 */
export class BrandKits {
  /** Kits being made in this process, by job id: a second asker waits for the same render. */
  private readonly making = new Map<string, { priority: GalleryPriority; done: Promise<string | null> }>();

  /** Work under way, which close() waits for: none of it may write into a DATA_DIR after its app closed. */
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly deps: BrandKitsDeps) {}

  /** Starts the kit of finished job `id` of `kind` in idle time if it is a logo without one; never throws. */
  prepare(id: string, kind: UserJobKind): void {
    // Only logos have kits: a banner's poll reads nothing more.
    if (this.closed || !hasKit(kind)) return;
    this.track(
      (async () => {
        const job = await this.deps.queue.finishedJob(id);
        if (job && !this.closed) await this.folderOf(job, 'background');
      })().catch((error: unknown) => this.deps.log.warn({ err: error, jobId: id }, 'brand kit not prepared')),
    );
  }

  /** Waits for the kits under way (after the queue closed, which ends their renders). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.pending]);
  }

  /**
   * The kit folder of `job` with every kit file, rendered first when missing; null for a job that
   * is not a logo. Rejects when the render fails.
   */
  folderOf(job: FinishedJob, priority: GalleryPriority): Promise<string | null> {
    const spec = kitSpecOf(job);
    if (!spec) return Promise.resolve(null);
    const known = this.making.get(job.id);
    if (known) {
      if (priority === 'demand' && known.priority === 'background') {
        // Someone waits now (the zip): the render moves ahead of idle work. Its end reaches the first asker.
        known.priority = 'demand';
        this.deps.queue.renderGallery(kitKey(job.id), spec, 'demand').catch(() => undefined);
      }
      return known.done;
    }
    const done = this.make(job.id, spec, priority).finally(() => this.making.delete(job.id));
    this.making.set(job.id, { priority, done });
    this.track(done);
    return done;
  }

  private track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
  }

  private async make(id: string, spec: BrandKitJobSpec, priority: GalleryPriority): Promise<string> {
    const { dataDir, files, queue } = this.deps;
    const dir = brandKitDir(dataDir, id);
    if ((await files.fetchFolder(dir)) && KIT_FILES.every((name) => fs.existsSync(path.join(dir, name)))) return dir;
    const result = await queue.renderGallery(kitKey(id), spec, priority);
    try {
      await publishFolder(jobDir(dataDir, id), dir, async (temp) => {
        for (const name of result.files) await fs.promises.copyFile(path.join(result.dir, name), path.join(temp, name));
      });
    } finally {
      await fs.promises.rm(result.dir, { recursive: true, force: true });
    }
    await files.publish(dir);
    return dir;
  }
}
