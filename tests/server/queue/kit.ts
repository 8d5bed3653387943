/**
 * Test doubles and builders for the render queue: a renderer the test controls (it writes small
 * real files), an app on a data folder a test can reopen (restart), and a quick login.
 */
import { createCanvas } from '@napi-rs/canvas';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../../../src/server/config';
import { DATABASE_FILE } from '../../../src/server/db/database';
import type { RenderSeeds } from '../../../src/server/queue/renderDurations';
import type { BackgroundRenderHold } from '../../../src/server/queue/backgroundRenderHold';
import type { RenderRunner } from '../../../src/server/queue/jobRules';
import { JOB_FILES, paintsKeyArt, type RenderResult, type RenderSpec } from '../../../src/server/render/jobSpec';
import { GENERATIVE_PROVIDER_ID } from '../../../src/server/render/aiBanner/config';
import type { GenerationOverrides } from '../../../src/server/queue';
import { TEST_SECRET, buildTestApp, type TestApp, type TestClock } from '../helpers';
import { testToken } from '../testTokens';

const tinyPng = createCanvas(4, 3).encodeSync('png');
const tinyJpeg = createCanvas(4, 3).encodeSync('jpeg');
/** The first bytes of an MP4 (an ftyp box): enough for a file that is not a real video. */
const tinyMp4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

function bytesFor(file: string): Buffer {
  if (file.endsWith('.png')) return tinyPng;
  if (file.endsWith('.jpg')) return tinyJpeg;
  return tinyMp4;
}

/** Writes the files a real render of `spec` would write, as tiny stand-ins. */
export function writeFakeFiles(spec: RenderSpec, outDir: string): RenderResult {
  // A banner's painted key art is there only when its render painted one.
  const files = (Object.values(JOB_FILES[spec.kind]) as string[]).filter((file) => !(spec.kind === 'fsa' && file === JOB_FILES.fsa.keyArt && !paintsKeyArt(spec)));
  for (const file of files) fs.writeFileSync(path.join(outDir, file), bytesFor(file));
  return { files };
}

/** The extras rendered after a result (modules/generation/resultExtras.ts). */
const SIDE_KINDS = new Set<RenderSpec['kind']>(['brand-kit', 'banner-cuts', 'banner-webm']);

export interface FakeRender {
  spec: RenderSpec;
  outDir: string;
  signal: AbortSignal;
  /** A background render's hold, as the queue handed it over. */
  hold?: BackgroundRenderHold;
  /** Writes the files and resolves the render. */
  finish: () => void;
  fail: (error: Error) => void;
  /** Reports the share of the render done, as a renderer that draws frames does. */
  progress: (share: number) => void;
}

/**
 * A RenderRunner the test drives. In `auto` mode every render finishes at once; in `manual` mode
 * each waits for `finish()` or `fail()`. It stops at an abort unless `ignoreAbort` (a render that
 * hangs: the queue must give it up on its own).
 */
export class FakeRunner implements RenderRunner {
  readonly renders: FakeRender[] = [];
  mode: 'auto' | 'manual';
  ignoreAbort = false;
  /** Called as each render starts (e.g. to move the clock by a render time). */
  onStart: ((render: FakeRender) => void) | null = null;
  closed = false;
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  constructor(mode: 'auto' | 'manual' = 'auto') {
    this.mode = mode;
  }

  run(spec: RenderSpec, outDir: string, signal: AbortSignal, onProgress?: (share: number) => void, hold?: BackgroundRenderHold): Promise<RenderResult> {
    return new Promise<RenderResult>((resolve, reject) => {
      const render: FakeRender = {
        spec,
        outDir,
        signal,
        hold,
        // A render that finishes after the queue gave it up finds its folder gone: it writes nothing.
        finish: () => resolve(fs.existsSync(outDir) ? writeFakeFiles(spec, outDir) : { files: [] }),
        fail: (error) => reject(error),
        progress: (share) => onProgress?.(share),
      };
      if (!this.ignoreAbort) signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      this.renders.push(render);
      this.onStart?.(render);
      this.waiters = this.waiters.filter((waiter) => {
        if (this.renders.length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
      if (this.mode === 'auto') render.finish();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** Resolves once `count` renders have started. */
  started(count: number): Promise<void> {
    if (this.renders.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** The renders of users' jobs (not gallery pictures), in start order. */
  userRenders(): FakeRender[] {
    return this.renders.filter((render) => !render.spec.kind.startsWith('catalog-') && !SIDE_KINDS.has(render.spec.kind));
  }
}

export interface GenerationTestApp extends TestApp {
  runner: FakeRunner;
}

export interface GenerationAppOptions {
  runner?: FakeRunner;
  env?: Env;
  queue?: GenerationOverrides['queue'];
  /** Reopen an existing data folder (a restart); a fresh temp folder otherwise. */
  dataDir?: string;
  clock?: TestClock;
  /** Leave the folder in place on close, for a restart. */
  keepDataDir?: boolean;
  kitWaitMs?: number;
  galleryWaitMs?: number;
}

/**
 * Expected render times the tests count on, whatever `npm run measure-renders` last measured: a logo
 * well inside the create's quick wait, an animated logo and a banner far outside it.
 */
export const TEST_SEEDS: RenderSeeds = {
  tl: { all: 200, styles: { '4': 400 } },
  al: { all: 4_000, styles: {} },
  fsa: { all: 15_000, styles: {} },
  ab: { all: null, styles: { [GENERATIVE_PROVIDER_ID]: 500 } },
};

/** The app with a fake renderer, short time limits, TEST_SEEDS and a clock the test moves. */
export async function buildGenerationApp(options: GenerationAppOptions = {}): Promise<GenerationTestApp> {
  const { queue, runner = new FakeRunner(), env, dataDir, clock, keepDataDir, kitWaitMs, galleryWaitMs } = options;
  const testApp = await buildTestApp({ env, dataDir, clock, keepDataDir, generation: { runner, kitWaitMs, galleryWaitMs, queue: { abortGraceMs: 50, sweepIntervalMs: 60_000, seeds: TEST_SEEDS, ...queue } } });
  return { ...testApp, runner };
}

/** A user made directly in the database and a valid token for it: no captcha, SMS or argon2 needed. */
export function quickLogin(t: TestApp, phone = '13800138000'): { userId: number; headers: Record<string, string> } {
  const db = new Database(path.join(t.dataDir, DATABASE_FILE));
  try {
    const at = t.clock.now();
    const existing = db.prepare('SELECT id FROM users WHERE mobile = ?').get(phone) as { id: number } | undefined;
    const userId = existing?.id ?? Number(db.prepare('INSERT INTO users (name, mobile, created_at, updated_at) VALUES (?, ?, ?, ?)').run(phone, phone, at, at).lastInsertRowid);
    const token = testToken(TEST_SECRET, userId, 0, t.clock.now());
    return { userId, headers: { authorization: `Bearer ${token}` } };
  } finally {
    db.close();
  }
}

/** Lets pending promise callbacks (a finished fake render's bookkeeping) run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setImmediate(resolve));
}
