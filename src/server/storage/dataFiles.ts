import fs from 'node:fs';
import path from 'node:path';
import { downloadFile, type FileStore } from './types';

/** What readiness asks the shared store for: never written, so the answer is "not there". */
const HEALTH_PROBE_KEY = 'health-probe';

/**
 * DATA_DIR as the working folder of the file store. Code writes and reads files under DATA_DIR as
 * it always has; with the local store (the default) that folder is the store, and nothing more
 * happens. With a shared store (S3) DATA_DIR is one server's cache: what a server makes is
 * published to the store once complete, what it needs and lacks is fetched from the store, and
 * what expires is removed from both, so that any server can serve and use any file.
 */
export class DataFiles {
  constructor(
    readonly dataDir: string,
    readonly store: FileStore,
  ) {}

  /**
   * Resolves when files can be written here and the shared store answers (readiness): a HEAD of a
   * key nobody writes, which the store answers "no such file".
   */
  async ping(): Promise<void> {
    await fs.promises.access(this.dataDir, fs.constants.R_OK | fs.constants.W_OK);
    if (this.shared) await this.store.head(HEALTH_PROBE_KEY);
  }

  /** Whether files live beyond this server's DATA_DIR. */
  get shared(): boolean {
    return this.store.kind !== 'local';
  }

  /** The store's key of a path under DATA_DIR. */
  keyOf(localPath: string): string {
    const relative = path.relative(this.dataDir, localPath);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`Not under DATA_DIR: ${localPath}`);
    return relative.split(path.sep).join('/');
  }

  /** The local file or folder at `localPath` is complete: into the shared store with it (replacing a folder whole). */
  async publish(localPath: string): Promise<void> {
    if (!this.shared) return;
    const key = this.keyOf(localPath);
    if ((await fs.promises.stat(localPath)).isDirectory()) await this.store.putFolder(key, localPath);
    else await this.store.putFile(key, localPath);
  }

  /**
   * Writes the file `source` over the stored file at `localPath`, under the same name (readers get
   * the old file or the new one, whole): in the store, and over this server's copy when it keeps
   * one. Copies other servers keep are left to their cache's age.
   */
  async replaceFile(localPath: string, source: string): Promise<void> {
    await this.store.putFile(this.keyOf(localPath), source);
    if (!this.shared || !fs.existsSync(localPath)) return;
    const temp = `${localPath}.${process.pid}.${Date.now()}.tmp`;
    try {
      await fs.promises.copyFile(source, temp);
      await fs.promises.rename(temp, localPath);
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  /** Makes sure the file at `localPath` is here, fetching it from the shared store; false when nobody has it. */
  async fetch(localPath: string): Promise<boolean> {
    if (fs.existsSync(localPath)) return true;
    if (!this.shared) return false;
    await fs.promises.mkdir(path.dirname(localPath), { recursive: true });
    const temp = `${localPath}.${process.pid}.${Date.now()}.tmp`;
    try {
      if (!(await downloadFile(this.store, this.keyOf(localPath), temp))) return false;
      await fs.promises.rename(temp, localPath);
      return true;
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  /** Makes sure the folder at `localDir` is here whole, fetching its files from the shared store; false when nobody has it. */
  async fetchFolder(localDir: string): Promise<boolean> {
    if (fs.existsSync(localDir)) return true;
    if (!this.shared) return false;
    return this.downloadFolder(localDir, false);
  }

  /**
   * Like fetchFolder, but a copy here is replaced by the store's: for a folder another server may
   * have made again (a builder site completed again), where this server's copy may be older.
   */
  async freshFolder(localDir: string): Promise<boolean> {
    if (!this.shared) return fs.existsSync(localDir);
    return this.downloadFolder(localDir, true);
  }

  private async downloadFolder(localDir: string, replace: boolean): Promise<boolean> {
    const prefix = this.keyOf(localDir);
    const keys = await this.store.list(`${prefix}/`);
    if (!keys.length) return false;
    // Fetched beside its place and renamed in whole, like a render: no reader sees half of it.
    const temp = `${localDir}.${process.pid}.${Date.now()}.tmp`;
    const old = `${temp}.old`;
    try {
      for (const key of keys) {
        const target = path.join(temp, ...key.slice(prefix.length + 1).split('/'));
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        if (!(await downloadFile(this.store, key, target))) return false;
      }
      if (replace) await fs.promises.rename(localDir, old).catch(() => undefined);
      await fs.promises.rename(temp, localDir).catch((error: NodeJS.ErrnoException) => {
        // Fetched meanwhile by another request of this server: theirs is as good.
        if (!fs.existsSync(localDir)) throw error;
      });
      return true;
    } finally {
      await fs.promises.rm(temp, { recursive: true, force: true });
      await fs.promises.rm(old, { recursive: true, force: true });
    }
  }

  /** The names in the folder `localDir`, here or in the shared store (the folders of versions, say). */
  async entriesOf(localDir: string): Promise<string[]> {
    const names = new Set(fs.existsSync(localDir) ? await fs.promises.readdir(localDir) : []);
    if (this.shared) {
      const prefix = this.keyOf(localDir);
      for (const key of await this.store.list(`${prefix}/`)) names.add(key.slice(prefix.length + 1).split('/')[0]);
    }
    return [...names];
  }

  /** Whether the file at `localPath` exists here or in the shared store. */
  async exists(localPath: string): Promise<boolean> {
    if (fs.existsSync(localPath)) return true;
    return this.shared && (await this.store.head(this.keyOf(localPath))) !== null;
  }

  /**
   * With a shared store, DATA_DIR is a cache: deletes the entries of `folders` (top-level folders
   * of DATA_DIR) not changed for `olderThanMs`, whichever server made them. Nothing with the local store.
   */
  async sweepCache(folders: readonly string[], olderThanMs: number): Promise<number> {
    if (!this.shared) return 0;
    const before = Date.now() - olderThanMs;
    let removed = 0;
    for (const folder of folders) {
      const root = path.join(this.dataDir, folder);
      for (const entry of fs.existsSync(root) ? await fs.promises.readdir(root) : []) {
        const full = path.join(root, entry);
        const stat = await fs.promises.stat(full).catch(() => null);
        if (stat && stat.mtimeMs < before) {
          await fs.promises.rm(full, { recursive: true, force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }

  /** Deletes the file or folder at `localPath` here and in the shared store. */
  async remove(localPath: string): Promise<void> {
    await fs.promises.rm(localPath, { recursive: true, force: true });
    if (this.shared) await this.store.deletePrefix(this.keyOf(localPath));
  }
}
