import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MiniSiteLimits, MiniSiteMessages } from '../../../contract/miniSite';
import type { DataFiles } from '../../storage/dataFiles';
import type { Clock } from '../../clock';
import { IMAGE_KINDS, checkPicture, type ImageInfo, type ImageKind, type RefusalReason } from './pictureCheck';
import { UPLOADS_URL_PREFIX, uploadsDir, uploadsTmpDir } from './paths';
import { writeWithoutMetadata } from '../../render/pictureMetadata';
import { jobDir } from '../../queue/paths';

/** How an upload went: stored, or refused with the message (and HTTP 413 when too large). */
export type UploadOutcome = { type: 'stored'; shortUrl: string; bytes: number; image: ImageInfo } | { type: 'tooLarge'; bytes: number } | { type: 'refused'; message: string; bytes: number };

/**
 * What one upload route accepts: its size cap, the formats it takes (by their bytes) and the
 * messages of its refusals. The mini site takes five formats up to 50 MB; the builder four up to 2 MB.
 */
export interface UploadPolicy {
  maxBytes: number;
  kinds: readonly ImageKind[];
  messages: { typeRefused: string; unreadable: string; tooManyPixels: string; frameTooManyPixels: string; animationTooManyPixels: string; missing: string };
}

export const MINI_SITE_UPLOAD_POLICY: UploadPolicy = {
  maxBytes: MiniSiteLimits.uploadMaxBytes,
  kinds: Object.keys(IMAGE_KINDS) as ImageKind[],
  messages: {
    typeRefused: MiniSiteMessages.uploadTypeRefused,
    unreadable: MiniSiteMessages.uploadUnreadable,
    tooManyPixels: MiniSiteMessages.uploadTooManyPixels,
    frameTooManyPixels: MiniSiteMessages.uploadFrameTooManyPixels,
    animationTooManyPixels: MiniSiteMessages.uploadAnimationTooManyPixels,
    missing: MiniSiteMessages.uploadMissing,
  },
};

/** `/uploads/<32 hex>.<ext>`: the only upload URLs a site may use. */
const UPLOAD_URL = new RegExp(`^${UPLOADS_URL_PREFIX}([0-9a-f]{32}\\.(?:${Object.values(IMAGE_KINDS).map((kind) => kind.extension).join('|')}))$`);

/**
 * Uploads older than this are deleted: a mini site copies the pictures it uses into its own folder.
 * (A builder site renders again from its uploads: housekeeping keeps the ones it uses.)
 */
export const KEEP_UPLOADS_MS = 14 * 24 * 60 * 60 * 1000;
/** A temp file older than this belongs to a request that died. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Uploaded pictures (DESIGN.md section 8, uploads): streamed to a temp file with a byte cap (never
 * held in memory), identified by their bytes, measured frame by frame and decoded (pictureCheck.ts),
 * refused past 40 megapixels a frame or 200 for all frames of an animation, written again without
 * their metadata (render/pictureMetadata.ts) into DATA_DIR/uploads/ under a server-made name with the
 * extension of the format they really are.
 */
export class UploadStore {
  constructor(private readonly options: { dataDir: string; now: Clock; files: DataFiles }) {
    for (const dir of [uploadsDir(options.dataDir), uploadsTmpDir(options.dataDir)]) fs.mkdirSync(dir, { recursive: true });
  }

  /**
   * Streams `stream` to disk and checks it. `truncated()` tells whether the multipart parser cut
   * the file at the size limit (it then ends the stream early rather than failing it).
   */
  async save(stream: Readable, truncated: () => boolean, policy: UploadPolicy = MINI_SITE_UPLOAD_POLICY): Promise<UploadOutcome> {
    const temp = path.join(uploadsTmpDir(this.options.dataDir), `${crypto.randomBytes(16).toString('hex')}.part`);
    const bare = `${temp}.bare`;
    try {
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      await pipeline(stream, fs.createWriteStream(temp, { flags: 'wx' }));
      if (truncated() || bytes > policy.maxBytes) return { type: 'tooLarge', bytes };
      if (bytes === 0) return { type: 'refused', message: policy.messages.missing, bytes };
      const outcome = await this.check(temp, bytes, policy);
      if (outcome.type !== 'image') return { type: 'refused', message: outcome.message, bytes };
      // What the camera wrote about the picture (its GPS position among it) is not kept: the file is
      // served, put into sites and zipped as it is stored.
      if (!(await writeWithoutMetadata(temp, bare, outcome.image.kind))) return { type: 'refused', message: policy.messages.unreadable, bytes };
      const name = `${crypto.randomBytes(16).toString('hex')}.${IMAGE_KINDS[outcome.image.kind].extension}`;
      const stored = path.join(uploadsDir(this.options.dataDir), name);
      fs.renameSync(bare, stored);
      // Before its URL is answered: any server may be asked for it next.
      await this.options.files.publish(stored);
      return { type: 'stored', shortUrl: `${UPLOADS_URL_PREFIX}${name}`, bytes, image: outcome.image };
    } finally {
      fs.rmSync(temp, { force: true });
      fs.rmSync(bare, { force: true });
    }
  }

