/**
 * For the backup tests: the two commands run as an operator runs them (their own process, the
 * server's environment), and archives written by hand, hostile ones included.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Header, type HeaderData } from 'tar';
import { repoRoot } from '../../../config/paths';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_FILE, type BackupManifest } from '../../../src/server/backup/manifest';
import { MIGRATIONS } from '../../../src/server/db/migrations';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run backup|restore -- ...args` with `env` over a clean environment, in a process of its
 * own; asynchronous, so that the test's server keeps serving (and writing) meanwhile.
 */
export function runCommand(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CommandResult> {
  const script = path.join(repoRoot, 'config', 'scripts', `${name}.ts`);
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', INIT_CWD: repoRoot };
  return new Promise((resolve) => {
    execFile(path.join(repoRoot, 'node_modules/.bin/tsx'), [script, ...args], { cwd: repoRoot, env: { ...base, ...env }, encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

export interface HandEntry extends HeaderData {
  path: string;
  body?: string | Buffer;
}

/** A gzip tar of `entries` exactly as given: no normalising of paths or types (a hostile archive). */
export function handMadeArchive(entries: HandEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const { body = '', ...data } of entries) {
    const bytes = Buffer.from(body);
    const header = Buffer.alloc(512);
    new Header({ type: 'File', mode: 0o644, mtime: new Date(), ...data, size: data.type && data.type !== 'File' ? 0 : bytes.length }).encode(header, 0);
    blocks.push(header);
    if (!data.type || data.type === 'File') blocks.push(bytes, Buffer.alloc((512 - (bytes.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** A manifest a restore accepts, with `changes`. */
export function manifestEntry(changes: Partial<Record<keyof BackupManifest, unknown>> = {}): HandEntry {
  const manifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    productVersion: '0.1.0',
    schemaVersion: MIGRATIONS.length,
    storage: 'local',
    secretKey: true,
    files: 1,
    bytes: 1,
    ...changes,
  };
  return { path: MANIFEST_FILE, body: JSON.stringify(manifest) };
}
