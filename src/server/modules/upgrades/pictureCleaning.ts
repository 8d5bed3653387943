import type { FastifyBaseLogger } from 'fastify';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeWithoutMetadata } from '../../render/pictureMetadata';
import type { DataFiles } from '../../storage/dataFiles';
import { downloadFile } from '../../storage/types';
import type { StorageQuota } from '../storageQuota/storageQuota';
import { IMAGE_KINDS, checkPicture, sniffKind } from '../uploads/pictureCheck';
import { uploadsTmpDir } from '../uploads/paths';
import type { OneOffTask } from './oneOffTasks';

/** Where users' pictures are kept: uploads, and the pictures copied into sites and published copies. */
const CLEANED_FOLDERS = ['uploads', 'sites', 'builder-sites', 'published'] as const;
/** The formats that carry metadata (a BMP holds none); by name first, so a page or a script is never read. */
const PICTURE_NAME = /\.(?:jpe?g|png|gif|webp)$/i;
const COMPARE_BYTES = 1024 * 1024;

/**
 * Pictures stored before uploads lost their metadata (render/pictureMetadata.ts) kept their
 * EXIF, XMP and GPS positions: the uploads themselves, and the GIFs copied into sites and published
 * copies. This writes each of them again as an upload is written now, under the same name (pages
 * name them), and only where that changes a byte: a clean file keeps its bytes and time. A picture
 * that does not decode is left as it is and logged. The room a file gives back is given back to
 * its owner's quota. Resumes after the last file it finished (keys in order).
 */
export function pictureCleaning(deps: { files: DataFiles; quota: Pick<StorageQuota, 'adjust'>; log: FastifyBaseLogger }): OneOffTask {
  const { files, quota, log } = deps;
  const folderOf = (key: string): number => CLEANED_FOLDERS.indexOf(key.split('/')[0] as (typeof CLEANED_FOLDERS)[number]);
  const localPathOf = (key: string): string => path.join(files.dataDir, ...key.split('/'));

  /** Writes the picture at `key` again without its metadata if it has any; answers the bytes it lost. */
  async function clean(key: string): Promise<number> {
    const temp = path.join(uploadsTmpDir(files.dataDir), `${crypto.randomBytes(16).toString('hex')}.clean`);
    const source = `${temp}.source`;
    const bare = `${temp}.bare`;
    try {
      await fs.promises.mkdir(path.dirname(temp), { recursive: true });
      if (!(await downloadFile(files.store, key, source))) return 0;
      const head = Buffer.alloc(32);
      const handle = await fs.promises.open(source, 'r');
      const [{ bytesRead }, { size }] = await Promise.all([handle.read(head, 0, head.length, 0), handle.stat()]).finally(() => handle.close());
      const kind = sniffKind(head.subarray(0, bytesRead));
      if (!kind || kind === 'bmp') return 0;
      const stripped = await writeWithoutMetadata(source, bare, kind).catch(() => false);
      if (stripped && (await sameBytes(source, bare))) return 0;
      // Rewritten only once it decodes as an upload must: a broken file stays as it was.
      if (!stripped || (await checkPicture(source, size, Object.keys(IMAGE_KINDS) as Array<keyof typeof IMAGE_KINDS>)).type !== 'image') {
        log.warn({ key }, 'a stored picture does not decode: left with its metadata');
        return 0;
      }
      await files.replaceFile(localPathOf(key), bare);
      return size - (await fs.promises.stat(bare)).size;
    } finally {
      await Promise.all([source, bare].map((file) => fs.promises.rm(file, { force: true })));
    }
  }

  return {
    name: 'picture-metadata-cleaning',
    run: async (progress) => {
      const after = (key: string): boolean =>
        !progress.from || folderOf(key) > folderOf(progress.from) || (folderOf(key) === folderOf(progress.from) && key > progress.from);
      let cleaned = 0;
      for (const folder of CLEANED_FOLDERS) {
        const keys = (await files.store.list(`${folder}/`)).filter((key) => PICTURE_NAME.test(key) && after(key)).sort();
        for (const key of keys) {
          const saved = await clean(key);
          if (saved) {
            cleaned += 1;
            // The row of the upload itself, or of the site folder or copy the picture is in.
            await quota.adjust(localPathOf(key.split('/').slice(0, 2).join('/')), -saved);
          }
          await progress.save(key);
        }
      }
      log.info({ cleaned }, 'stored pictures written again without their metadata');
      return true;
    },
  };
}

/** Whether two files hold the same bytes. */
async function sameBytes(a: string, b: string): Promise<boolean> {
  const [first, second] = await Promise.all([fs.promises.open(a, 'r'), fs.promises.open(b, 'r')]);
  try {
    const [{ size }, { size: otherSize }] = await Promise.all([first.stat(), second.stat()]);
    if (size !== otherSize) return false;
    const x = Buffer.alloc(COMPARE_BYTES);
    const y = Buffer.alloc(COMPARE_BYTES);
    for (let at = 0; at < size; at += COMPARE_BYTES) {
      const [{ bytesRead }] = await Promise.all([first.read(x, 0, COMPARE_BYTES, at), second.read(y, 0, COMPARE_BYTES, at)]);
      if (!x.subarray(0, bytesRead).equals(y.subarray(0, bytesRead))) return false;
    }
    return true;
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
}
