import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { DATABASE_FILE } from '../db/database';
import { entryProblem, type ArchiveEntry } from './archiveEntries';
import { MANIFEST_FILE, MANIFEST_MAX_BYTES, parseManifest, type BackupManifest } from './manifest';
import { BackupRefused } from './refusal';
import { checkedSchemaVersion } from './snapshotDatabase';

export interface RestoreOptions {
  dataDir: string;
  /** The storage the server is configured with: an archive made with the other one is refused. */
  storage: 'local' | 's3';
  /** The archive `npm run backup` wrote. */
  file: string;
  onProgress?: (count: { files: number; bytes: number }) => void;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  /** The data files restored, the database included, and their bytes. */
  files: number;
  bytes: number;
}

/** What a file system puts in a fresh volume's root: a DATA_DIR mounted there is still empty. */
const FILE_SYSTEM_FOLDERS = new Set(['lost+found']);

/** A folder's entries that are ours (not the file system's). */
const ownEntries = (dir: string): string[] => fs.readdirSync(dir).filter((name) => !FILE_SYSTEM_FOLDERS.has(name));

/** Restores only into a DATA_DIR that does not exist or is empty: nothing there can be lost or mixed with the backup. */
function checkEmpty(dataDir: string): void {
  if (!fs.existsSync(dataDir)) return;
  if (!fs.statSync(dataDir).isDirectory()) throw new BackupRefused(`DATA_DIR（${dataDir}）是一个文件，不是目录。`);
  const names = ownEntries(dataDir);
  if (names.length) {
    const shown = names.slice(0, 3).join('、');
    throw new BackupRefused(`DATA_DIR（${dataDir}）不是空目录（有 ${shown}${names.length > 3 ? ` 等 ${names.length} 项` : ''}）：恢复只写入空目录，不覆盖也不合并现有数据。请把 DATA_DIR 指向一个新的空目录，或先把这个目录改名移走，再恢复。`);
  }
}

function checkStorage(manifest: BackupManifest, storage: 'local' | 's3'): void {
  if (manifest.storage === storage) return;
  if (manifest.storage === 'local') {
    throw new BackupRefused('这个备份的文件在归档里（备份时文件存在 DATA_DIR），而当前设置了 STORAGE_BACKEND=s3：恢复不会把文件上传到存储桶。请去掉 STORAGE_BACKEND 后恢复并启动。');
  }
  throw new BackupRefused('这个备份是在 STORAGE_BACKEND=s3 下做的，只含数据库，文件在存储桶里：请用同样的 STORAGE_BACKEND=s3 与 S3_* 设置恢复，让服务器读同一个存储桶。');
}

interface ArchiveContents {
  manifest: BackupManifest;
  /** The data files, the database included (as the manifest counts them), and their bytes. */
  files: number;
  bytes: number;
}

