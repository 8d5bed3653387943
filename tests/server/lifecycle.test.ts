/**
 * Building the app opens what it needs and starts nothing: no timer, no queue, no render until it is
 * ready; closing it stops everything it started.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { TEST_SECRET } from './helpers';
import { FakeRunner } from './queue/kit';

describe('the app over its life', () => {
  let dataDir: string;
  const open = new Set<unknown>();

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-lifecycle-'));
    const setInterval = global.setInterval;
    const clearInterval = global.clearInterval;
    jest.spyOn(global, 'setInterval').mockImplementation(((...args: Parameters<typeof setInterval>) => {
      const timer = setInterval(...args);
      open.add(timer);
      return timer;
    }) as typeof setInterval);
    jest.spyOn(global, 'clearInterval').mockImplementation((timer?: Parameters<typeof clearInterval>[0]) => {
      open.delete(timer);
      clearInterval(timer);
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
    open.clear();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts no timer, no queue and no render when built, all of them when ready, and stops them on close', async () => {
    const runner = new FakeRunner('manual');
    let siteRenders = 0;
    const render = async (): Promise<never> => {
      siteRenders += 1;
      throw new Error('no site is rendered here');
    };
    // The gallery's pre-rendering on, as in production: once ready, its renders start.
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', JWT_SECRET: TEST_SECRET, CATALOG_PRERENDER: '1', CLIENT_DIR: path.join(dataDir, 'no-client-build') });
    const app = await buildApp(config, { logger: false, generation: { runner }, miniSite: { render }, builder: { render } });

    expect(open.size).toBe(0);
    expect(runner.renders).toHaveLength(0);
    // The queue has not started: it made no folder for its renders' half-written files yet.
    expect(fs.existsSync(path.join(dataDir, 'render-tmp'))).toBe(false);

    await app.ready();
    // The housekeeping timer and the queue's sweep.
    expect(open.size).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(path.join(dataDir, 'render-tmp'))).toBe(true);
    await runner.started(1);
    expect(runner.renders[0].spec.kind).toMatch(/^catalog-/);

    await app.close();
    expect(open.size).toBe(0);
    expect(runner.closed).toBe(true);
    expect(runner.renders.every((started) => started.signal.aborted)).toBe(true);
    expect(siteRenders).toBe(0);
  });
});
