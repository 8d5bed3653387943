import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { checkKey, checkPrefix, type ByteRange, type FileStore, type ListedFile, type StoredFile } from './types';

const suffix = (): string => crypto.randomBytes(6).toString('hex');

/** The file's validator: its size and change time, as a static file server makes it. */
const etagOf = (stat: fs.Stats): string => `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

const fileOf = (stat: fs.Stats): StoredFile => ({ size: stat.size, etag: etagOf(stat), modifiedAt: stat.mtime });

/**
 * Files under one folder (DATA_DIR), keys as relative paths. Writes go to a temp name beside the
 * target and are renamed into place, so that a reader gets the old file or the new one, whole;
 * a folder is swapped whole by two renames (what publishFolder does for sites).
 */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';

  constructor(readonly root: string) {}

  /** The local path of `key` (the static routes serve from it). */
  pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  putFile(key: string, source: string): Promise<void> {
    return this.writeAtomically(key, (temp) => fs.promises.copyFile(source, temp));
  }

  putBuffer(key: string, data: Buffer): Promise<void> {
    return this.writeAtomically(key, (temp) => fs.promises.writeFile(temp, data));
  }

  /** Writes beside the target and renames into place: a reader gets the old file or the new one. */
  private async writeAtomically(key: string, write: (temp: string) => Promise<void>): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${suffix()}.tmp`;
    try {
      await write(temp);
      await fs.promises.rename(temp, target);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
  }

  async putFolder(prefix: string, dir: string): Promise<string[]> {
    const target = this.pathOf(checkPrefix(prefix));
    const files = await relativeFiles(dir);
    const temp = `${target}-${suffix()}.tmp`;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.cp(dir, temp, { recursive: true });
    if (!fs.existsSync(target)) {
      await fs.promises.rename(temp, target);
      return files;
    }
    const old = `${target}-old-${suffix()}.tmp`;
    await fs.promises.rename(target, old);
    await fs.promises.rename(temp, target);
    await fs.promises.rm(old, { recursive: true, force: true });
    return files;
  }

  async head(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    try {
      const stat = await fs.promises.stat(file);
      return stat.isFile() ? fileOf(stat) : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<{ file: StoredFile; body: fs.ReadStream } | null> {
    const file = this.pathOf(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch {
      return null;
    }
    // Stat and stream the one open file: a rename meanwhile cannot mix two versions.
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { file: fileOf(stat), body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}) };
  }

  async copy(from: string, to: string): Promise<void> {
    await this.putFile(to, this.pathOf(from));
  }

  async list(prefix: string): Promise<string[]> {
    const bare = checkPrefix(prefix);
    const base = bare ? this.pathOf(bare) : this.root;
    const files = await relativeFiles(base);
    return files.map((file) => (bare ? `${bare}/${file}` : file));
  }

  async listWithTimes(prefix: string): Promise<ListedFile[]> {
    const entries: ListedFile[] = [];
    for (const key of await this.list(prefix)) {
      const stat = await fs.promises.stat(this.pathOf(key)).catch(() => null);
      if (stat) entries.push({ key, modifiedAt: stat.mtime, size: stat.size });
    }
    return entries;
  }

  /** Every file under the folder, the database's among them: what DATA_DIR takes on the disk. */
  async usedBytes(): Promise<number> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(this.root, { recursive: true, withFileTypes: true });
    } catch {
      return 0;
    }
    let total = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      // Gone between the listing and the look (a swap, a sweep): not there to count.
      const stat = await fs.promises.stat(path.join(entry.parentPath, entry.name)).catch(() => null);
      total += stat?.size ?? 0;
    }
    return total;
  }

  async deletePrefix(prefix: string): Promise<number> {
    const target = this.pathOf(checkPrefix(prefix));
    const stat = await fs.promises.stat(target).catch(() => null);
    if (!stat) return 0;
    const count = stat.isDirectory() ? (await relativeFiles(target)).length : 1;
    await fs.promises.rm(target, { recursive: true, force: true });
    return count;
  }
}

/** The files below `dir` (not folders), as relative paths with '/'; [] when it does not exist. */
async function relativeFiles(dir: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  // Files and folders being swapped into place end in .tmp: not stored yet, or no longer.
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').some((segment) => segment.endsWith('.tmp')));
}
