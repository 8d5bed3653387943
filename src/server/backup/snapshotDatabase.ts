import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE } from '../db/database';
import { BackupRefused } from './refusal';

/** Pages per backup step: all of them, so that the copy is one read of one moment (see below). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies DATA_DIR's SQLite database to `target` with SQLite's online backup, while the server
 * keeps reading and writing it. The copy is made in one step: SQLite restarts a backup that a
 * write from another connection interrupts between steps, so small steps under a steady stream of
 * writes could restart for ever, whereas one step reads one snapshot (WAL lets the server write
 * meanwhile). Answers the snapshot's schema version, checked.
 */
export async function snapshotDatabase(dataDir: string, target: string): Promise<number> {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) {
    throw new BackupRefused(`DATA_DIR（${dataDir}）里没有数据库 ${DATABASE_FILE}：DATA_DIR 设对了吗？备份读取与服务器相同的环境变量（DATA_DIR 默认是启动目录下的 ./data）。`);
  }
  const db = new Database(source, { fileMustExist: true });
  try {
    // The server may hold the write lock for a moment.
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  // The copy keeps the source's WAL mode, whose -wal and -shm files every opening leaves beside
  // it; one file is what an archive wants (the server sets WAL again when it opens it).
  const copy = new Database(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return checkedSchemaVersion(target);
}

/** The schema version of a database file after SQLite's own check of it; refused when the file is damaged. */
export function checkedSchemaVersion(file: string): number {
  let problems: string[];
  let version: number;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      problems = (db.pragma('quick_check') as Array<{ quick_check: string }>).map((row) => row.quick_check).filter((text) => text !== 'ok');
      version = db.pragma('user_version', { simple: true }) as number;
    } finally {
      db.close();
    }
  } catch (error) {
    throw new BackupRefused(`数据库文件 ${path.basename(file)} 已损坏，打不开：${error instanceof Error ? error.message : String(error)}`);
  }
  if (problems.length) throw new BackupRefused(`数据库文件 ${path.basename(file)} 检查未通过：${problems.slice(0, 3).join('；')}`);
  return version;
}
