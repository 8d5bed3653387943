/**
 * The production renderer path: worker threads started with tsx's loader, running the real
 * renderers at their real sizes (a transparent logo takes well under a second).
 */
import Fastify from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type LogoCreateAnswer, type LogoPollingAnswer } from '../../../src/contract/generation';
import { BackgroundRenderHold } from '../../../src/server/queue/backgroundRenderHold';
import { WorkerPool } from '../../../src/server/queue/workerPool';
import { ffmpegChildren, processState } from '../render/processState';
import { waitUntil } from '../waitUntil';
import { buildTestApp, post, type TestApp } from '../helpers';
import { quickLogin } from './kit';

jest.setTimeout(60_000);

const log = Fastify({ logger: false }).log;
let outDir: string;
let pool: WorkerPool | null = null;

beforeEach(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-worker-test-'));
});

afterEach(async () => {
  await pool?.close();
  pool = null;
  fs.rmSync(outDir, { recursive: true, force: true });
});

/** PNG colour type 6 (RGBA) in the IHDR chunk: the logo has an alpha channel. */
/**
 * The one ffmpeg a test's render started: not among `before`, the children this process already
 * had (another test file in this jest worker may have left some).
 */
async function startedEncoder(before: number[]): Promise<number> {
  let started: number[] = [];
  await waitUntil(() => (started = ffmpegChildren().filter((pid) => !before.includes(pid))).length === 1);
  return started[0];
}

const isRgbaPng = (bytes: Buffer): boolean => bytes.subarray(1, 4).toString() === 'PNG' && bytes[25] === 6;

