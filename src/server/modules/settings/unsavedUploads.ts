import fs from 'node:fs';
import path from 'node:path';
import { BRAND_UPLOAD_URL_PREFIX } from '../../../contract/siteSettings';
import type { Clock } from '../../clock';
import type { DataFiles } from '../../storage/dataFiles';
import { brandUploadsDir } from './brandPictures';

/** How long an operator has to save a picture or video they uploaded in 站点设置 before housekeeping deletes it. */
export const UNSAVED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

const NAMED = new RegExp(`${BRAND_UPLOAD_URL_PREFIX.replace(/[/.]/g, '\\$&')}([0-9a-f]{32}\\.(?:jpg|png|gif|webp|mp4))`, 'g');

/** The names of the uploads that `texts` (setting values, the log's JSON) name. */
export function namedUploads(texts: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(NAMED)) names.add(match[1]);
  return names;
}

export interface UnsavedUploadsDeps {
  files: DataFiles;
  now: Clock;
  /** Every text a saved setting is in: the values now, and every before and after of the operators' log. */
  savedTexts(): Promise<string[]>;
}

/**
 * Housekeeping of the brand folder (DATA_DIR/brand/uploads/, and the store's brand/uploads/): a
 * picture or video uploaded in 站点设置 and never saved is deleted once the grace is past, with
 * what a broken upload left there (a `.part`, a `.tmp`). One the settings name now stays, and so
 * does one any earlier settings named: the operators' log shows what the site showed, and a
 * revert names it again.
 */
export async function pruneUnsavedUploads({ files, now, savedTexts }: UnsavedUploadsDeps): Promise<number> {
  const saved = namedUploads(await savedTexts());
  const before = now() - UNSAVED_UPLOAD_GRACE_MS;
  const dir = brandUploadsDir(files.dataDir);
  let removed = 0;
  for (const name of fs.existsSync(dir) ? await fs.promises.readdir(dir) : []) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!saved.has(name) && stat && stat.mtimeMs < before) {
      await fs.promises.rm(file, { recursive: true, force: true });
      removed += 1;
    }
  }
  if (files.shared) {
    const prefix = `${files.keyOf(dir)}/`;
    for (const { key, modifiedAt } of await files.store.listWithTimes(prefix)) {
      if (!saved.has(key.slice(prefix.length)) && modifiedAt.getTime() < before) {
        await files.store.deletePrefix(key);
        removed += 1;
      }
    }
  }
  return removed;
}
