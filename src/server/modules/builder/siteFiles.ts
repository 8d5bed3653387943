import path from 'node:path';
import { jobDir, jobFileUrl } from '../../queue/paths';
import type { RenderQueue } from '../../queue/renderQueue';
import { JOB_FILES } from '../../render/jobSpec';
import { builderAssetFile } from '../../render/builder/assets';
import { resultFileOf } from '../generation/zip';
import type { UploadStore } from '../uploads/uploadStore';
import type { BuilderRepository } from './repository';
import type { DataFiles } from '../../storage/dataFiles';

/** Relative result URLs only: a site's values are always the server's own relative URLs. */
const NO_ABSOLUTE_HOSTS: ReadonlySet<string> = new Set();

/** The files of each kind of job a builder site may show: the banner's, and a logo's still picture. */
const SITE_PICTURES: Readonly<Partial<Record<string, readonly string[]>>> = {
  ab: [JOB_FILES.ab.banner, JOB_FILES.ab.logo],
  tl: [JOB_FILES.tl.logo],
  al: [JOB_FILES.al.still],
};

export type BannerResultFile = (typeof JOB_FILES.ab)[keyof typeof JOB_FILES.ab];

/**
 * Which files a builder site's picture fields may name (DESIGN.md section 8: a site links only
 * files this server has): an upload, one of the builder's own default pictures, or a file of a
 * banner the user generated through the builder. Anything else resolves to null.
 */
export class SiteFiles {
  constructor(private readonly deps: { dataDir: string; files: DataFiles; uploads: UploadStore; queue: RenderQueue; repo: BuilderRepository }) {}

  /** The file behind a picture value of `userId`'s site, or null. */
  async pictureFile(url: string, userId: number): Promise<string | null> {
    return (await this.deps.uploads.fileOf(url)) ?? builderAssetFile(url) ?? (await this.ownResultFile(url, userId));
  }

  /**
   * A file of a finished job that `userId` asked for through the builder, or null: a builder
   * banner's (`ab`) picture or logo, or the still picture of a logo (`tl`, `al`) the site took as
   * its logo (SiteLogos).
   */
  async ownResultFile(url: string, userId: number, only?: BannerResultFile): Promise<string | null> {
    const named = resultFileOf(url, NO_ABSOLUTE_HOSTS);
    if (!named || (only && named.file !== only) || !(await this.deps.repo.ownsTask(userId, named.id))) return null;
    const job = await this.deps.queue.finishedJob(named.id);
    const kinds = only ? ['ab'] : Object.keys(SITE_PICTURES);
    if (!job || !kinds.includes(job.spec.kind) || !SITE_PICTURES[job.spec.kind]?.includes(named.file) || !job.files.includes(named.file)) return null;
    const file = path.join(jobDir(this.deps.dataDir, job.id), named.file);
    // Rendered on another server or worker: fetched from the shared store.
    return (await this.deps.files.fetch(file)) ? file : null;
  }

  /**
   * The key art a banner picture value stands for, as an upload's file name: an upload itself, or
   * a banner `userId` generated from key art (so that generating again keeps the studio's picture).
   * Undefined for anything else (the builder's default picture, a banner of generated art).
   */
  async keyArtOf(url: string, userId: number): Promise<string | undefined> {
    const upload = await this.deps.uploads.nameOf(url);
    if (upload) return upload;
    const named = resultFileOf(url, NO_ABSOLUTE_HOSTS);
    if (!named || named.file !== JOB_FILES.ab.banner || !(await this.deps.repo.ownsTask(userId, named.id))) return undefined;
    const job = await this.deps.queue.finishedJob(named.id);
    return job?.spec.kind === 'ab' ? job.spec.keyArt : undefined;
  }

  /** The URLs of a finished banner job's picture and logo. */
  static resultUrls(taskId: string): { bannerUrl: string; logoUrl: string } {
    return { bannerUrl: jobFileUrl(taskId, JOB_FILES.ab.banner), logoUrl: jobFileUrl(taskId, JOB_FILES.ab.logo) };
  }

  /** Job ids of the result URLs among `values` (housekeeping keeps those jobs). */
  static resultJobIds(values: Iterable<string>): string[] {
    const ids = new Set<string>();
    for (const value of values) {
      const named = resultFileOf(value, NO_ABSOLUTE_HOSTS);
      if (named) ids.add(named.id);
    }
    return [...ids];
  }
}
