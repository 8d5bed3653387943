import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { EXTRAS_FOLDERS, jobDir, jobFileUrl } from '../../queue/paths';
import type { FinishedJob, GalleryPriority, RenderQueue } from '../../queue/renderQueue';
import { JOB_FILES, type SideJobSpec, type UserJobKind } from '../../render/jobSpec';
import type { DataFiles } from '../../storage/dataFiles';
import { publishFolder } from '../../storage/publishFolder';
import { waitAtMost } from '../../waitAtMost';

/** The side renders a finished job may have, each with a folder of its own beside the job's files. */
export type ExtraKind = keyof typeof EXTRAS_FOLDERS;

/** Where each of a finished job's extras is, by kind: those that are made (or were made in time). */
export type ExtraFolders = Partial<Record<ExtraKind, string>>;

/** One side render of a finished job: its spec and the files it keeps. */
interface ExtraPart {
  kind: ExtraKind;
  files: readonly string[];
  specOf(job: FinishedJob): SideJobSpec | null;
  /** The part whose files this one's render reads (the queue stages them): made first. */
  after?: ExtraPart;
}

const BRAND_KIT: ExtraPart = {
  kind: 'brand-kit',
  files: Object.values(JOB_FILES['brand-kit']),
  specOf: ({ spec }) => (spec.kind === 'tl' || spec.kind === 'al' ? { kind: 'brand-kit', logoStyle: spec.logoStyle, texts: spec.texts } : null),
};

const PHONE_CUT: ExtraPart = {
  kind: 'banner-cuts',
  files: Object.values(JOB_FILES['banner-cuts']),
  specOf: ({ id, spec }) => (spec.kind === 'fsa' ? { kind: 'banner-cuts', jobId: id, banner: spec } : null),
};

const BANNER_WEBM: ExtraPart = {
  kind: 'banner-webm',
  files: Object.values(JOB_FILES['banner-webm']),
  specOf: ({ id, spec }) => (spec.kind === 'fsa' ? { kind: 'banner-webm', jobId: id } : null),
  after: PHONE_CUT,
};

/**
 * A logo's brand kit; a banner's phone cut, then its WebM videos (made from the phone cut's MP4):
 * two renders, so that the phone cut (which sites and the preview page show) does not wait for them.
 */
const EXTRAS: Partial<Record<UserJobKind, readonly ExtraPart[]>> = { tl: [BRAND_KIT], al: [BRAND_KIT], fsa: [PHONE_CUT, BANNER_WEBM] };

/** Where a finished job's extras of `kind` live: beside its files, so that they go when the files go. */
export const extrasDir = (dataDir: string, jobId: string, kind: ExtraKind): string => path.join(jobDir(dataDir, jobId), EXTRAS_FOLDERS[kind]);

/** The public URL of one of a finished job's extras (served with its results, under /generated/). */
export const extraFileUrl = (jobId: string, kind: ExtraKind, file: string): string => jobFileUrl(jobId, `${EXTRAS_FOLDERS[kind]}/${file}`);

/**
 * How long a job whose extras were all found made is not looked at again by prepare(): each poll of
 * a finished job calls it, and looking at every file each time was a tenth of a poll. Extras go only
 * with their job's files, after a week unused.
 */
const PREPARED_KEPT_MS = 60_000;
/** Prepared jobs remembered before they are forgotten all at once. */
const PREPARED_MAX = 10_000;

const extrasKey = (jobId: string, kind: ExtraKind): string => `extras-${kind}-${jobId}`;

export interface ResultExtrasDeps {
  dataDir: string;
  files: DataFiles;
  queue: RenderQueue;
  log: FastifyBaseLogger;
}

/** A part being made in this process: who asked first how urgently, and whether its render is queued yet. */
interface Making {
  priority: GalleryPriority;
  queued: boolean;
  /** Every frame is drawn and the files are being put in place: the render has left the queue's view. */
  drawn: boolean;
  done: Promise<string>;
}

/**
 * The extras of finished results: a logo's brand kit (tl, al), a banner's phone cut and WebM
 * videos (fsa). Rendered by the render workers after the result, in idle time as soon as a poll
 * sees it done, or at once when its zip or site is asked for first: the result the user waits for
 * is never behind its extras.
 */
export class ResultExtras {
  /** Parts being made in this process, by job id and kind: a second asker waits for the same render. */
  private readonly making = new Map<string, Making>();
  /** Jobs whose extras were all there, with when that was seen (performance.now()). */
  private readonly prepared = new Map<string, number>();

