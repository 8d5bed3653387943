/**
 * What `npm run backup` and `npm run restore` refuse, each with a clear message and nothing lost:
 * a missing argument, a PostgreSQL install (pg_dump's job), a target it cannot or must not write,
 * a DATA_DIR that is not empty, archives that are not ours or are hostile (paths leaving DATA_DIR,
 * links), a newer format, a damaged database, and the other storage's archives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { takeBackup } from '../../../src/server/backup/backup';
import { MANIFEST_FILE, type BackupManifest } from '../../../src/server/backup/manifest';
import { BackupRefused } from '../../../src/server/backup/refusal';
import { restoreBackup } from '../../../src/server/backup/restore';
import { connectSqlite } from '../../../src/server/db/connection';
import { MIGRATIONS } from '../../../src/server/db/migrations';
import { handMadeArchive, manifestEntry, runCommand, type HandEntry } from './kit';

jest.setTimeout(60_000);

let root: string;
let dataDir: string;

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-backup-'));
  dataDir = path.join(root, 'data');
  const database = connectSqlite(dataDir);
  await database.close();
  fs.writeFileSync(path.join(dataDir, 'secret.key'), 'k'.repeat(43), { mode: 0o600 });
  fs.mkdirSync(path.join(dataDir, 'generated', 'job1'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'generated', 'job1', 'logo.png'), 'png bytes');
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** The message a refusal gives, failing the test if it succeeded or threw something else. */
async function refusal(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BackupRefused);
  return (error as BackupRefused).message;
}

const backupTo = (target: string, storage: 'local' | 's3' = 'local') => takeBackup({ dataDir, storage, target });
const restoreInto = (dir: string, file: string, storage: 'local' | 's3' = 'local') => restoreBackup({ dataDir: dir, storage, file });

function writeArchive(entries: HandEntry[]): string {
  const file = path.join(root, 'hand.tar.gz');
  fs.writeFileSync(file, handMadeArchive(entries));
  return file;
}

