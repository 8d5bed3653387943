import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { DATABASE_FILE } from '../db/database';
import { renderTmpDir } from '../queue/paths';
import { sitesTmpDir } from '../modules/siteFiles/paths';
import { uploadsTmpDir } from '../modules/uploads/paths';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_FILE, productVersion, type BackupManifest } from './manifest';
import { BackupRefused } from './refusal';
import { snapshotDatabase } from './snapshotDatabase';
import { stageDataFiles, type StagedCount } from './stageDataFiles';

export const SECRET_FILE = 'secret.key';

export interface BackupOptions {
  dataDir: string;
  /** 'local': the files are in DATA_DIR and go in the archive; 's3': they are in the bucket, only the database does. */
  storage: 'local' | 's3';
  /** The archive to write (gzip tar); must not exist yet. */
  target: string;
  /** Files staged, then files written to the archive, as they go. */
  onProgress?: (phase: 'staging' | 'archive', count: StagedCount) => void;
  now?: () => Date;
}

export interface BackupSummary {
  manifest: BackupManifest;
  /** The archive's size on disk. */
  archiveBytes: number;
}

/**
 * What DATA_DIR holds that is not a data file: the live database (its snapshot goes in instead)
 * and the folders where work in progress is written before it is renamed into place.
 */
function notDataFiles(dataDir: string): Set<string> {
  const database = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-journal`];
  return new Set([...database, ...[renderTmpDir, sitesTmpDir, uploadsTmpDir].map((folder) => path.basename(folder(dataDir)))]);
}

/** Refuses a target that would lose or mix data, before any work: an existing file, or one inside DATA_DIR. */
function checkTarget(target: string, dataDir: string): void {
  const relative = path.relative(dataDir, target);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) {
    throw new BackupRefused(`备份文件不能放在 DATA_DIR（${dataDir}）里面：下一次备份会把它也装进去。请写到别的目录。`);
  }
  if (fs.existsSync(target)) throw new BackupRefused(`${target} 已经存在：备份不会覆盖已有文件，请换一个文件名。`);
  if (!fs.existsSync(path.dirname(target))) throw new BackupRefused(`目录 ${path.dirname(target)} 不存在：请先建好它，或换一个位置。`);
}

/** A staging folder's name; one older than a day is a backup that was killed (a running one keeps touching its own). */
const STAGING_NAME = /^backup-[0-9a-f]{12}\.tmp$/;
const STALE_STAGING_MS = 24 * 3600 * 1000;

/** Removes what killed backups left in DATA_DIR: their hard links would keep deleted files' space taken. */
async function removeStaleStaging(dataDir: string, now: number): Promise<void> {
  for (const name of await fs.promises.readdir(dataDir)) {
    if (!STAGING_NAME.test(name)) continue;
    const stat = await fs.promises.stat(path.join(dataDir, name)).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_STAGING_MS) await fs.promises.rm(path.join(dataDir, name), { recursive: true, force: true });
  }
}

/** Opens the archive's partial file first, so that an unwritable target fails in a second, not after the work. */
async function createPartial(partial: string, target: string): Promise<void> {
  try {
    await (await fs.promises.open(partial, 'wx')).close();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new BackupRefused(`${partial} 已存在：也许另一个备份正写到同一个文件，或上次备份中断后留下了它。确认后删除它再试。`);
    throw new BackupRefused(`无法写入 ${target}（${code ?? String(error)}）：请确认目录可写、磁盘未满。`);
  }
}

/**
 * `npm run backup`: the database's online snapshot, then the data files as they are after it
 * (stageDataFiles), and a manifest, in one gzip tar. Files first would miss what the database
 * then references; files after can only miss what was deleted in between, which was going anyway.
 * Written as `<target>.partial` and renamed at the end: a file at `target` is always complete.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupSummary> {
  const { dataDir, storage, target, onProgress, now = () => new Date() } = options;
  checkTarget(target, dataDir);
  if (!fs.existsSync(dataDir)) throw new BackupRefused(`DATA_DIR（${dataDir}）不存在：DATA_DIR 设对了吗？`);
  const partial = `${target}.partial`;
  await createPartial(partial, target);
  await removeStaleStaging(dataDir, now().getTime());
  // Inside DATA_DIR: the same file system, so that files are hard-linked, not copied. The name
  // ends in .tmp, which the server and other backups pass over.
  const staging = path.join(dataDir, `backup-${crypto.randomBytes(6).toString('hex')}.tmp`);
  try {
    try {
      await fs.promises.mkdir(staging);
    } catch (error) {
      throw new BackupRefused(`无法在 DATA_DIR（${dataDir}）里建临时目录（${(error as NodeJS.ErrnoException).code ?? String(error)}）：备份需要以能写 DATA_DIR 的用户运行（通常与服务器同一个用户）。`);
    }
    const createdAt = now();
    const schemaVersion = await snapshotDatabase(dataDir, path.join(staging, DATABASE_FILE));
    const databaseBytes = (await fs.promises.stat(path.join(staging, DATABASE_FILE))).size;
    const staged = await stageDataFiles(dataDir, staging, {
      skip: notDataFiles(dataDir),
      // With a bucket DATA_DIR is a cache of it, but for the secret.
      only: storage === 's3' ? new Set([SECRET_FILE]) : undefined,
      onProgress: (count) => onProgress?.('staging', count),
    });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      productVersion: productVersion(),
      schemaVersion,
      storage,
      secretKey: fs.existsSync(path.join(staging, SECRET_FILE)),
      files: staged.files + 1,
      bytes: staged.bytes + databaseBytes,
    };
    await fs.promises.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeArchive(staging, partial, (count) => onProgress?.('archive', count));
    await fs.promises.rename(partial, target);
    return { manifest, archiveBytes: (await fs.promises.stat(target)).size };
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/** The staged folder as a gzip tar, the manifest first so that a restore reads it before anything else. */
async function writeArchive(staging: string, file: string, onProgress: (count: StagedCount) => void): Promise<void> {
  const rest = (await fs.promises.readdir(staging)).filter((name) => name !== MANIFEST_FILE).sort();
  const written: StagedCount = { files: 0, bytes: 0 };
  await tar.create(
    {
      file,
      cwd: staging,
      gzip: true,
      onWriteEntry: (entry) => {
        if (entry.type !== 'File') return;
        written.files += 1;
        written.bytes += entry.stat?.size ?? 0;
        onProgress(written);
      },
    },
    [MANIFEST_FILE, ...rest],
  );
}
