import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../../src/server/db/database';
import { MIGRATIONS, runMigrations } from '../../../src/server/db/migrations';

let dataDir: string;
let db: Db;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-migrations-test-'));
  db = openDatabase(dataDir);
});

afterEach(() => {
  db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const version = (): number => db.pragma('user_version', { simple: true }) as number;
const tableExists = (name: string): boolean => !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);

describe('the database', () => {
  it('opens with WAL, foreign keys and a busy timeout', () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('migrates to the newest version once, and a second run changes nothing', () => {
    expect(runMigrations(db)).toBe(MIGRATIONS.length);
    expect(version()).toBe(MIGRATIONS.length);
    for (const table of ['users', 'rate_events', 'captchas', 'sms_codes', 'sms_outbox', 'qr_tickets', 'operate_logs', 'site_config', 'video_tutorials']) {
      expect(tableExists(table)).toBe(true);
    }
    expect(() => runMigrations(db)).not.toThrow();
    expect(version()).toBe(MIGRATIONS.length);
  });

  it('rolls a failing migration back whole, version included', () => {
    const migrations = ['CREATE TABLE a (x INTEGER);', 'CREATE TABLE b (x INTEGER); CREATE TABLE a (y INTEGER);'];
    expect(() => runMigrations(db, migrations)).toThrow();
    expect(version()).toBe(1);
    expect(tableExists('a')).toBe(true);
    expect(tableExists('b')).toBe(false);
  });

  it('refuses a database made by a newer server', () => {
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    expect(() => runMigrations(db)).toThrow(/newer than this server/);
  });
});
