import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../../src/server/db/database';
import { runMigrations } from '../../../src/server/db/migrate';
import { MIGRATIONS, migrationsBefore } from '../../../src/server/db/migrations';
import type { Migration } from '../../../src/server/db/migrations/kit';

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
    const table = (name: string): Migration => ({ name, up: ({ schema }) => [schema.createTable(name).addColumn('x', 'integer')] });
    const migrations: Migration[] = [table('a'), { name: 'b, then a again', up: (kit) => [...table('b').up(kit), ...table('a').up(kit)] }];
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

describe('the render durations migration', () => {
  it('starts from the render times the finished jobs hold, the newest 20 of each kind and style', () => {
    // Up to the migration before render_durations, then jobs as an older server left them.
    runMigrations(db, migrationsBefore('render-durations'));
    const insert = db.prepare(`
      INSERT INTO render_jobs (id, seq, kind, input, status, attempts, files, error, queued_at, touched_at, started_at, finished_at, render_ms)
      VALUES (?, ?, ?, ?, ?, 1, '[]', '', 0, 0, 0, ?, ?)`);
    const jobs: Array<[kind: string, input: object, status: string, renderMs: number | null]> = [
      ...Array.from({ length: 25 }, (_, n): [string, object, string, number] => ['tl', { kind: 'tl', logoStyle: 4 }, 'done', 300 + n]),
      ['fsa', { kind: 'fsa', logoStyle: 1, bannerStyle: 9 }, 'done', 12_000],
      ['ab', { kind: 'ab', provider: 'generative@2' }, 'done', 450],
      ['al', { kind: 'al', logoStyle: 2 }, 'failed', null],
    ];
    jobs.forEach(([kind, input, status, renderMs], n) => insert.run(`job${n}`, n + 1, kind, JSON.stringify(input), status, 1_000 + n, renderMs));
    runMigrations(db);
    const rows = db.prepare('SELECT kind, style, COUNT(*) AS n, MIN(render_ms) AS fastest FROM render_durations GROUP BY kind, style ORDER BY kind').all();
    expect(rows).toEqual([
      { kind: 'ab', style: 'generative@2', n: 1, fastest: 450 },
      { kind: 'fsa', style: '9', n: 1, fastest: 12_000 },
      // The newest 20 of the 25: the five oldest (300-304 ms) go.
      { kind: 'tl', style: '4', n: 20, fastest: 305 },
    ]);
  });
});