describe('WorkerPool', () => {
  it('renders a transparent logo in a worker thread, and reuses the thread', async () => {
    pool = new WorkerPool({ size: 1, log });
    const spec = { kind: 'tl' as const, logoStyle: 1, texts: DEFAULT_LOGO_TEXTS };
    expect(await pool.run(spec, outDir, new AbortController().signal)).toEqual({ files: ['logo.png'] });
    expect(isRgbaPng(fs.readFileSync(path.join(outDir, 'logo.png')))).toBe(true);
    expect(pool.threadCount).toBe(1);
    const again = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-worker-test-'));
    try {
      await pool.run({ ...spec, logoStyle: 2 }, again, new AbortController().signal);
      expect(pool.threadCount).toBe(1);
    } finally {
      fs.rmSync(again, { recursive: true, force: true });
    }
  });

  it('passes an animated logo\'s progress on frame by frame, at most once a percent, ending at 1', async () => {
    pool = new WorkerPool({ size: 1, log });
    const shares: number[] = [];
    const spec = { kind: 'al' as const, logoStyle: 8, texts: DEFAULT_LOGO_TEXTS };
    expect(await pool.run(spec, outDir, new AbortController().signal, (share) => shares.push(share))).toEqual({ files: ['logo.webp', 'logo-idle.webp', 'logo-still.png'] });
    expect(shares.length).toBeGreaterThan(10);
    expect(shares.every((share, i) => i === 0 || share - shares[i - 1] >= 0.01 || share === 1)).toBe(true);
    expect(shares.at(-1)).toBe(1);
  });

  it('starts its threads at once when told to warm up, and renders with them', async () => {
    pool = new WorkerPool({ size: 2, log });
    pool.warm();
    expect(pool.threadCount).toBe(2);
    await expect(pool.run({ kind: 'tl', logoStyle: 1, texts: DEFAULT_LOGO_TEXTS }, outDir, new AbortController().signal)).resolves.toEqual({ files: ['logo.png'] });
    expect(pool.threadCount).toBe(2);
  });

  it('renders the gallery pictures of a logo style at their sizes', async () => {
    pool = new WorkerPool({ size: 1, log });
    expect(await pool.run({ kind: 'catalog-logo', styleId: 12 }, outDir, new AbortController().signal)).toEqual({ files: ['thumbnail.jpg', 'preview1.jpg', 'preview.jpg'] });
    const thumbnail = fs.readFileSync(path.join(outDir, 'thumbnail.jpg'));
    expect(thumbnail.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('passes a render error back without losing the thread', async () => {
    pool = new WorkerPool({ size: 1, log });
    await expect(pool.run({ kind: 'tl', logoStyle: 999, texts: DEFAULT_LOGO_TEXTS }, outDir, new AbortController().signal)).rejects.toThrow();
    expect(pool.threadCount).toBe(1);
    await expect(pool.run({ kind: 'tl', logoStyle: 1, texts: DEFAULT_LOGO_TEXTS }, outDir, new AbortController().signal)).resolves.toEqual({ files: ['logo.png'] });
  });

  it('stops an animated logo when aborted', async () => {
    pool = new WorkerPool({ size: 1, log, abortGraceMs: 10_000 });
    const controller = new AbortController();
    const render = pool.run({ kind: 'al', logoStyle: 1, texts: DEFAULT_LOGO_TEXTS }, outDir, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 100);
    await expect(render).rejects.toThrow();
    expect(fs.existsSync(path.join(outDir, 'logo.png'))).toBe(false);
    // Whatever the aborted render leaves behind, the thread stays and takes the next render.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pool.threadCount).toBe(1);
    await expect(pool.run({ kind: 'tl', logoStyle: 1, texts: DEFAULT_LOGO_TEXTS }, outDir, new AbortController().signal)).resolves.toEqual({ files: ['logo.png'] });
  });

  it('holds a banner render still until it is released, then finishes it whole', async () => {
    pool = new WorkerPool({ size: 1, log });
    const hold = new BackgroundRenderHold();
    const before = ffmpegChildren();
    const render = pool.run({ kind: 'catalog-banner', styleId: 1 }, outDir, new AbortController().signal, undefined, hold);
    const encoder = await startedEncoder(before);
    hold.set(true);
    await waitUntil(() => processState(encoder) === 'T');
    let ended = false;
    void render.then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Longer than the whole render takes unheld: it stood still.
    expect(ended).toBe(false);
    expect(processState(encoder)).toBe('T');
    hold.set(false);
    await expect(render).resolves.toEqual({ files: ['thumbnail.jpg', 'preview.mp4', 'poster.jpg'] });
    expect(fs.readFileSync(path.join(outDir, 'preview.mp4')).subarray(4, 8).toString()).toBe('ftyp');
  });

  it('starts nothing of a render handed over held until it is released', async () => {
    pool = new WorkerPool({ size: 1, log });
    const hold = new BackgroundRenderHold(true);
    const shares: number[] = [];
    const before = ffmpegChildren();
    const render = pool.run({ kind: 'fsa', logoStyle: 8, bannerStyle: 10, texts: DEFAULT_LOGO_TEXTS, bannerTexts: DEFAULT_BANNER_TEXTS }, outDir, new AbortController().signal, (share) => shares.push(share), hold);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Not even its logo: the folder is as it was given.
    expect(fs.readdirSync(outDir)).toEqual([]);
    expect(ffmpegChildren().filter((pid) => !before.includes(pid))).toEqual([]);
    expect(shares).toEqual([]);
    hold.set(false);
    await expect(render).resolves.toEqual({ files: ['logo.png', 'banner.mp4', 'banner-poster.jpg'] });
    expect(shares.at(-1)).toBe(1);
  });

  it('stops a render waiting held to start when it is aborted (preempted)', async () => {
    pool = new WorkerPool({ size: 1, log, abortGraceMs: 10_000 });
    const controller = new AbortController();
    const render = pool.run({ kind: 'catalog-banner', styleId: 5 }, outDir, controller.signal, undefined, new BackgroundRenderHold(true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort(new Error('preempted'));
    await expect(render).rejects.toThrow();
    expect(fs.readdirSync(outDir)).toEqual([]);
    expect(pool.threadCount).toBe(1);
  });

  it('stops a held render when it is aborted, and keeps the thread', async () => {
    pool = new WorkerPool({ size: 1, log, abortGraceMs: 10_000 });
    const hold = new BackgroundRenderHold();
    const controller = new AbortController();
    const before = ffmpegChildren();
    const render = pool.run({ kind: 'catalog-banner', styleId: 4 }, outDir, controller.signal, undefined, hold);
    const encoder = await startedEncoder(before);
    hold.set(true);
    await waitUntil(() => processState(encoder) === 'T');
    controller.abort(new Error('preempted'));
    await expect(render).rejects.toThrow();
    await waitUntil(() => processState(encoder) === null);
    expect(pool.threadCount).toBe(1);
    // The thread's next render is not held.
    await expect(pool.run({ kind: 'catalog-banner', styleId: 4 }, outDir, new AbortController().signal)).resolves.toHaveProperty('files');
  });

  it('kills the encoders a held render stopped when its thread is terminated', async () => {
    pool = new WorkerPool({ size: 1, log });
    const hold = new BackgroundRenderHold();
    const before = ffmpegChildren();
    const render = pool.run({ kind: 'catalog-banner', styleId: 2 }, outDir, new AbortController().signal, undefined, hold);
    const ended = render.catch((error: unknown) => error);
    const encoder = await startedEncoder(before);
    hold.set(true);
    await waitUntil(() => processState(encoder) === 'T');
    // Nothing would continue it once its thread is gone: stopped for good, were it not killed.
    await pool.close();
    pool = null;
    await expect(ended).resolves.toThrow('The worker pool is closed');
    await waitUntil(() => processState(encoder) === null || processState(encoder) === 'Z');
  });

  it('terminates a thread that does not stop after an abort', async () => {
    pool = new WorkerPool({ size: 1, log, abortGraceMs: 50, workerFile: path.join(__dirname, 'hangingWorker.ts') });
    const controller = new AbortController();
    const render = pool.run({ kind: 'tl', logoStyle: 1, texts: DEFAULT_LOGO_TEXTS }, outDir, controller.signal);
    controller.abort(new Error('timed out'));
    await expect(render).rejects.toThrow('timed out');
    expect(pool.threadCount).toBe(0);
  });
});

describe('the app with its real renderer', () => {
  let t: TestApp;

  afterEach(async () => {
    await t.close();
  });

  it('renders a transparent logo end to end through the queue and a worker thread', async () => {
    t = await buildTestApp();
    const headers = quickLogin(t).headers;
    const created = await post<LogoCreateAnswer>(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logobg: 5, module: 'tl', isFirst: true }, headers);
    expect(created.code).toBe(200);
    let answer: LogoPollingAnswer;
    const until = Date.now() + 30_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = (await post<LogoPollingAnswer>(t, '/index/common/logoPolling', { uniqueId: created.data.uniqueId }, headers)).data;
    } while (!answer.isCreate && !answer.expired && Date.now() < until);
    expect(answer).toMatchObject({ isCreate: true, expired: false });
    const file = await t.app.inject({ method: 'GET', url: answer.logoUrl });
    expect(file.statusCode).toBe(200);
    expect(isRgbaPng(file.rawPayload)).toBe(true);
  });
});