describe('the commands, as an operator runs them', () => {
  it('say how to call them without a file', async () => {
    const backup = await runCommand('backup', [], { DATA_DIR: dataDir });
    expect(backup.code).toBe(1);
    expect(backup.stderr.trim()).toMatch(/^用法：npm run backup -- <备份文件\.tar\.gz>/);
    const restore = await runCommand('restore', [], { DATA_DIR: path.join(root, 'empty') });
    expect(restore.code).toBe(1);
    expect(restore.stderr.trim()).toMatch(/^用法：npm run restore -- <备份文件\.tar\.gz>/);
  });

  it('send a PostgreSQL install to pg_dump and pg_restore, writing nothing', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://wpg:secret@db.example.com:5432/wpg', JWT_SECRET: 'j'.repeat(40) };
    const backup = await runCommand('backup', [path.join(root, 'pg.tar.gz')], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('已设置 DATABASE_URL（PostgreSQL）');
    expect(backup.stderr).toContain('pg_dump');
    // The password in the URL is not repeated.
    expect(backup.stderr).not.toContain('secret@');
    expect(fs.readdirSync(root)).toEqual(['data']);

    const restore = await runCommand('restore', [path.join(root, 'pg.tar.gz')], { ...env, DATA_DIR: path.join(root, 'empty') });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore');
    expect(fs.existsSync(path.join(root, 'empty'))).toBe(false);
  });

  it('say so at once when the target cannot be written, and leave nothing behind', async () => {
    fs.writeFileSync(path.join(root, 'a-file'), '');
    const result = await runCommand('backup', [path.join(root, 'a-file', 'b.tar.gz')], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^无法写入 .*b\.tar\.gz（ENOTDIR）：请确认目录可写、磁盘未满。$/);
    expect(fs.readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('say, on a bucket, that the files are in it and not in the backup', async () => {
    const s3 = { STORAGE_BACKEND: 's3', S3_BUCKET: 'wpg-files', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'http://127.0.0.1:9' };
    const result = await runCommand('backup', [path.join(root, 's3.tar.gz')], { DATA_DIR: dataDir, ...s3 });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('生成的文件在存储桶 wpg-files 里，不在这个备份中');
  });

  it('take a relative path from where the command was typed', async () => {
    const result = await runCommand('backup', ['rel.tar.gz'], { DATA_DIR: dataDir, INIT_CWD: root });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(fs.existsSync(path.join(root, 'rel.tar.gz'))).toBe(true);
  });
});

describe('backup refuses', () => {
  it('a target inside DATA_DIR, an existing file, a missing folder, a DATA_DIR without a database', async () => {
    const before = fs.readdirSync(dataDir).filter((name) => name !== 'app.db');
    expect(await refusal(backupTo(path.join(dataDir, 'b.tar.gz')))).toContain('不能放在 DATA_DIR');
    fs.writeFileSync(path.join(root, 'old.tar.gz'), 'yesterday');
    expect(await refusal(backupTo(path.join(root, 'old.tar.gz')))).toContain('已经存在');
    expect(fs.readFileSync(path.join(root, 'old.tar.gz'), 'utf8')).toBe('yesterday');
    expect(await refusal(backupTo(path.join(root, 'missing', 'b.tar.gz')))).toContain('不存在');
    fs.rmSync(path.join(dataDir, 'app.db'));
    expect(await refusal(backupTo(path.join(root, 'b.tar.gz')))).toContain('没有数据库 app.db');
    // Neither a partial archive nor a staging folder is left.
    expect(fs.readdirSync(root).sort()).toEqual(['data', 'old.tar.gz']);
    expect(fs.readdirSync(dataDir)).toEqual(before);
  });
});

describe('restore refuses', () => {
  it('a DATA_DIR that is not empty, and changes nothing in it', async () => {
    const file = path.join(root, 'b.tar.gz');
    await backupTo(file);
    const before = fs.readdirSync(dataDir, { recursive: true }).sort();
    const message = await refusal(restoreInto(dataDir, file));
    expect(message).toMatch(/^DATA_DIR（.*）不是空目录（有 app\.db、.* 等 \d 项）：恢复只写入空目录，不覆盖也不合并现有数据。/);
    expect(fs.readdirSync(dataDir, { recursive: true }).sort()).toEqual(before);
    expect(fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8')).toBe('k'.repeat(43));
  });

  const outside = () => path.join(root, 'outside');
  const hostile: Array<[string, () => HandEntry[], string]> = [
    ['a path climbing out with ..', () => [manifestEntry(), { path: '../outside/evil.txt', body: 'x' }], '含有 ..'],
    ['a path climbing out in the middle', () => [manifestEntry(), { path: 'generated/../../outside/evil.txt', body: 'x' }], '含有 ..'],
    ['an absolute path', () => [manifestEntry(), { path: `${outside()}/evil.txt`, body: 'x' }], '是绝对路径'],
    ['a symbolic link out, then a file through it', () => [manifestEntry(), { path: 'uploads', type: 'SymbolicLink', linkpath: outside() }, { path: 'uploads/evil.txt', body: 'x' }], '是符号链接'],
    ['a symbolic link that stays inside', () => [manifestEntry(), { path: 'generated', type: 'Directory' }, { path: 'generated/latest', type: 'SymbolicLink', linkpath: 'job1' }], '是符号链接'],
    ['a hard link to a file outside', () => [manifestEntry(), { path: 'secret.key', type: 'Link', linkpath: '/etc/hostname' }], '是硬链接'],
    ['a device', () => [manifestEntry(), { path: 'dev', type: 'CharacterDevice' }], 'CharacterDevice'],
  ];

  it.each(hostile)('an archive with %s, before writing anything', async (_what, entries, reason) => {
    fs.mkdirSync(outside());
    const target = path.join(root, 'restored');
    const message = await refusal(restoreInto(target, writeArchive(entries())));
    expect(message).toContain(reason);
    expect(message).toContain('拒绝恢复');
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(outside())).toEqual([]);
  });

  it('what is not one of our archives: no file, other bytes, a tar without our manifest first', async () => {
    const target = path.join(root, 'restored');
    expect(await refusal(restoreInto(target, path.join(root, 'nothing.tar.gz')))).toContain('找不到备份文件');
    fs.writeFileSync(path.join(root, 'junk.tar.gz'), 'this is not a tar at all, only some words'.repeat(40));
    expect(await refusal(restoreInto(target, path.join(root, 'junk.tar.gz')))).toContain('不是有效的备份文件');
    const other = path.join(root, 'other.tar.gz');
    await tar.create({ file: other, gzip: true, cwd: dataDir }, ['secret.key', 'app.db']);
    expect(await refusal(restoreInto(target, other))).toContain(`第一项不是备份清单（${MANIFEST_FILE}）`);
    expect(await refusal(restoreInto(target, writeArchive([{ path: MANIFEST_FILE, body: '{"format":"zip"}' }])))).toContain('不是本系统的备份文件');
    expect(fs.existsSync(target)).toBe(false);
  });

  it('an archive from a newer version, naming the version to install', async () => {
    const target = path.join(root, 'restored');
    const format = await refusal(restoreInto(target, writeArchive([manifestEntry({ formatVersion: 2, productVersion: '9.0.0' })])));
    expect(format).toContain('备份格式版本 2');
    expect(format).toContain('9.0.0');
    const schema = await refusal(restoreInto(target, writeArchive([manifestEntry({ schemaVersion: MIGRATIONS.length + 1, productVersion: '9.0.0' })])));
    expect(schema).toContain(`第 ${MIGRATIONS.length + 1} 版，当前程序只认识到第 ${MIGRATIONS.length} 版`);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('a damaged database, leaving the empty DATA_DIR empty', async () => {
    const target = path.join(root, 'restored');
    fs.mkdirSync(target);
    const message = await refusal(restoreInto(target, writeArchive([manifestEntry(), { path: 'app.db', body: 'SQLite format 3\0 but then garbage'.repeat(64) }])));
    expect(message).toContain('数据库文件 app.db');
    expect(fs.readdirSync(target)).toEqual([]);
  });
});

describe('with STORAGE_BACKEND=s3', () => {
  it('backs up the database and the secret (the files are in the bucket); restores only under the same storage', async () => {
    const file = path.join(root, 's3.tar.gz');
    const { manifest } = await backupTo(file, 's3');
    expect(manifest).toMatchObject<Partial<BackupManifest>>({ storage: 's3', secretKey: true, files: 2 });
    const names: string[] = [];
    await tar.list({ file, onReadEntry: (entry) => names.push(entry.path) });
    expect(names).toEqual([MANIFEST_FILE, 'app.db', 'secret.key']);

    const target = path.join(root, 'restored');
    expect(await refusal(restoreInto(target, file, 'local'))).toContain('STORAGE_BACKEND=s3 下做的');
    await restoreInto(target, file, 's3');
    expect(fs.readdirSync(target).sort()).toEqual(['app.db', 'secret.key']);

    const local = path.join(root, 'local.tar.gz');
    await backupTo(local);
    expect(await refusal(restoreInto(path.join(root, 'again'), local, 's3'))).toContain('当前设置了 STORAGE_BACKEND=s3');
  });
});

describe('what killed backups left', () => {
  it('is removed after a day; a staging folder of a backup still running is not', async () => {
    const stale = path.join(dataDir, 'backup-0123456789ab.tmp');
    const running = path.join(dataDir, 'backup-ba9876543210.tmp');
    for (const dir of [stale, running]) fs.mkdirSync(path.join(dir, 'generated'), { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    fs.utimesSync(stale, twoDaysAgo, twoDaysAgo);
    await backupTo(path.join(root, 'b.tar.gz'));
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(running)).toBe(true);
  });
});