  /** The file behind an upload URL, or null when the URL is not one of ours or the file is gone. */
  async fileOf(url: string): Promise<string | null> {
    const match = UPLOAD_URL.exec(url);
    if (!match) return null;
    const file = path.join(uploadsDir(this.options.dataDir), match[1]);
    // Made on another server: fetched from the shared store into this one's DATA_DIR.
    if (!(await this.options.files.fetch(file))) return null;
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? file : null;
  }

  /** The server-made file name behind an upload URL (what a render job names it by), or null like fileOf. */
  async nameOf(url: string): Promise<string | null> {
    const file = await this.fileOf(url);
    return file ? path.basename(file) : null;
  }

  /**
   * Keeps a finished job's picture (a banner's painted key art) as an upload named `name`, so that
   * it is used again as any upload is; answers false when the job's file is gone. Kept once.
   */
  async keepJobFile(jobId: string, file: string, name: string): Promise<boolean> {
    const stored = path.join(uploadsDir(this.options.dataDir), name);
    if (await this.options.files.fetch(stored)) return true;
    const source = path.join(jobDir(this.options.dataDir, jobId), file);
    if (!(await this.options.files.fetch(source))) return false;
    // Through a temp name: a reader never finds half a picture under the final one.
    const temp = path.join(uploadsTmpDir(this.options.dataDir), `${crypto.randomBytes(16).toString('hex')}.part`);
    try {
      await fs.promises.copyFile(source, temp);
      fs.renameSync(temp, stored);
    } finally {
      fs.rmSync(temp, { force: true });
    }
    await this.options.files.publish(stored);
    return true;
  }

  /** Deletes an upload (one that its request turned out not to want). */
  async remove(url: string): Promise<void> {
    const file = await this.fileOf(url);
    if (file) await this.options.files.remove(file);
  }

  /**
   * Deletes uploads past KEEP_UPLOADS_MS, except the files `keep` names (uploads a builder site
   * still uses), and temp files of requests that died.
   */
  async prune(keep: (name: string) => boolean = () => false): Promise<number> {
    const at = this.options.now();
    let removed = 0;
    const sweep = (dir: string, olderThan: number, kept: (name: string) => boolean): void => {
      for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
        const file = path.join(dir, entry);
        if (!kept(entry) && fs.statSync(file).mtimeMs < at - olderThan) {
          fs.rmSync(file, { recursive: true, force: true });
          removed += 1;
        }
      }
    };
    sweep(uploadsDir(this.options.dataDir), KEEP_UPLOADS_MS, keep);
    sweep(uploadsTmpDir(this.options.dataDir), STALE_TEMP_MS, () => false);
    const { files } = this.options;
    if (files.shared) {
      for (const { key, modifiedAt } of await files.store.listWithTimes('uploads/')) {
        if (!keep(key.slice('uploads/'.length)) && modifiedAt.getTime() < at - KEEP_UPLOADS_MS) {
          await files.store.deletePrefix(key);
          removed += 1;
        }
      }
    }
    return removed;
  }

  private async check(file: string, bytes: number, policy: UploadPolicy): Promise<{ type: 'image'; image: ImageInfo } | { type: 'refused'; message: string }> {
    const verdict = await checkPicture(file, bytes, policy.kinds);
    return verdict.type === 'image' ? verdict : { type: 'refused', message: refusalMessage(policy, verdict.reason) };
  }
}

function refusalMessage(policy: UploadPolicy, reason: RefusalReason): string {
  const { messages } = policy;
  switch (reason) {
    case 'type':
      return messages.typeRefused;
    case 'unreadable':
      return messages.unreadable;
    case 'pixels':
      return messages.tooManyPixels;
    case 'framePixels':
      return messages.frameTooManyPixels;
    case 'animationPixels':
      return messages.animationTooManyPixels;
  }
}
