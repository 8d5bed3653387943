import fs from 'node:fs';
import path from 'node:path';

/**
 * The data files of a running server, frozen without stopping it: each file is hard-linked into a
 * staging folder inside DATA_DIR (same file system, no bytes copied), and the archive is made
 * from there at leisure.
 *
 * Why that is enough for whole files: this codebase never rewrites a data file in place. Renders,
 * uploads, zips and site folders are written under a temp name and renamed into place (files by
 * one rename, site folders by two: publishFolder, LocalFileStore), so a path names either the old
 * inode or the new one, each complete, and a hard link keeps the inode it got. Work in progress
 * (the *-tmp folders, names ending in .tmp or .part) is left out.
 *
 * Why folders are whole too: a folder replaced while it was being linked (a site published again,
 * a job's folder swapped in) gets a new inode; the folder is then staged again, so each folder
 * below a top-level one is archived as one version of itself. A folder deleted meanwhile is left
 * out. A folder that appears while its parent is read is picked up by reading the parent again.
 */

/** What one staging made: files and their bytes. */
export interface StagedCount {
  files: number;
  bytes: number;
}

export interface StageOptions {
  /** Top-level names of DATA_DIR that are not data files (the live database, temp folders). */
  skip: ReadonlySet<string>;
  /** Only these top-level names when given (with S3, DATA_DIR is a cache but for the secret). */
  only?: ReadonlySet<string>;
  onProgress?: (count: StagedCount) => void;
}

/** Half-written: temp files and folders renamed into place once complete. */
export const isWorkInProgress = (name: string): boolean => name.endsWith('.tmp') || name.endsWith('.part');

/** Tries at one folder replaced again and again while it is linked, before the backup gives up. */
const FOLDER_ATTEMPTS = 20;
/** Rereads of a top-level folder for children that appeared while it was read. */
const REREADS = 3;

const isGone = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function lstatOrNull(file: string): Promise<fs.Stats | null> {
  try {
    return await fs.promises.lstat(file);
  } catch (error) {
    if (isGone(error)) return null;
    throw error;
  }
}

/** A folder of DATA_DIR changed under the backup faster than it could be staged. */
export class FolderKeptChanging extends Error {
  override name = 'FolderKeptChanging';
}

class Stager {
  readonly count: StagedCount = { files: 0, bytes: 0 };

  constructor(private readonly onProgress?: (count: StagedCount) => void) {}

  /** Links one file; false when it is gone. Copies it where a link cannot be made or would be ambiguous. */
  async file(source: string, target: string, into: StagedCount): Promise<boolean> {
    try {
      await fs.promises.link(source, target);
    } catch (error) {
      if (isGone(error)) return false;
      const code = (error as NodeJS.ErrnoException).code;
      // Another file system below DATA_DIR, or hard links refused (not the files' owner): a copy
      // reads the one inode the path names when it is opened, whole as well.
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
      if (!(await copyOrGone(source, target))) return false;
    }
    let stat = await fs.promises.lstat(target);
    // Linked elsewhere in DATA_DIR too: tar would store the second path as a link to the first,
    // which a restore refuses. A copy of its own keeps every entry a plain file.
    if (stat.nlink > 2) {
      await fs.promises.rm(target);
      if (!(await copyOrGone(source, target))) return false;
      stat = await fs.promises.lstat(target);
    }
    into.files += 1;
    into.bytes += stat.size;
    return true;
  }

  /** Links a folder's tree with its times; false when something in it vanished meanwhile. */
  async tree(source: string, target: string, into: StagedCount): Promise<boolean> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(source, { withFileTypes: true });
    } catch (error) {
      if (isGone(error)) return false;
      throw error;
    }
    await fs.promises.mkdir(target);
    for (const entry of entries) {
      if (isWorkInProgress(entry.name)) continue;
      const from = path.join(source, entry.name);
      const to = path.join(target, entry.name);
      if (entry.isDirectory() ? !(await this.tree(from, to, into)) : entry.isFile() && !(await this.file(from, to, into))) return false;
    }
    return this.keepTimes(source, target);
  }

  /**
   * One folder below a top-level folder, as one version of itself: staged again when it was
   * replaced (its inode changed) or lost a file while being linked; left out when it is gone.
   */
  async unit(source: string, target: string): Promise<void> {
    for (let attempt = 0; attempt < FOLDER_ATTEMPTS; attempt += 1) {
      const before = await lstatOrNull(source);
      if (!before?.isDirectory()) return;
      const counted: StagedCount = { files: 0, bytes: 0 };
      const complete = await this.tree(source, target, counted);
      const after = await lstatOrNull(source);
      if (complete && after && after.ino === before.ino && after.dev === before.dev) {
        this.add(counted);
        return;
      }
      await fs.promises.rm(target, { recursive: true, force: true });
    }
    throw new FolderKeptChanging(`${source} was replaced ${FOLDER_ATTEMPTS} times while the backup read it`);
  }

  /** A top-level folder: its files one by one, its folders each whole, read again for late arrivals. */
  async topFolder(source: string, target: string): Promise<void> {
    const stat = await lstatOrNull(source);
    if (!stat) return;
    await fs.promises.mkdir(target);
    const done = new Set<string>();
    for (let read = 0; read < REREADS; read += 1) {
      let entries: fs.Dirent[];
      try {
        entries = (await fs.promises.readdir(source, { withFileTypes: true })).filter((entry) => !done.has(entry.name) && !isWorkInProgress(entry.name));
      } catch (error) {
        if (isGone(error)) return;
        throw error;
      }
      if (!entries.length) break;
      for (const entry of entries) {
        done.add(entry.name);
        const from = path.join(source, entry.name);
        const to = path.join(target, entry.name);
        if (entry.isDirectory()) await this.unit(from, to);
        else if (entry.isFile()) {
          const counted: StagedCount = { files: 0, bytes: 0 };
          if (await this.file(from, to, counted)) this.add(counted);
        }
      }
    }
    await this.keepTimes(source, target);
  }

  /** The folder's times on its staged copy (housekeeping reads folder times: a zip last asked for). */
  private async keepTimes(source: string, target: string): Promise<boolean> {
    const stat = await lstatOrNull(source);
    if (!stat) return false;
    await fs.promises.utimes(target, stat.atime, stat.mtime);
    return true;
  }

  add(counted: StagedCount): void {
    this.count.files += counted.files;
    this.count.bytes += counted.bytes;
    this.onProgress?.(this.count);
  }
}

async function copyOrGone(source: string, target: string): Promise<boolean> {
  try {
    await fs.promises.copyFile(source, target, fs.constants.COPYFILE_EXCL);
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/** Stages DATA_DIR's data files into `staging` (an empty folder inside DATA_DIR); answers what it holds. */
export async function stageDataFiles(dataDir: string, staging: string, options: StageOptions): Promise<StagedCount> {
  const stager = new Stager(options.onProgress);
  const stagingName = path.basename(staging);
  for (const entry of await fs.promises.readdir(dataDir, { withFileTypes: true })) {
    const { name } = entry;
    if (name === stagingName || options.skip.has(name) || isWorkInProgress(name) || (options.only && !options.only.has(name))) continue;
    const from = path.join(dataDir, name);
    const to = path.join(staging, name);
    if (entry.isDirectory()) await stager.topFolder(from, to);
    else if (entry.isFile()) {
      const counted: StagedCount = { files: 0, bytes: 0 };
      if (await stager.file(from, to, counted)) stager.add(counted);
    }
  }
  return stager.count;
}
