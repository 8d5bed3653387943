import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DataFiles } from '../../storage/dataFiles';
import { downloadFile } from '../../storage/types';
import { sitesTmpDir } from '../siteFiles/paths';
import type { StorageQuota } from '../storageQuota/storageQuota';
import { publishedDir } from './publishedPaths';

const PAGE = 'index.html';
const COMPRESSED = /\.(br|gz)$/;
/** A publish landing between the read and the write: the edit is made again on its copy, this many times at most. */
const ATTEMPTS = 3;

export interface PublishedPageEditDeps {
  files: DataFiles;
  quota: Pick<StorageQuota, 'adjust'>;
}

/**
 * The files an edit wrote in `dir` (the page's scratch folder, holding the live index.html), by
 * their path in the site (`index.html`, `index.html.br`, `assets/reserve.js`); none: nothing to change.
 */
export type PageEdit = (dir: string) => Promise<string[]>;

/**
 * Changes the page of a live published copy in place, for a stamp that comes after its 发布 (the
 * 举报 link of pages published before 内容审核, the 预约 block when its studio switches it): the
 * page comes from the store into a scratch folder, `edit` writes there what it changes, and that
 * replaces the stored files, the page last, so that a browser given the new page never fetches an
 * old compressed copy or script after it. Through the store, so the bucket's copy is the one
 * changed with S3. A copy published again meanwhile (its page's etag moved) is edited again from
 * that copy. Answers false when the slug has no page.
 */
export async function editPublishedPage(deps: PublishedPageEditDeps, slug: string, edit: PageEdit): Promise<boolean> {
  const { files, quota } = deps;
  const folder = publishedDir(files.dataDir, slug);
  const pageKey = files.keyOf(path.join(folder, PAGE));
  for (let attempt = 1; ; attempt += 1) {
    const before = await files.store.head(pageKey);
    if (!before) return false;
    const temp = path.join(sitesTmpDir(files.dataDir), `${crypto.randomBytes(16).toString('hex')}.page-edit`);
    try {
      await fs.promises.mkdir(temp, { recursive: true });
      if (!(await downloadFile(files.store, pageKey, path.join(temp, PAGE)))) return false;
      const written = await edit(temp);
      if (!written.length) return true;
      if ((await files.store.head(pageKey))?.etag !== before.etag) {
        if (attempt < ATTEMPTS) continue;
        throw new Error(`The page of ${slug} kept changing while it was edited`);
      }
      let added = 0;
      const localOf = (name: string): string => path.join(folder, ...name.split('/'));
      const sizeOf = async (name: string): Promise<number> => (await files.store.head(files.keyOf(localOf(name))))?.size ?? 0;
      // A text grown too short to compress keeps no copy of its older self (compressedCopies.ts).
      const stale = written.filter((name) => !COMPRESSED.test(name)).flatMap((name) => ['.br', '.gz'].map((ext) => name + ext).filter((copy) => !written.includes(copy)));
      for (const name of stale) {
        added -= await sizeOf(name);
        await files.remove(localOf(name));
      }
      const last = [...written.filter((name) => name !== PAGE), ...written.filter((name) => name === PAGE)];
      for (const name of last) {
        added += (await fs.promises.stat(path.join(temp, name))).size - (await sizeOf(name));
        await files.replaceFile(localOf(name), path.join(temp, name));
      }
      await quota.adjust(folder, added);
      return true;
    } finally {
      await fs.promises.rm(temp, { recursive: true, force: true });
    }
  }
}
