import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../../config/paths';
import { MIGRATIONS } from '../db/migrations';
import { BackupRefused } from './refusal';

/** The first entry of every archive: what it is, so that a restore can refuse what it cannot bring back. */
export const MANIFEST_FILE = 'backup-manifest.json';
export const BACKUP_FORMAT = 'wpg-backup';
/** Bumped when an archive's layout changes in a way an older restore would get wrong. */
export const BACKUP_FORMAT_VERSION = 1;
/** Some kilobytes of JSON; more is not one of ours. */
export const MANIFEST_MAX_BYTES = 64 * 1024;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** When the database snapshot was taken (ISO 8601). */
  createdAt: string;
  /** The product's version (package.json) that wrote it. */
  productVersion: string;
  /** The migrations the database snapshot had run (PRAGMA user_version). */
  schemaVersion: number;
  /** 'local': the data files are in the archive; 's3': they live in the bucket and only the database is. */
  storage: 'local' | 's3';
  /** Whether DATA_DIR/secret.key is in it (not when the servers run with JWT_SECRET). */
  secretKey: boolean;
  /** The data files in it, the database included, and their bytes. */
  files: number;
  bytes: number;
}

export function productVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The manifest read from an archive, checked against what this version can restore. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupRefused('备份清单（backup-manifest.json）不是有效的 JSON：这不是本系统的备份文件，或文件已损坏。');
  }
  const m = value as Partial<BackupManifest> | null;
  if (!m || typeof m !== 'object' || m.format !== BACKUP_FORMAT) throw new BackupRefused('这不是本系统的备份文件（备份清单的格式不对）。');
  if (!isCount(m.formatVersion) || m.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupRefused(`备份格式版本 ${String(m.formatVersion)} 比当前程序认识的（${BACKUP_FORMAT_VERSION}）更新：请先把程序升级到写出这个备份的版本（${String(m.productVersion)}）或更新。`);
  }
  if (!isCount(m.schemaVersion) || !isCount(m.files) || !isCount(m.bytes) || typeof m.createdAt !== 'string' || typeof m.productVersion !== 'string' || typeof m.secretKey !== 'boolean' || (m.storage !== 'local' && m.storage !== 's3')) {
    throw new BackupRefused('备份清单缺少字段或字段有误：文件已损坏，或不是本系统的备份。');
  }
  if (m.schemaVersion > MIGRATIONS.length) {
    throw new BackupRefused(`备份中的数据库结构是第 ${m.schemaVersion} 版，当前程序只认识到第 ${MIGRATIONS.length} 版：请先把程序升级到 ${m.productVersion} 或更新，再恢复。`);
  }
  return m as BackupManifest;
}