/** Reads the whole archive once without writing anything: the manifest, every entry checked, the bytes it will take. */
async function readArchive(file: string): Promise<ArchiveContents> {
  let manifestText: string | null = null;
  let first = true;
  let problem: string | null = null;
  let files = 0;
  let bytes = 0;
  try {
    await tar.list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const isFirst = first;
        first = false;
        const found = entryProblem(entry);
        if (found) problem ??= `备份文件里的条目 ${JSON.stringify(entry.path.slice(0, 200))} ${found}：拒绝恢复。这不是本程序写出的备份，或已被改动。`;
        if (!isFirst) {
          if (entry.type !== 'Directory') {
            files += 1;
            bytes += entry.size;
          }
          return;
        }
        if (entry.path !== MANIFEST_FILE || entry.size > MANIFEST_MAX_BYTES) {
          problem ??= `备份文件的第一项不是备份清单（${MANIFEST_FILE}）：这不是 npm run backup 写出的备份。`;
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          manifestText = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
  } catch (error) {
    throw new BackupRefused(`${file} 不是有效的备份文件（gzip 压缩的 tar），或已损坏：${error instanceof Error ? error.message : String(error)}`);
  }
  if (problem) throw new BackupRefused(problem);
  if (manifestText === null) throw new BackupRefused(`${file} 里没有备份清单（${MANIFEST_FILE}）：这不是 npm run backup 写出的备份。`);
  return { manifest: parseManifest(manifestText), files, bytes };
}

/** The nearest folder of `dir` that exists (where the free space is asked). */
function existingAncestor(dir: string): string {
  let current = dir;
  while (!fs.existsSync(current)) current = path.dirname(current);
  return current;
}

async function checkFreeSpace(dataDir: string, bytes: number): Promise<void> {
  const stats = await fs.promises.statfs(existingAncestor(dataDir));
  const free = stats.bavail * stats.bsize;
  if (free < bytes) {
    const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;
    throw new BackupRefused(`磁盘空间不够：恢复需要 ${mb(bytes)}，DATA_DIR 所在磁盘只剩 ${mb(free)}。`);
  }
}

/**
 * `npm run restore`: the archive into an empty DATA_DIR, whole or not at all. Everything is
 * checked before a byte is written (the manifest, every entry's path and type, the free space),
 * extracted into a temp folder inside DATA_DIR, the database checked, then moved into place; on
 * any failure DATA_DIR is left empty as it was.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const { dataDir, storage, file, onProgress } = options;
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new BackupRefused(`找不到备份文件 ${file}。`);
  checkEmpty(dataDir);
  const contents = await readArchive(file);
  checkStorage(contents.manifest, storage);
  await checkFreeSpace(dataDir, contents.bytes);

  const created = !fs.existsSync(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = path.join(dataDir, `restore-${crypto.randomBytes(6).toString('hex')}.tmp`);
  fs.mkdirSync(staging);
  try {
    await extract(file, staging, onProgress);
    fs.rmSync(path.join(staging, MANIFEST_FILE));
    const database = path.join(staging, DATABASE_FILE);
    if (!fs.existsSync(database)) throw new BackupRefused(`备份里没有数据库 ${DATABASE_FILE}：备份不完整。`);
    const schemaVersion = checkedSchemaVersion(database);
    if (schemaVersion !== contents.manifest.schemaVersion) {
      throw new BackupRefused(`备份里的数据库结构是第 ${schemaVersion} 版，与清单所记（第 ${contents.manifest.schemaVersion} 版）不符：备份已损坏。`);
    }
    // Whoever wrote into DATA_DIR meanwhile (a server started on it) keeps what it wrote, and the restore stops.
    if (ownEntries(dataDir).some((name) => name !== path.basename(staging))) {
      throw new BackupRefused(`恢复期间有别的程序写入了 DATA_DIR（${dataDir}）：恢复时不要启动服务器。已撤销这次恢复。`);
    }
    for (const name of fs.readdirSync(staging)) fs.renameSync(path.join(staging, name), path.join(dataDir, name));
    return { manifest: contents.manifest, files: contents.files, bytes: contents.bytes };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    if (created && !ownEntries(dataDir).length) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Extracts into `staging`, checking each entry again as it comes (the archive was read once
 * already, but it is a file that could have changed), and gives folders back their times, which
 * extracting their files into them moved (housekeeping reads folder times).
 */
async function extract(file: string, staging: string, onProgress?: RestoreOptions['onProgress']): Promise<void> {
  let problem: string | null = null;
  const folders: Array<{ path: string; mtime: Date }> = [];
  const count = { files: 0, bytes: 0 };
  await tar.extract({
    file,
    cwd: staging,
    strict: true,
    // Owned by whoever restores (the server's user), not by a number from another machine.
    preserveOwner: false,
    filter: (name, entry) => {
      const read = entry as ArchiveEntry & { size: number; mtime?: Date };
      const found = entryProblem({ path: name, type: read.type });
      if (found) {
        problem ??= `备份文件里的条目 ${JSON.stringify(name.slice(0, 200))} ${found}：拒绝恢复。`;
        return false;
      }
      if (read.type === 'Directory' && read.mtime) folders.push({ path: name, mtime: read.mtime });
      else if (read.type !== 'Directory') {
        count.files += 1;
        count.bytes += read.size;
        onProgress?.(count);
      }
      return true;
    },
  });
  if (problem) throw new BackupRefused(problem);
  // Deepest first: setting a folder's time does not move its parent's.
  for (const folder of folders.sort((a, b) => b.path.length - a.path.length)) {
    fs.utimesSync(path.join(staging, folder.path), folder.mtime, folder.mtime);
  }
}
