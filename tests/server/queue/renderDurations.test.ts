import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectSqlite, type DatabaseConnection } from '../../../src/server/db/connection';
import type { Db } from '../../../src/server/db/database';
import { DURATION_HISTORY, DurationRepository, RenderDurations, median, type RenderSeeds } from '../../../src/server/queue/renderDurations';
import { DEFAULT_RENDER_SECONDS } from '../../../src/server/queue/jobRules';
import type { UserJobKind } from '../../../src/server/render/jobSpec';

/** Seeds as measured on some machine: logo style 4 is heavy, banners one figure, the builder's art local only. */
const SEEDS: RenderSeeds = {
  tl: { all: 250, styles: { '4': 400 } },
  al: { all: 4_000, styles: {} },
  fsa: { all: 13_000, styles: { '9': 9_000 } },
  ab: { all: null, styles: { 'generative@2': 500 } },
};

let at = 0;
/** Records renders of one kind and style, a second apart. */
async function rendered(durations: RenderDurations, kind: UserJobKind, style: string, ...times: number[]): Promise<void> {
  for (const renderMs of times) await durations.record({ kind, style, finishedAt: (at += 1000), renderMs });
}

describe('render durations: before this server has rendered anything', () => {
  it('expect the seeded figure of the style, else of its kind: no spec fallback of 180 s for a 0.25 s logo', async () => {
    const durations = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS);
    expect(durations.estimateMs('tl', '1')).toBe(250);
    expect(durations.estimateMs('tl', '4')).toBe(400);
    expect(durations.estimateMs('al', '4')).toBe(4_000);
    expect(durations.estimateMs('fsa', '9')).toBe(9_000);
    expect(durations.estimateMs('fsa', '')).toBe(13_000);
    expect(durations.estimateMs('ab', 'generative@2')).toBe(500);
  });

  it('fall back to the spec default only where nothing could be measured (a remote image service)', async () => {
    const durations = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS);
    expect(durations.estimateMs('ab', 'http:abc')).toBe(DEFAULT_RENDER_SECONDS.ab * 1000);
  });

  it('expect a banner that paints its key art first to take its video and the painting (AI生成主视觉)', async () => {
    const durations = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS);
    expect(durations.estimateMs('fsa', '9+http@127.0.0.1:1/v1/images')).toBe(9_000 + DEFAULT_RENDER_SECONDS.ab * 1000);
    expect(durations.estimateMs('fsa', '3+generative@2')).toBe(13_000 + 500);
    // Once measured, their own times.
    await rendered(durations, 'fsa', '9+dashscope@wanx', 20_000, 22_000, 21_000);
    expect(durations.estimateMs('fsa', '9+dashscope@wanx')).toBe(21_000);
  });
});

describe('render durations: measured here', () => {
  it('follow the median of the style\'s own renders; one odd render (a cold thread) moves nothing, two that agree do', async () => {
    const durations = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS);
    await rendered(durations, 'tl', '1', 1_800);
    expect(durations.estimateMs('tl', '1')).toBe(250);
    await rendered(durations, 'tl', '1', 300);
    expect(durations.estimateMs('tl', '1')).toBe(300);
    await rendered(durations, 'tl', '1', 320, 310);
    expect(durations.estimateMs('tl', '1')).toBe(315);
  });

  it('keep each style apart: a heavy style does not slow the estimate of a light one', async () => {
    const durations = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS);
    await rendered(durations, 'tl', '4', 410, 400, 420);
    await rendered(durations, 'tl', '8', 80, 85, 90);
    expect(durations.estimateMs('tl', '4')).toBe(410);
    expect(durations.estimateMs('tl', '8')).toBe(85);
    expect(durations.estimateMs('al', '4')).toBe(4_000);
  });

  it('follow the newest DURATION_HISTORY renders of a style only', async () => {
    const durations = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS);
    await rendered(durations, 'fsa', '1', ...Array<number>(DURATION_HISTORY).fill(30_000));
    expect(durations.estimateMs('fsa', '1')).toBe(30_000);
    // A faster renderer: once more than half the kept renders are new, the estimate follows.
    await rendered(durations, 'fsa', '1', ...Array<number>(DURATION_HISTORY / 2 + 1).fill(12_000));
    expect(durations.estimateMs('fsa', '1')).toBe(12_000);
  });

  it('scale the seeds of styles not rendered yet by how this machine compares with the measuring one', async () => {
    const durations = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS);
    // This server renders style 1 at twice its seed.
    await rendered(durations, 'tl', '1', 500);
    expect(durations.estimateMs('tl', '4')).toBe(400);
    await rendered(durations, 'tl', '1', 520);
    expect(durations.estimateMs('tl', '4')).toBe(800);
    expect(durations.estimateMs('tl', '7')).toBe(500);
    // Other kinds keep their own comparison.
    expect(durations.estimateMs('fsa', '1')).toBe(13_000);
  });

  it('do not scale a guess by measured renders, nor measured styles by a guess', async () => {
    const durations = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS);
    await rendered(durations, 'ab', 'http:abc', 8_000, 9_000);
    expect(durations.estimateMs('ab', 'http:abc')).toBe(9_000);
    expect(durations.estimateMs('ab', 'generative@2')).toBe(500);
    expect(durations.estimateMs('ab', 'http:other')).toBe(DEFAULT_RENDER_SECONDS.ab * 1000);
  });

  it('ignore a negative or impossible time', async () => {
    const durations = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS);
    await rendered(durations, 'tl', '1', -5, Number.NaN, -1, Number.NaN);
    expect(durations.estimateMs('tl', '1')).toBe(250);
  });
});

describe('render durations: kept in the database', () => {
  let dataDir: string;
  let database: DatabaseConnection;
  let db: Db;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-durations-test-'));
    const connection = connectSqlite(dataDir);
    database = connection;
    db = connection.sqlite;
  });

  afterEach(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('survive a restart, keeping the newest DURATION_HISTORY of each style', async () => {
    const before = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS, new DurationRepository(database.sql));
    await rendered(before, 'tl', '1', ...Array<number>(DURATION_HISTORY + 5).fill(600));
    await rendered(before, 'fsa', '2', 20_000, 21_000, 22_000);
    const rows = db.prepare('SELECT kind, style, COUNT(*) AS n FROM render_durations GROUP BY kind, style ORDER BY kind').all();
    expect(rows).toEqual([
      { kind: 'fsa', style: '2', n: 3 },
      { kind: 'tl', style: '1', n: DURATION_HISTORY },
    ]);
    const after = new RenderDurations(SEEDS, DEFAULT_RENDER_SECONDS, new DurationRepository(database.sql));
    await after.restore();
    expect(after.estimateMs('tl', '1')).toBe(600);
    expect(after.estimateMs('fsa', '2')).toBe(21_000);
    // The comparison with the seeds comes back too: this machine is slower at logos.
    expect(after.estimateMs('tl', '4')).toBe(960);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the middle two', async () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
