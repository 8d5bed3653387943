import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MiniSiteLimits, MiniSiteMessages } from '../../../contract/miniSite';
import type { Clock } from '../../clock';
import { IMAGE_KINDS, probeImage, type ImageInfo } from './imageProbe';
import { UPLOADS_URL_PREFIX, uploadsDir, uploadsTmpDir } from './paths';

/** How an upload went: stored, or refused with the message (and HTTP 413 when too large). */
export type UploadOutcome = { type: 'stored'; shortUrl: string; bytes: number; image: ImageInfo } | { type: 'tooLarge'; bytes: number } | { type: 'refused'; message: string; bytes: number };

/** `/uploads/<32 hex>.<ext>`: the only upload URLs a site may use. */
const UPLOAD_URL = new RegExp(`^${UPLOADS_URL_PREFIX}([0-9a-f]{32}\\.(?:${Object.values(IMAGE_KINDS).map((kind) => kind.extension).join('|')}))$`);

/** Uploads older than this are deleted: a site copies the pictures it uses into its own folder. */
export const KEEP_UPLOADS_MS = 14 * 24 * 60 * 60 * 1000;
/** A temp file older than this belongs to a request that died. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Uploaded pictures (DESIGN.md section 8, uploads): streamed to a temp file with a byte cap (never
 * held in memory), identified by their bytes, refused past 40 megapixels, and renamed into
 * DATA_DIR/uploads/ under a server-made name with the extension of the format they really are.
 */
export class UploadStore {
  constructor(private readonly options: { dataDir: string; now: Clock }) {
    for (const dir of [uploadsDir(options.dataDir), uploadsTmpDir(options.dataDir)]) fs.mkdirSync(dir, { recursive: true });
  }

  /**
   * Streams `stream` to disk and checks it. `truncated()` tells whether the multipart parser cut
   * the file at the size limit (it then ends the stream early rather than failing it).
   */
  async save(stream: Readable, truncated: () => boolean): Promise<UploadOutcome> {
    const temp = path.join(uploadsTmpDir(this.options.dataDir), `${crypto.randomBytes(16).toString('hex')}.part`);
    try {
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      await pipeline(stream, fs.createWriteStream(temp, { flags: 'wx' }));
      if (truncated() || bytes > MiniSiteLimits.uploadMaxBytes) return { type: 'tooLarge', bytes };
      if (bytes === 0) return { type: 'refused', message: MiniSiteMessages.uploadMissing, bytes };
      const outcome = await this.probe(temp, bytes);
      if (outcome.type !== 'image') return { type: 'refused', message: outcome.message, bytes };
      const name = `${crypto.randomBytes(16).toString('hex')}.${IMAGE_KINDS[outcome.image.kind].extension}`;
      fs.renameSync(temp, path.join(uploadsDir(this.options.dataDir), name));
      return { type: 'stored', shortUrl: `${UPLOADS_URL_PREFIX}${name}`, bytes, image: outcome.image };
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }

  /** The file behind an upload URL, or null when the URL is not one of ours or the file is gone. */
  fileOf(url: string): string | null {
    const match = UPLOAD_URL.exec(url);
    if (!match) return null;
    const file = path.join(uploadsDir(this.options.dataDir), match[1]);
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? file : null;
  }

  /** Deletes uploads past KEEP_UPLOADS_MS and temp files of requests that died. */
  prune(): number {
    const at = this.options.now();
    let removed = 0;
    const sweep = (dir: string, olderThan: number): void => {
      for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
        const file = path.join(dir, entry);
        if (fs.statSync(file).mtimeMs < at - olderThan) {
          fs.rmSync(file, { recursive: true, force: true });
          removed += 1;
        }
      }
    };
    sweep(uploadsDir(this.options.dataDir), KEEP_UPLOADS_MS);
    sweep(uploadsTmpDir(this.options.dataDir), STALE_TEMP_MS);
    return removed;
  }

  private async probe(file: string, bytes: number): Promise<{ type: 'image'; image: ImageInfo } | { type: 'refused'; message: string }> {
    const handle = await fs.promises.open(file, 'r');
    try {
      const outcome = await probeImage(async (position, length) => {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        return buffer.subarray(0, bytesRead);
      }, bytes);
      if (outcome.type === 'unknown') return { type: 'refused', message: MiniSiteMessages.uploadTypeRefused };
      if (outcome.type === 'unreadable') return { type: 'refused', message: MiniSiteMessages.uploadUnreadable };
      const { width, height } = outcome.image;
      if (width * height > MiniSiteLimits.uploadMaxPixels) return { type: 'refused', message: MiniSiteMessages.uploadTooManyPixels };
      return outcome;
    } finally {
      await handle.close();
    }
  }
}