  /** Work under way, which close() waits for: none of it may write into a DATA_DIR after its app closed. */
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly deps: ResultExtrasDeps) {}

  /** Starts the extras of finished job `id` of `kind` in idle time if it has any and they are missing; never throws. */
  prepare(id: string, kind: UserJobKind): void {
    // A kind without extras (the builder's banner): its poll reads nothing more.
    if (this.closed || !EXTRAS[kind]) return;
    const seen = this.prepared.get(id);
    if (seen !== undefined && performance.now() - seen < PREPARED_KEPT_MS) return;
    this.track(
      (async () => {
        const job = await this.deps.queue.finishedJob(id);
        if (!job || this.closed) return;
        for (const part of this.partsOf(job)) await this.folderOf(job, part, 'background');
        if (this.prepared.size >= PREPARED_MAX) this.prepared.clear();
        this.prepared.set(id, performance.now());
      })().catch((error: unknown) => this.deps.log.warn({ err: error, jobId: id }, 'result extras not prepared')),
    );
  }

  /** Waits for the extras under way (after the queue closed, which ends their renders). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.pending]);
  }

  /**
   * The folders of `job`'s extras (or of its extra `only`) that are there within `waitMs` (raised
   * ahead of idle work); the caller goes on without the others (a late render still lands for the
   * next asker). Never throws.
   */
  async readyWithin(job: FinishedJob, waitMs: number, only?: ExtraKind): Promise<ExtraFolders> {
    const parts = this.partsOf(job).filter((part) => !only || part.kind === only);
    const found = await Promise.all(
      parts.map(async (part): Promise<[ExtraKind, string | null]> => {
        try {
          const dir = await waitAtMost(this.folderOf(job, part, 'demand'), waitMs, 'late' as const);
          if (dir !== 'late') return [part.kind, dir];
          this.deps.log.warn({ jobId: job.id, extra: part.kind }, 'result extras not ready in time; going on without them');
        } catch (error) {
          this.deps.log.error({ err: error, jobId: job.id, extra: part.kind }, 'result extras failed; going on without them');
        }
        return [part.kind, null];
      }),
    );
    return foldersOf(found);
  }

  /**
   * The folders of `job`'s extras whose every file is there now; the render of the others is
   * started (or raised) ahead of idle work: someone is looking for them. Never throws.
   */
  async readyNow(job: FinishedJob): Promise<ExtraFolders> {
    if (this.closed) return {};
    const found = await Promise.all(
      this.partsOf(job).map(async (part): Promise<[ExtraKind, string | null]> => {
        const dir = extrasDir(this.deps.dataDir, job.id, part.kind);
        if (!this.making.has(makingKey(job, part)) && (await this.isComplete(dir, part))) return [part.kind, dir];
        this.folderOf(job, part, 'demand').catch((error: unknown) => this.deps.log.warn({ err: error, jobId: job.id, extra: part.kind }, 'result extras failed; the next ask tries again'));
        return [part.kind, null];
      }),
    );
    return foldersOf(found);
  }

  /**
   * The share of its frames that the render of `job`'s extra `kind` has drawn: 0 while it waits, or
   * when none is under way; 1 from its last frame until its files are in place (the queue no longer
   * knows it then, and a bar must not fall back).
   */
  progressOf(job: FinishedJob, kind: ExtraKind): Promise<number> {
    if (this.making.get(makingKey(job, { kind }))?.drawn) return Promise.resolve(1);
    return this.deps.queue.galleryProgress(extrasKey(job.id, kind));
  }

  /** The parts of `job`'s kind that its spec gives (none for a kind without extras). */
  private partsOf(job: FinishedJob): ExtraPart[] {
    return (EXTRAS[job.spec.kind] ?? []).filter((part) => part.specOf(job) !== null);
  }

  /** The folder of `part` of `job` with every file, rendered first (after the part it reads) when missing. Rejects when a render fails. */
  private folderOf(job: FinishedJob, part: ExtraPart, priority: GalleryPriority): Promise<string> {
    const key = makingKey(job, part);
    const known = this.making.get(key);
    if (known) {
      if (priority === 'demand' && known.priority === 'background') {
        // Someone waits now (a zip, a site): the render moves ahead of idle work, and so does the
        // part it reads. One not queued yet is queued so when its turn comes. Its end reaches the first asker.
        known.priority = 'demand';
        if (part.after) this.folderOf(job, part.after, 'demand').catch(() => undefined);
        const spec = part.specOf(job);
        if (known.queued && spec) this.deps.queue.renderGallery(extrasKey(job.id, part.kind), spec, 'demand').catch(() => undefined);
      }
      return known.done;
    }
    const state = { priority, queued: false, drawn: false };
    const done = this.make(job, part, state).finally(() => this.making.delete(key));
    this.making.set(key, Object.assign(state, { done }));
    this.track(done);
    return done;
  }

  /** Whether `dir` holds every file of `part`, here or (fetched) from the shared store. */
  private async isComplete(dir: string, part: ExtraPart): Promise<boolean> {
    return (await this.deps.files.fetchFolder(dir)) && part.files.every((name) => fs.existsSync(path.join(dir, name)));
  }

  private track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
  }

  /** Renders `part` (after the part it reads), at the priority `state` has when its turn comes, and puts its files in place. */
  private async make(job: FinishedJob, part: ExtraPart, state: Omit<Making, 'done'>): Promise<string> {
    const { dataDir, files, queue } = this.deps;
    const dir = extrasDir(dataDir, job.id, part.kind);
    if (await this.isComplete(dir, part)) return dir;
    const spec = part.specOf(job);
    if (!spec) throw new Error(`Job ${job.id} has no ${part.kind}`);
    if (part.after) await this.folderOf(job, part.after, state.priority);
    state.queued = true;
    const result = await queue.renderGallery(extrasKey(job.id, part.kind), spec, state.priority);
    state.drawn = true;
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

const makingKey = (job: Pick<FinishedJob, 'id'>, part: Pick<ExtraPart, 'kind'>): string => `${job.id}/${part.kind}`;

function foldersOf(found: ReadonlyArray<[ExtraKind, string | null]>): ExtraFolders {
  const folders: ExtraFolders = {};
  for (const [kind, dir] of found) if (dir) folders[kind] = dir;
  return folders;
}
